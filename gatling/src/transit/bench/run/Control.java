package transit.bench.run;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * What the harness decides of a Gatling run's slices while it goes: whether each is run or skipped, and how many
 * requests each of its users makes where that is sized once the run has measured the servers' rates; a slice not yet
 * decided waits for it. The harness writes it whole (a move) into a file beside the plan; the simulation reads it in
 * its own JVM, again whenever a slice waits. So one Gatling JVM runs a comparison's warm-up and as many rounds as the
 * harness asks for, warm, with no start between them.
 */
public final class Control {
  static final String FILE = "control.properties";
  private static final String DECIDED = "decided", SKIP = "skip";

  private final Path file;
  private final Properties decisions = new Properties();
  private int decided;

  /** The harness's side, writing into dir; nothing decided yet. */
  Control(Path dir) {
    this.file = dir.resolve(FILE);
    publish();
  }

  /** The next slice runs, each user making requests (0: its step's own work). */
  public synchronized void go(int requests) {
    if (requests > 0) decisions.setProperty("slice." + decided, String.valueOf(requests));
    decided++;
  }

  /** The next slice is skipped: its users end at once. */
  public synchronized void skip() {
    decisions.setProperty("slice." + decided, SKIP);
    decided++;
  }

  /** The requests each user of a decided slice was given (0: its step's own work, or skipped). */
  public synchronized int requests(int slice) {
    String value = decisions.getProperty("slice." + slice);
    return value == null || value.equals(SKIP) ? 0 : Integer.parseInt(value);
  }

  /** How many slices are decided, in order. */
  public synchronized int decided() { return decided; }

  /** Hands the decisions so far to the simulation. */
  public synchronized void publish() {
    decisions.setProperty(DECIDED, String.valueOf(decided));
    Path written = file.resolveSibling(FILE + ".part");
    try (Writer out = Files.newBufferedWriter(written)) {
      decisions.store(out, "what the harness has decided of this run's slices");
      out.close();
      Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot hand the slices' decisions to Gatling: " + file, e);
    }
  }

  /** The simulation's side: the decisions as last read, read again at most every few ms while a slice waits for one. */
  static final class Reading {
    private static final long READ_MILLIS = 10;
    private final Path file;
    private volatile Properties last = new Properties();
    private volatile int decided;
    private volatile long readAt;

    Reading(Path dir) { this.file = dir.resolve(FILE); }

    /** Whether the harness has decided this slice: else its users wait. */
    boolean decided(int slice) {
      if (slice < decided) return true;
      read();
      return slice < decided;
    }

    boolean skipped(int slice) { return SKIP.equals(last.getProperty("slice." + slice)); }

    /** The requests each user of the slice makes, as decided; 0: its step's own work. */
    int requests(int slice) {
      String value = last.getProperty("slice." + slice);
      return value == null || value.equals(SKIP) ? 0 : Integer.parseInt(value);
    }

    private synchronized void read() {
      long now = System.currentTimeMillis();
      if (now - readAt < READ_MILLIS) return;
      readAt = now;
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file)) {
        p.load(in);
      } catch (NoSuchFileException e) {
        return; // not written yet
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      last = p;
      decided = Integer.parseInt(p.getProperty(DECIDED, "0"));
    }
  }
}
