package transit.server;

import java.nio.file.Path;
import java.time.Clock;
import transit.FeedException;
import transit.FeedSnapshot;
import transit.api.ResponseBudget;
import transit.api.ResponseCache;
import transit.api.TransitApi;

/**
 * What every server does before it listens: read the options, find the feed, load it completely, print
 * one summary line, and watch the feed for a new version (FeedReloader). A server binds its port only after
 * this returns, so it never serves half-loaded data.
 */
public final class ServerStartup {
  private ServerStartup() {}

  /**
   * A server's main: options, feed, then the framework's server; prints the URL once it answers. On --help, a
   * wrong option, a bad feed or a port in use it prints why and exits (0, 2, 1, 1).
   */
  public static RunningServer run(String server, String[] args, Framework framework) {
    Started started = start(server, args);
    try {
      RunningServer running = framework.start(started.api(), started.options().settings());
      started.printListening(server, running.port());
      return running;
    } catch (Exception e) {
      System.exit(started.cannotListen(server, e));
      return null;
    }
  }

  /** Options and the loaded feed; on --help, a wrong option or a bad feed this prints why and exits. */
  public static Started start(String server, String[] args) { return start(server, args, Clock.systemDefaultZone()); }

  /** The same, with "today" and "now" read from clock (a fixed one where a suite starts the server on a JVM of its own). */
  public static Started start(String server, String[] args, Clock clock) {
    Prepared prepared = prepare(server, args, clock);
    if (prepared instanceof Exit exit) System.exit(exit.code());
    return (Started) prepared;
  }

  /**
   * What {@link #start} does, without exiting: the options and the loaded feed, or the exit code once it has
   * printed why not (0 after --help, 2 for a wrong option, 1 for a bad feed). For a main that returns its exit
   * code, as a cats-effect IOApp does.
   */
  public static Prepared prepare(String server, String[] args) { return prepare(server, args, Clock.systemDefaultZone()); }

  private static Prepared prepare(String server, String[] args, Clock clock) {
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
      Path feed = ServedFeed.resolve(options.gtfs());
      FeedReloader.Signature signature = FeedReloader.Signature.of(feed); // before loading: a change meanwhile is seen
      TransitApi api = load(feed, options, clock);
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
      String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
      boolean everywhere = options.host().equals("0.0.0.0") || options.host().equals("::");
      System.out.println(server + " listening on http://" + host + ":" + port + "/" + (options.mode() == Mode.IDIOMATIC ? "" : " (" + options.mode().label + ")")
          + (everywhere ? " on every interface" : ""));
    }

    /** Prints why the server could not listen (a port in use, an unknown host); returns the exit code, 1. */
    public int cannotListen(String server, Throwable e) {
      System.err.println(server + ": cannot listen on " + options.host() + ":" + options.port() + ": " + e);
      return 1;
    }
  }

  /**
   * Loads the feed (from its snapshot when there is a valid one), prints the summary line (with --verbose, the
   * steps too) and serves it through the API (with a response cache when --cache is on).
   */
  public static TransitApi load(Path path, ServerOptions options) { return load(path, options, Clock.systemDefaultZone()); }

  private static TransitApi load(Path path, ServerOptions options, Clock clock) {
    System.out.println("Loading GTFS feed " + path + " ...");
    long before = ServedFeed.usedHeapAfterGc();
    FeedSnapshot.Loaded loaded = ServedFeed.load(path, options);
    long retained = Math.max(0, ServedFeed.usedHeapAfterGc() - before);
    System.out.println(ServedFeed.summaryLine(loaded, "heap retained " + String.format("%,d", retained >> 20) + " MB"));
    if (options.verbose()) System.out.print(ServedFeed.steps(loaded.feed()));
    boolean besideTheFeed = options.cacheBudgetBytes() == ServerOptions.BESIDE_THE_FEED;
    long cacheBudget = besideTheFeed ? ResponseCache.defaultBudget(Runtime.getRuntime().maxMemory(), retained) : options.cacheBudgetBytes();
    if (cacheBudget > 0)
      System.out.printf("Response cache on: up to %,d MB of encoded /schedules responses%s%n", cacheBudget >> 20,
          besideTheFeed ? " (a quarter of what the heap leaves beside the feed; --cache-budget)" : "");
    ResponseBudget budget = options.answerMemoryBytes() == ServerOptions.OFF ? ResponseBudget.unlimited()
        : new ResponseBudget(Runtime.getRuntime().maxMemory(), ResponseBudget.WAIT, options.answerMemoryBytes());
    TransitApi api = new TransitApi(loaded.feed(), retained, ServedFeed.origin(loaded), clock, cacheBudget, budget);
    TransitApi.ResponseSizes sizes = api.sizes();
    if (!options.limits()) System.out.println("Limits off: no limit against slow or hostile clients but the framework's own, and answers "
        + "being built may hold any part of the heap (--limits off)");
    else if (budget.unlimitedBudget()) System.out.println("Answers being built may hold any part of the heap (--answer-memory off)");
    else System.out.printf("Answers being built may hold %,d MB of the heap: %d of the largest (/schedules/%s, %.1f MB) at once, idiomatic%n",
        budget.totalBytes() >> 20, budget.totalBytes() / Math.max(1, SchedulesAnswer.MODEL_FACTOR * sizes.largestBytes()),
        sizes.largestRouteId(), sizes.largestBytes() / 1e6);
    return api;
  }
}
