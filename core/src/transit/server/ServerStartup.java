package transit.server;

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
import transit.api.TransitApi;
import transit.synth.SyntheticFeed;

/**
 * What every server does before it listens: read the options, find the feed, load it completely, print
 * one summary line. A server binds its port only after this returns, so it never serves half-loaded data.
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
      RunningServer running = factory.start(started.api(), options.host(), options.port(), options.mode());
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
      return new Started(options, load(resolveFeed(options.gtfs()), options.cacheBudgetBytes()));
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

  /** Loads the feed, prints the summary line and wraps it in the API (with a response cache when the budget is > 0). */
  public static TransitApi load(Path path, long cacheBudgetBytes) {
    System.out.println("Loading GTFS feed " + path + " ...");
    long before = usedHeapAfterGc();
    Feed feed = Feed.load(path);
    long retained = Math.max(0, usedHeapAfterGc() - before);
    System.out.println(summaryLine(feed, retained));
    if (cacheBudgetBytes > 0) System.out.printf("Response cache on: up to %,d MB of encoded /schedules responses%n", cacheBudgetBytes >> 20);
    return new TransitApi(feed, retained, Clock.systemDefaultZone(), cacheBudgetBytes);
  }

  public static String summaryLine(Feed feed, long retainedBytes) {
    String rows = feed.rowsPerFile.entrySet().stream()
        .map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
        .collect(Collectors.joining(", "));
    return String.format("Loaded %s: %s rows in %,d ms; heap retained %,d MB", feed.source, rows, feed.loadMillis,
        retainedBytes / (1024 * 1024));
  }

  /** Heap in use after a full collection: the difference around a load is what the feed retains. */
  public static long usedHeapAfterGc() {
    for (int i = 0; i < 2; i++) System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

}
