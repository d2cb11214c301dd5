package transit.bench;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The harness's command line. A wrong flag or value throws {@link UsageException} naming it. */
public record Options(List<String> frameworks, List<String> scenarios, Path gtfs, int durationSeconds,
    int warmupSeconds, List<Integer> users, URI target, boolean quick, Path results, boolean help) {

  public static final List<String> SCENARIOS = List.of("heavy", "small", "hello", "think-time");
  static final int DURATION = 30, WARMUP = 30;
  /** --quick: seconds per step, enough to run every step once (CI smoke), not to measure. */
  static final int QUICK_DURATION = 1, QUICK_WARMUP = 1;

  private static final List<String> VALUE_FLAGS =
      List.of("--frameworks", "--scenarios", "--gtfs", "--duration", "--warmup", "--users", "--target", "--results");

  public static final class UsageException extends RuntimeException {
    public UsageException(String message) { super(message); }
  }

  public static String usage(List<String> known) {
    return String.join("\n",
        "Usage: ./mill gatling.run [options]",
        "Load-tests each framework's server with Gatling and writes results/<timestamp>/report.md.",
        "",
        "  --frameworks A,B   frameworks to test (default: all: " + String.join(",", known) + ")",
        "  --scenarios A,B    scenarios to run (default: all: " + String.join(",", SCENARIOS) + ")",
        "  --gtfs PATH        feed every server loads (default: MBTA_GTFS/ or MBTA_GTFS.zip, else the generated feed)",
        "  --duration S       seconds each measured step runs (default " + DURATION + ")",
        "  --warmup S         seconds of unmeasured load before each step (default " + WARMUP + ")",
        "  --users N[,N...]   user counts for every scenario's steps, replacing the defaults",
        "  --target URL       load an already running server instead of starting servers (no CPU/RSS, no --cache run)",
        "  --quick            " + QUICK_DURATION + " s per step after " + QUICK_WARMUP + " s warm-up: checks the pipeline, measures nothing",
        "  --results DIR      where report folders go (default: results/ in the repository)",
        "  --help             print this and exit");
  }

  /** known: the frameworks the build lists. */
  public static Options parse(String[] args, List<String> known) {
    List<String> frameworks = known, scenarios = SCENARIOS;
    List<Integer> users = null;
    Path gtfs = null, results = null;
    Integer duration = null, warmup = null;
    URI target = null;
    boolean quick = false, help = false;
    for (int i = 0; i < args.length; i++) {
      String flag = args[i], value = null;
      int eq = flag.indexOf('=');
      if (flag.startsWith("--") && eq > 0) {
        value = flag.substring(eq + 1);
        flag = flag.substring(0, eq);
      }
      boolean isSwitch = List.of("--quick", "--help", "-h").contains(flag);
      if (!isSwitch && !VALUE_FLAGS.contains(flag)) throw new UsageException("unknown option \"" + args[i] + "\" (see --help)");
      if (isSwitch && value != null) throw new UsageException(flag + " takes no value");
      if (!isSwitch && value == null) {
        if (i + 1 >= args.length || args[i + 1].startsWith("--")) throw new UsageException(flag + ": a value is required");
        value = args[++i];
      }
      switch (flag) {
        case "--frameworks" -> frameworks = names(flag, value, known);
        case "--scenarios" -> scenarios = names(flag, value, SCENARIOS);
        case "--gtfs" -> gtfs = Path.of(value);
        case "--duration" -> duration = number(flag, value, 1);
        case "--warmup" -> warmup = number(flag, value, 0);
        case "--users" -> users = Arrays.stream(value.split(",", -1)).map(n -> number("--users", n, 1)).distinct().toList();
        case "--target" -> target = url(value);
        case "--results" -> results = Path.of(value);
        case "--quick" -> quick = true;
        case "--help", "-h" -> help = true;
        default -> throw new IllegalStateException(flag);
      }
    }
    return new Options(frameworks, scenarios, gtfs,
        duration != null ? duration : quick ? QUICK_DURATION : DURATION,
        warmup != null ? warmup : quick ? QUICK_WARMUP : WARMUP,
        users, target, quick, results, help);
  }

  private static List<String> names(String flag, String value, List<String> allowed) {
    List<String> names = new ArrayList<>();
    for (String name : value.split(",", -1)) {
      if (!allowed.contains(name.trim()))
        throw new UsageException(flag + ": \"" + name + "\" is not one of " + String.join(", ", allowed));
      if (!names.contains(name.trim())) names.add(name.trim());
    }
    return List.copyOf(names);
  }

  private static int number(String flag, String value, int min) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= min) return n;
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(flag + ": \"" + value + "\" is not a whole number of at least " + min);
  }

  private static URI url(String value) {
    try {
      URI uri = new URI(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
      if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) return uri;
    } catch (java.net.URISyntaxException e) {
      // reported below
    }
    throw new UsageException("--target: \"" + value + "\" is not an http:// or https:// URL");
  }
}
