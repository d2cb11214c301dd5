package transit.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import transit.cli.Cli;

/**
 * The options every server takes, each also an environment variable: --port (PORT, default 4000, the
 * reference load tests' port), --host (HOST, default 127.0.0.1:
 * loopback only, so that a server started on a laptop answers no one else on its network), --gtfs (GTFS, a feed directory or zip),
 * --cache (CACHE=true), --cache-budget (CACHE_BUDGET), --tuned (TUNED=true), --verbose (VERBOSE=true),
 * --snapshot (SNAPSHOT), --watch (WATCH), --idle-timeout (IDLE_TIMEOUT), --answer-memory (ANSWER_MEMORY) and --limits
 * (LIMITS). A flag wins over its variable. snapshotDir is null with snapshots off, watchInterval zero with watching
 * off; with --limits off, idleTimeout is null (the framework's own) and answerMemoryBytes {@link #OFF}.
 */
public record ServerOptions(String host, int port, Path gtfs, long cacheBudgetBytes, long answerMemoryBytes, boolean tuned, boolean verbose,
    Path snapshotDir, Duration watchInterval, Duration idleTimeout, boolean limits, boolean help) {
  public static final int DEFAULT_PORT = 4000;
  public static final String DEFAULT_HOST = "127.0.0.1";
  /** --cache-budget's default: a share of what the heap leaves beside the feed (ResponseCache#defaultBudget), sized at load. */
  public static final long BESIDE_THE_FEED = Long.MAX_VALUE;
  /** --answer-memory's values besides a size: half of what the heap leaves beside the feed, and no limit. */
  public static final long AUTO = 0, OFF = -1;

  public static final Duration DEFAULT_WATCH_INTERVAL = Duration.ofSeconds(1);

  private static final Map<String, String> VARIABLES = Map.ofEntries(Map.entry("--port", "PORT"), Map.entry("--host", "HOST"),
      Map.entry("--gtfs", "GTFS"), Map.entry("--cache", "CACHE"), Map.entry("--cache-budget", "CACHE_BUDGET"),
      Map.entry("--answer-memory", "ANSWER_MEMORY"), Map.entry("--tuned", "TUNED"), Map.entry("--verbose", "VERBOSE"),
      Map.entry("--snapshot", "SNAPSHOT"), Map.entry("--watch", "WATCH"), Map.entry("--idle-timeout", "IDLE_TIMEOUT"),
      Map.entry("--limits", "LIMITS"));

  @Command(description = "Serves the GTFS schedules API (docs/API.md).", sortOptions = false,
      footer = "Each option is also read from the environment variable in brackets; a flag wins over its variable.")
  static final class Flags {
    @Option(names = "--port", paramLabel = "N", converter = PortConverter.class,
        description = "port to listen on [PORT] (default " + DEFAULT_PORT + "; 0 picks a free port)")
    int port = DEFAULT_PORT;

    @Option(names = "--host", paramLabel = "HOST", converter = HostConverter.class,
        description = "address to listen on [HOST] (default " + DEFAULT_HOST + ", loopback only; 0.0.0.0 for every interface)")
    String host = DEFAULT_HOST;

    @Option(names = "--gtfs", paramLabel = "PATH", converter = PathConverter.class, description = {
        "GTFS feed, a directory or a .zip [GTFS]",
        "(default: MBTA_GTFS/ or MBTA_GTFS.zip in the repository root, else a generated MBTA-shaped feed)"})
    Path gtfs;

    @Option(names = "--cache", description = "keep encoded /schedules responses and serve them without re-encoding [CACHE=true]")
    boolean cache;

    @Option(names = "--cache-budget", paramLabel = "SIZE", converter = SizeConverter.class,
        description = "bytes the cache may hold, least recently used out: 512m, 2g [CACHE_BUDGET] (default a quarter of what the "
            + "heap leaves beside the feed, so that the feed, the kept answers and those being sent fit)")
    long cacheBudget = BESIDE_THE_FEED;

    @Option(names = "--answer-memory", paramLabel = "SIZE", converter = AnswerMemoryConverter.class, description = {
        "heap /schedules answers may hold while they are built and sent, 512m, or off [ANSWER_MEMORY]",
        "(default: half of what -Xmx leaves beside the feed); past it a request waits, then gets a 503"})
    Long answerMemory;

    @Option(names = "--tuned", description = {
        "serve /schedules with the framework's best-known practice for large JSON [TUNED=true]:",
        "streamed as it is written, from the feed's arrays, on the threads its docs recommend; the same bytes",
        "(with --cache, the cache answers and --tuned changes nothing)"})
    boolean tuned;

    @Option(names = "--verbose", description = "print what loading the feed spent its time on, file by file and step by step [VERBOSE=true]")
    boolean verbose;

    @Option(names = "--snapshot", paramLabel = "DIR", converter = SnapshotConverter.class, description = {
        "folder for feed snapshots, or off [SNAPSHOT] (default: transit-snapshots-USER in the temp directory, readable by you alone):",
        "a feed parsed once is read from its snapshot on the next start; a folder another user owns or can write in is not used"})
    Path snapshot = transit.FeedSnapshot.defaultDir();

    @Option(names = "--watch", paramLabel = "INTERVAL", converter = IntervalConverter.class, description = {
        "how often to check --gtfs for a new feed, 500ms, 2s, or off [WATCH] (default 1s);",
        "a changed feed is loaded in the background and replaces the served one (SIGHUP: at once)"})
    Duration watch = DEFAULT_WATCH_INTERVAL;

    @Option(names = "--idle-timeout", paramLabel = "DURATION", converter = TimeoutConverter.class, description = {
        "close a connection that reads or writes nothing for this long, 500ms, 30s [IDLE_TIMEOUT] (default 30s):",
        "a client that stops reading its response frees the server's worker"})
    Duration idleTimeout;

    @Option(names = "--limits", paramLabel = "on|off", converter = OnOffConverter.class, description = {
        "keep the limits against slow and hostile clients, or none of them [LIMITS] (default on; docs/API.md, Limits):",
        "off leaves every one at the framework's default and answers' heap unbounded, to measure what they cost"})
    OnOff limits = OnOff.ON;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
    boolean help;
  }

  /** How the server builds its responses: --cache, else --tuned, else idiomatic. With both, the cache answers: cached. */
  public Mode mode() { return cacheBudgetBytes > 0 ? Mode.CACHED : tuned ? Mode.TUNED : Mode.IDIOMATIC; }

  /** Where and how the server listens. */
  public ServerSettings settings() {
    return new ServerSettings(host, port, mode(), limits ? ServerSettings.Limits.DEFAULT.withIdleTimeout(idleTimeout) : ServerSettings.Limits.OFF);
  }

  /** The --help text. */
  public static String usage(String server) { return Cli.usage(new Flags(), "./mill " + server + ".run"); }

  /** A wrong flag or value throws {@link Cli.UsageException} naming it, or naming its environment variable. */
  public static ServerOptions parse(String[] args, Map<String, String> env) {
    Flags f = Cli.parse(new Flags(), args, env, VARIABLES);
    boolean limits = f.limits == OnOff.ON;
    if (!limits && f.idleTimeout != null) throw new Cli.UsageException("--idle-timeout: not with --limits off, which leaves it to the framework");
    if (!limits && f.answerMemory != null) throw new Cli.UsageException("--answer-memory: not with --limits off, which leaves answers unbounded");
    Duration idleTimeout = !limits ? null : f.idleTimeout != null ? f.idleTimeout : ServerSettings.Limits.DEFAULT.idleTimeout();
    long answerMemory = !limits ? OFF : f.answerMemory != null ? f.answerMemory : AUTO;
    return new ServerOptions(f.host, f.port, f.gtfs, f.cache ? f.cacheBudget : 0, answerMemory, f.tuned, f.verbose, f.snapshot, f.watch,
        idleTimeout, limits, f.help);
  }

  enum OnOff { ON, OFF }

  /** on or off. */
  static final class OnOffConverter implements ITypeConverter<OnOff> {
    public OnOff convert(String text) {
      String t = text.trim().toLowerCase();
      if (t.equals("on") || t.equals("off")) return t.equals("on") ? OnOff.ON : OnOff.OFF;
      throw Cli.invalid(text, "on or off");
    }
  }

  /** A size, or off. */
  static final class AnswerMemoryConverter implements ITypeConverter<Long> {
    public Long convert(String text) { return text.trim().equalsIgnoreCase("off") ? OFF : new SizeConverter().convert(text); }
  }

  /** A folder, or off (null). */
  static final class SnapshotConverter implements ITypeConverter<Path> {
    public Path convert(String text) {
      if (text.isBlank()) throw new picocli.CommandLine.TypeConversionException("the value is empty");
      return text.trim().equalsIgnoreCase("off") ? null : Path.of(text);
    }
  }

  /** 500ms, 2s, or off (zero). */
  static final class IntervalConverter implements ITypeConverter<Duration> {
    public Duration convert(String text) {
      if (text.trim().equalsIgnoreCase("off")) return Duration.ZERO;
      Duration d = positiveDuration(text);
      if (d == null) throw Cli.invalid(text, "an interval (500ms, 2s) or off");
      return d;
    }
  }

  /** 500ms, 30s; never off: every server bounds how long a connection may stall. */
  static final class TimeoutConverter implements ITypeConverter<Duration> {
    public Duration convert(String text) {
      Duration d = positiveDuration(text);
      if (d == null) throw Cli.invalid(text, "a duration (500ms, 30s)");
      return d;
    }
  }

  /** 500ms or 2s, above zero; null for anything else. */
  private static Duration positiveDuration(String text) {
    String t = text.trim().toLowerCase();
    try {
      long n = t.endsWith("ms") ? Long.parseLong(t.substring(0, t.length() - 2)) : t.endsWith("s") ? Long.parseLong(t.substring(0, t.length() - 1)) * 1000 : -1;
      return n > 0 ? Duration.ofMillis(n) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static final class PortConverter implements ITypeConverter<Integer> {
    public Integer convert(String text) {
      try {
        int port = Integer.parseInt(text.trim());
        if (port >= 0 && port <= 65535) return port;
      } catch (NumberFormatException e) {
        // refused below
      }
      throw Cli.invalid(text, "a port number (0-65535, 0 picks a free port)");
    }
  }

  static final class HostConverter implements ITypeConverter<String> {
    public String convert(String text) {
      if (text.isBlank()) throw new picocli.CommandLine.TypeConversionException("the value is empty");
      return text;
    }
  }

  /** A blank GTFS variable is no feed given. */
  static final class PathConverter implements ITypeConverter<Path> {
    public Path convert(String text) { return text.isBlank() ? null : Path.of(text); }
  }

  /** 1048576, 512k, 512m, 2g. */
  public static final class SizeConverter implements ITypeConverter<Long> {
    public Long convert(String text) {
      String t = text.trim().toLowerCase();
      long unit = t.endsWith("k") ? 1L << 10 : t.endsWith("m") ? 1L << 20 : t.endsWith("g") ? 1L << 30 : 1;
      try {
        long n = Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1));
        if (n > 0 && n <= Long.MAX_VALUE / unit) return n * unit;
      } catch (NumberFormatException e) {
        // refused below
      }
      throw Cli.invalid(text, "a size in bytes (e.g. 1048576, 512m, 2g)");
    }
  }
}
