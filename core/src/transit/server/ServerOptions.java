package transit.server;

import java.nio.file.Path;
import java.util.Map;

/**
 * The options every server takes, each also an environment variable: --port (PORT, default 4000, the
 * reference load tests' port), --host (HOST, default 0.0.0.0), --gtfs (GTFS, a feed directory or zip).
 * A flag wins over its variable.
 */
public record ServerOptions(String host, int port, Path gtfs, long cacheBudgetBytes, boolean help) {
  public static final int DEFAULT_PORT = 4000;
  public static final String DEFAULT_HOST = "0.0.0.0";
  public static final long DEFAULT_CACHE_BUDGET = 1L << 30;

  /** A wrong flag or value; the message names it. */
  public static final class UsageException extends RuntimeException {
    public UsageException(String message) { super(message); }
  }

  public static String usage(String server) {
    return String.join("\n",
        "Usage: ./mill " + server + ".run [options]",
        "Serves the GTFS schedules API (docs/API.md).",
        "",
        "Options (each also read from the environment variable in brackets):",
        "  --port N      port to listen on [PORT] (default " + DEFAULT_PORT + ")",
        "  --host HOST   interface to bind [HOST] (default " + DEFAULT_HOST + ")",
        "  --gtfs PATH   GTFS feed, a directory or a .zip [GTFS]",
        "                (default: MBTA_GTFS/ or MBTA_GTFS.zip in the repository root, else a generated MBTA-shaped feed)",
        "  --cache       keep encoded /schedules responses and serve them without re-encoding [CACHE=true]",
        "  --cache-budget SIZE  bytes the cache may hold, least recently used out: 512m, 2g [CACHE_BUDGET] (default 1g)",
        "  --help        print this and exit");
  }

  public static ServerOptions parse(String[] args, Map<String, String> env) {
    String host = env.getOrDefault("HOST", DEFAULT_HOST);
    String port = env.get("PORT");
    String portSource = "PORT";
    String gtfs = env.get("GTFS");
    boolean cache = "true".equalsIgnoreCase(env.getOrDefault("CACHE", "false"));
    String budget = env.get("CACHE_BUDGET");
    String budgetSource = "CACHE_BUDGET";
    boolean help = false;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i], value = null;
      int eq = arg.indexOf('=');
      if (arg.startsWith("--") && eq > 0) {
        value = arg.substring(eq + 1);
        arg = arg.substring(0, eq);
      }
      switch (arg) {
        case "--help", "-h" -> help = true;
        case "--port" -> {
          port = value != null ? value : next(args, ++i, arg);
          portSource = "--port";
        }
        case "--host" -> host = value != null ? value : next(args, ++i, arg);
        case "--gtfs" -> gtfs = value != null ? value : next(args, ++i, arg);
        case "--cache" -> cache = true;
        case "--cache-budget" -> {
          budget = value != null ? value : next(args, ++i, arg);
          budgetSource = "--cache-budget";
        }
        default -> throw new UsageException("unknown option \"" + args[i] + "\" (see --help)");
      }
    }
    if (host.isBlank()) throw new UsageException("--host: the value is empty");
    long budgetBytes = budget == null ? DEFAULT_CACHE_BUDGET : parseSize(budget, budgetSource);
    return new ServerOptions(host, port == null ? DEFAULT_PORT : parsePort(port, portSource),
        gtfs == null || gtfs.isBlank() ? null : Path.of(gtfs), cache ? budgetBytes : 0, help);
  }

  private static String next(String[] args, int i, String flag) {
    if (i >= args.length || args[i].startsWith("--")) throw new UsageException(flag + ": a value is required");
    return args[i];
  }

  /** 1048576, 512k, 512m, 2g. */
  static long parseSize(String text, String source) {
    String t = text.trim().toLowerCase();
    long unit = t.endsWith("k") ? 1L << 10 : t.endsWith("m") ? 1L << 20 : t.endsWith("g") ? 1L << 30 : 1;
    try {
      long n = Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1));
      if (n > 0 && n <= Long.MAX_VALUE / unit) return n * unit;
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(source + ": \"" + text + "\" is not a size in bytes (e.g. 1048576, 512m, 2g)");
  }

  private static int parsePort(String text, String source) {
    try {
      int port = Integer.parseInt(text.trim());
      if (port >= 0 && port <= 65535) return port;
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(source + ": \"" + text + "\" is not a port number (0-65535, 0 picks a free port)");
  }
}
