package transit.server;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import transit.FeedSnapshot;
import transit.api.TransitApi;

/**
 * Replaces the served feed with a new version of it, without a restart: when the file or directory given to
 * --gtfs changes (checked every --watch interval), or at once on SIGHUP. The new feed is loaded on this class's
 * thread while requests go on being answered from the old one, then swapped in by {@link TransitApi#replace}.
 * A feed that fails to load leaves the old one serving; the error goes to stderr and to /health.
 *
 * <p>Polling, not a WatchService: the usual way to publish a feed is to move a new file over the old one, and
 * a file's identity (inode), size and modification time show that however it happened, also across a symlink
 * swap or on file systems inotify does not see. A change is acted on once two checks in a row agree, so a
 * feed still being copied in place is not read half-written.
 */
public final class FeedReloader implements AutoCloseable {
  private final String server;
  private final Path path;
  private final TransitApi api;
  private final ServerOptions options;
  private final PrintStream out, err;
  private final ScheduledExecutorService thread;
  private final AtomicBoolean queued = new AtomicBoolean();
  private volatile Signature served;
  private Signature lastSeen;

  FeedReloader(String server, Path path, Signature served, TransitApi api, ServerOptions options, PrintStream out, PrintStream err) {
    this.server = server;
    this.path = path;
    this.served = this.lastSeen = served;
    this.api = api;
    this.options = options;
    this.out = out;
    this.err = err;
    this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "feed-reloader");
      t.setDaemon(true);
      return t;
    });
  }

  /** Watches path (unless --watch is off) and reloads on SIGHUP, printing to stdout and stderr. */
  public static FeedReloader start(String server, Path path, Signature served, TransitApi api, ServerOptions options) {
    FeedReloader reloader = new FeedReloader(server, path, served, api, options, System.out, System.err);
    reloader.watch();
    if (!onSighup(() -> reloader.requestReload("SIGHUP")))
      System.err.println(server + ": SIGHUP is not available on this JVM, or this process was started with it ignored (under nohup, "
          + "or by a parent so started); the feed is reloaded when it changes on disk");
    return reloader;
  }

  void watch() {
    long every = options.watchInterval().toMillis();
    if (every > 0) thread.scheduleWithFixedDelay(this::poll, every, every, TimeUnit.MILLISECONDS);
  }

  /**
   * sun.misc.Signal where the JVM has it (it replaces the JVM's own SIGHUP handler, which would exit). False where it
   * has not, and where the process started with SIGHUP ignored: the JVM then leaves it ignored and answers SIG_IGN.
   */
  static boolean onSighup(Runnable action) {
    try {
      return sun.misc.Signal.handle(new sun.misc.Signal("HUP"), signal -> action.run()) != sun.misc.SignalHandler.SIG_IGN;
    } catch (IllegalArgumentException | LinkageError | SecurityException e) {
      return false;
    }
  }

  private void poll() {
    try {
      Signature now = Signature.of(path);
      boolean settled = now.equals(lastSeen);
      lastSeen = now;
      if (settled && !now.equals(served)) reload("the feed changed on disk");
    } catch (RuntimeException e) { // a task that throws is never run again: the watch must go on
      err.println(server + ": cannot check " + path + " for a new feed: " + e);
    }
  }

  /** Queues a reload on this class's thread; one already queued (not yet started) covers this one too. */
  public void requestReload(String why) {
    if (queued.compareAndSet(false, true)) {
      thread.execute(() -> {
        queued.set(false);
        reload(why);
      });
    }
  }

  /**
   * Loads the feed at path and swaps it in; on failure keeps the one in service and records why. Returns
   * whether the feed was replaced. Runs on this class's thread (tests call it directly).
   */
  synchronized boolean reload(String why) {
    Signature before = Signature.of(path);
    try {
      FeedSnapshot.Loaded loaded = ServedFeed.load(path, options);
      long heap = loaded.feed().estimatedHeapBytes();
      api.replace(loaded.feed(), heap, ServedFeed.origin(loaded));
      served = before;
      out.println(server + ": reloaded after " + why + ". "
          + ServedFeed.summaryLine(loaded, "heap retained ~" + String.format("%,d", heap >> 20) + " MB (estimated)"));
      if (options.verbose()) out.print(ServedFeed.steps(loaded.feed()));
      return true;
    } catch (Exception | OutOfMemoryError e) {
      served = before; // not retried until it changes again
      String error = e instanceof transit.FeedException ? e.getMessage() : e.toString();
      api.reloadFailed(e instanceof transit.FeedException ? error : "an unexpected " + e.getClass().getSimpleName()); // its text is the operator's
      err.println(server + ": reload after " + why + " failed; still serving the feed loaded at " + api.health().loadedAt() + ": " + error);
      return false;
    }
  }

  @Override
  public void close() { thread.shutdownNow(); }

  /**
   * What a feed's files look like from outside: for each file (the zip, or the directory's GTFS files) its
   * identity, size and modification time. Equal signatures: nothing was replaced.
   */
  public record Signature(List<String> files) {
    public static Signature of(Path path) {
      List<String> files = new ArrayList<>();
      if (Files.isDirectory(path)) {
        add(files, path);
        try (var entries = Files.list(path)) {
          entries.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().forEach(p -> add(files, p));
        } catch (IOException e) {
          files.add("unlistable: " + e.getMessage());
        }
      } else {
        add(files, path);
      }
      return new Signature(files);
    }

    private static void add(List<String> files, Path p) {
      try {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        files.add(p.getFileName() + " " + a.fileKey() + " " + (a.isDirectory() ? "" : a.size() + " " + a.lastModifiedTime().toMillis()));
      } catch (IOException e) {
        files.add(p.getFileName() + " missing");
      }
    }
  }
}
