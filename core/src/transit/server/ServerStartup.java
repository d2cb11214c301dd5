package transit.server;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.stream.Collectors;
import transit.Feed;
import transit.FeedException;
import transit.FeedSnapshot;
import transit.api.TransitApi;
import transit.synth.SyntheticFeed;

/**
 * What every server does before it listens: read the options, find the feed, load it completely, print
 * one summary line, and watch the feed for a new version (FeedReloader). A server binds its port only after
 * this returns, so it never serves half-loaded data.
 */
public final class ServerStartup {
  private ServerStartup() {}

  /**
   * A server's main: options, feed, then the framework's factory; prints the URL once it answers. On --help,
   * a wrong option, a bad feed or a port in use it prints why and exits (0, 2, 1, 1).
   */
  public static RunningServer run(String server, String[] args, ServerFactory factory) {
    Started started = start(server, args);
    ServerOptions options = started.options();
    try {
      RunningServer running = factory.start(started.api(), options.host(), options.port(), options.mode(), options.idleTimeout());
      started.printListening(server, running.port());
      return running;
    } catch (Exception e) {
      System.exit(started.cannotListen(server, e));
      return null;
    }
  }

  /** Options and the loaded feed; on --help, a wrong option or a bad feed this prints why and exits. */
  public static Started start(String server, String[] args) {
    Prepared prepared = prepare(server, args);
    if (prepared instanceof Exit exit) System.exit(exit.code());
    return (Started) prepared;
  }

  /**
   * What {@link #start} does, without exiting: the options and the loaded feed, or the exit code once it has
   * printed why not (0 after --help, 2 for a wrong option, 1 for a bad feed). For a main that returns its exit
   * code, as a cats-effect IOApp does.
   */
  public static Prepared prepare(String server, String[] args) {
    ServerOptions options;
    try {
      options = ServerOptions.parse(args, System.getenv());
    } catch (transit.cli.Cli.UsageException e) {
      System.err.println(server + ": " + e.getMessage() + " (see --help)");
      return new Exit(2);
    }
    if (options.help()) {
      System.out.println(ServerOptions.usage(server));
      return new Exit(0);
    }
    try {
      Path feed = resolveFeed(options.gtfs());
      FeedReloader.Signature signature = FeedReloader.Signature.of(feed); // before loading: a change meanwhile is seen
      TransitApi api = load(feed, options);
      FeedReloader.start(server, feed, signature, api, options);
      return new Started(options, api);
    } catch (FeedException e) {
      System.err.println(server + ": cannot load the feed: " + e.getMessage());
      return new Exit(1);
    }
  }

  /** A server ready to listen, or the code it exits with. */
  public sealed interface Prepared permits Started, Exit {}

  /** Nothing to serve: the process ends with this code (the reason is printed). */
  public record Exit(int code) implements Prepared {}

  public record Started(ServerOptions options, TransitApi api) implements Prepared {
    /** The line a server prints once it answers. */
    public void printListening(String server, int port) {
      String host = options.host().equals("0.0.0.0") ? "localhost" : options.host();
      System.out.println(server + " listening on http://" + host + ":" + port + "/" + (options.tuned() ? " (tuned)" : ""));
    }

    /** Prints why the server could not listen (a port in use, an unknown host); returns the exit code, 1. */
    public int cannotListen(String server, Throwable e) {
      System.err.println(server + ": cannot listen on " + options.host() + ":" + options.port() + ": " + e);
      return 1;
    }
  }

  /** --gtfs if given; else MBTA_GTFS/ or MBTA_GTFS.zip in the repository root; else the generated feed. */
  public static Path resolveFeed(Path gtfs) {
    if (gtfs != null) return gtfs;
    Path root = repositoryRoot();
    for (String name : new String[] {"MBTA_GTFS", "MBTA_GTFS.zip"}) {
      Path candidate = root.resolve(name);
      if (Files.exists(candidate)) return candidate;
    }
    System.out.println("No --gtfs given and no MBTA_GTFS/ or MBTA_GTFS.zip in " + root
        + ": serving a generated MBTA-shaped feed. For the real MBTA feed, see the README (Data).");
    return generatedFeed(SyntheticFeed.DEFAULT_SEED, 1);
  }

  /**
   * The generated feed for a seed and scale, written once to the temp directory and reused: it is
   * deterministic. The name carries a checksum of the generator's bytecode, so a changed generator never
   * reuses an old file.
   */
  public static Path generatedFeed(long seed, int scale) {
    Path zip = Path.of(System.getProperty("java.io.tmpdir"),
        "transit-generated-" + seed + "-x" + scale + "-" + generatorChecksum() + ".zip");
    if (Files.exists(zip)) return zip;
    try {
      Path partial = Files.createTempFile(zip.getParent(), "transit-generated-", ".partial");
      SyntheticFeed.write(partial, seed, scale);
      Files.move(partial, zip, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return zip;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the generated feed to " + zip, e);
    }
  }

  private static String generatorChecksum() {
    try (var in = SyntheticFeed.class.getResourceAsStream("SyntheticFeed.class")) {
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(in.readAllBytes());
      return Long.toHexString(crc.getValue());
    } catch (IOException | NullPointerException e) {
      return "unversioned";
    }
  }

  /** Mill runs servers from the workspace root and says where it is; elsewhere, the working directory. */
  static Path repositoryRoot() {
    String mill = System.getenv("MILL_WORKSPACE_ROOT");
    return Path.of(mill != null && !mill.isBlank() ? mill : "").toAbsolutePath();
  }

  /**
   * Loads the feed (from its snapshot when there is a valid one), prints the summary line (with --verbose, the
   * steps too) and serves it through the API (with a response cache when --cache is on).
   */
  public static TransitApi load(Path path, ServerOptions options) {
    System.out.println("Loading GTFS feed " + path + " ...");
    long before = usedHeapAfterGc();
    FeedSnapshot.Loaded loaded = loadFeed(path, options);
    long retained = Math.max(0, usedHeapAfterGc() - before);
    System.out.println(summaryLine(loaded, "heap retained " + String.format("%,d", retained >> 20) + " MB"));
    if (options.verbose()) System.out.print(steps(loaded.feed()));
    if (options.cacheBudgetBytes() > 0)
      System.out.printf("Response cache on: up to %,d MB of encoded /schedules responses%n", options.cacheBudgetBytes() >> 20);
    return new TransitApi(loaded.feed(), retained, origin(loaded), Clock.systemDefaultZone(), options.cacheBudgetBytes());
  }

  /** "csv" or "snapshot", as /health says it. */
  static String origin(FeedSnapshot.Loaded loaded) { return loaded.origin().name().toLowerCase(java.util.Locale.ROOT); }

  /**
   * The feed at path: from its snapshot when snapshots are on and a valid one exists, else from the CSV, its
   * snapshot then written on a background thread (serving does not wait for it).
   */
  static FeedSnapshot.Loaded loadFeed(Path path, ServerOptions options) {
    if (options.snapshotDir() == null) {
      Feed feed = Feed.load(path);
      return new FeedSnapshot.Loaded(feed, FeedSnapshot.Origin.CSV, null, "snapshots off", feed.loadMillis);
    }
    FeedSnapshot.Loaded loaded = FeedSnapshot.load(path, options.snapshotDir());
    if (loaded.origin() == FeedSnapshot.Origin.CSV) {
      Thread writer = new Thread(() -> {
        long started = System.nanoTime();
        try {
          Path file = FeedSnapshot.write(loaded.feed(), path, options.snapshotDir(), loaded.csvMillis());
          if (options.verbose()) System.out.printf("Snapshot written to %s in %,d ms%n", file, (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | RuntimeException e) {
          System.err.println("Cannot write the feed's snapshot to " + options.snapshotDir() + ": " + e);
        }
      }, "feed-snapshot-writer");
      writer.setDaemon(true);
      writer.start();
    }
    return loaded;
  }

  /** "Loaded SOURCE from the CSV (why): agency.txt 1, … rows in N ms; heap …", or "… from snapshot FILE …". */
  public static String summaryLine(FeedSnapshot.Loaded loaded, String heap) {
    Feed feed = loaded.feed();
    String rows = feed.rowsPerFile.entrySet().stream()
        .map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
        .collect(Collectors.joining(", "));
    return String.format("Loaded %s %s: %s rows in %,d ms; %s", feed.source, loaded.how(), rows, feed.loadMillis, heap);
  }

  /** --verbose: each step of the load with its rows, wall and CPU milliseconds and thread. */
  public static String steps(Feed feed) {
    StringBuilder out = new StringBuilder(String.format("  %-48s %11s %8s %8s  %s%n", "step", "rows", "ms", "cpu ms", "thread"));
    for (Feed.Step step : feed.steps)
      out.append(String.format("  %-48s %,11d %,8d %,8d  %s%n", step.name(), step.rows(), step.millis(), step.cpuMillis(), step.thread()));
    return out.toString();
  }

  /**
   * Heap in use after a full collection: the difference around a load is what the feed retains. The collections
   * leave the heap's size alone: a full GC would shrink it to what is in use (10 MB before a load), and the load
   * that follows would pay for growing it back (a Brooklyn snapshot read on one core: 152 ms, 111 ms without;
   * a CSV load the same within its noise: fewer collections, but more never-touched heap pages to fault in).
   */
  public static long usedHeapAfterGc() {
    String maxFree = setHotSpotOption("MaxHeapFreeRatio", "100");
    try {
      for (int i = 0; i < 2; i++) System.gc();
      return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    } finally {
      if (maxFree != null) setHotSpotOption("MaxHeapFreeRatio", maxFree);
    }
  }

  /** Sets a manageable HotSpot option, returning its previous value; null (and nothing set) on another JVM. */
  private static String setHotSpotOption(String name, String value) {
    HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    if (hotSpot == null) return null;
    try {
      String previous = hotSpot.getVMOption(name).getValue();
      hotSpot.setVMOption(name, value);
      return previous;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

}
