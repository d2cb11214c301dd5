package transit.conformance;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What a server in this JVM printed while clients did something to it: a hostile or departing client is no news. */
final class Printed {
  private Printed() {}

  /** Work that may throw. */
  interface Work {
    void run() throws Exception;
  }

  /**
   * The first 10 lines printed to stdout and stderr while work ran (also printed as usual). Left out, as the runtime's
   * notes of a busy 2-core machine rather than a client's doing: cats-effect's warning that its threads wait for a core,
   * and Vert.x's that an event loop took over 2 s of wall-clock time on one task (dozens of servers share the two cores
   * here, some in JVMs of their own); one blocked past 5 s comes with its stack, which is kept.
   */
  static String during(Work work) throws Exception {
    PrintStream out = System.out, err = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(new Tee(printed, out), true));
      System.setErr(new PrintStream(new Tee(printed, err), true));
      work.run();
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return printed.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.contains("Your app's responsiveness"))
        .filter(l -> !(l.contains("BlockedThreadChecker") && l.contains(" has been blocked for ")))
        .limit(10).map(l -> l + "\n").reduce("", String::concat);
  }

  /** Copies what is written to a buffer, and on to where it was going. */
  private static final class Tee extends java.io.OutputStream {
    private final ByteArrayOutputStream copy;
    private final PrintStream next;

    Tee(ByteArrayOutputStream copy, PrintStream next) {
      this.copy = copy;
      this.next = next;
    }

    @Override
    public synchronized void write(int b) {
      copy.write(b);
      next.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      copy.write(b, off, len);
      next.write(b, off, len);
    }
  }
}
