package transit.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import transit.bench.plan.Plan;
import transit.bench.report.Format;
import transit.bench.results.Ratio;
import transit.bench.run.Launchers;
import transit.bench.scenario.Profile;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.cli.Cli;
import transit.measure.Cpus;
import transit.server.Mode;
import transit.server.ServerOptions;

/**
 * The harness's command line (picocli). A profile sets the slices' length, the least rounds, the budget, the warm-up's
 * cap, the scenarios, the user counts and the modes also run with limits off; each flag given replaces the profile's
 * value. A wrong flag or value throws {@link Cli.UsageException} naming it. against: the git revision each framework is
 * also built at (--against), or null. seed: the rounds' orders' and the users' decks' (random unless given). instances:
 * how many of each server set-up are started (--instances; two by default with --against, one otherwise).
 */
public record Options(List<String> frameworks, List<String> scenarios, List<Mode> modes, Profile profile, Path gtfs, int sliceSeconds,
    int warmupSeconds, int leastRounds, long budgetSeconds, double margin, long seed, List<Integer> users, List<Integer> rates, String heap,
    List<String> heaps, Plan.Limits limits, List<Integer> serverCpus, List<Integer> clientCpus, List<String> javaGiven, URI target,
    String against, int instances, Path results, List<Path> compare, boolean help, List<String> arguments) {
  /**
   * Instances of each set-up --against starts unless told: a server JVM can come up faster or slower than its twin and
   * stay so, which a build's verdict over one instance of each would take for the build's (docs/RESULTS.md, 2026-12-03).
   */
  public static final int AGAINST_INSTANCES = 2;

  public boolean quick() { return profile == Profile.QUICK; }

  /** What the steps are made from, with the latency scenario's rates (null until known). */
  public Scenario.Settings settings(List<Integer> rates) { return new Scenario.Settings(profile, sliceSeconds, warmupSeconds, users, rates); }

  /**
   * The run these options ask for, over these frameworks and JDKs (two or more: every framework on each), every server at
   * this heap: every chosen mode, or only the idiomatic with --target; memory: what one group of servers may take.
   */
  public Plan plan(List<String> frameworks, List<Integer> jdks, String heap, long memory) {
    return new Plan(frameworks, against, jdks, scenarios.stream().map(Scenarios::named).toList(), target != null ? List.of(Mode.IDIOMATIC) : modes,
        heap, heaps, limits, leastRounds, instances, quick(), memory, Options::heapBytes);
  }

  /** A heap's size in bytes: 512m, 2g. */
  public static long heapBytes(String heap) { return new ServerOptions.SizeConverter().convert(heap); }

  @Command(sortOptions = false,
      description = "Load-tests each framework's server with Gatling and writes results/<timestamp>/report.html (and report.md): the verdict first. "
          + "A mode's servers are started together and kept up; each round gives every one a slice of the same work, in a fresh random order, "
          + "and each pair of neighbours in the ranking is decided by the interval of their ratio over the rounds: › apart, ≈ level, ? undecided.")
  static final class Flags {
    @Option(names = "--profile", paramLabel = "NAME", converter = ProfileConverter.class,
        description = "quick, standard or full (default standard); see below")
    Profile profile = Profile.STANDARD;

    @Option(names = "--quick", description = "the same as --profile quick")
    boolean quick;

    @Option(names = "--frameworks", paramLabel = "A,B", split = ",", description = "frameworks to test (default: all)")
    List<String> frameworks;

    @Option(names = "--scenarios", paramLabel = "A,B", split = ",", description = "scenarios to run (default: the profile's; each below)")
    List<String> scenarios;

    @Option(names = "--modes", paramLabel = "A,B", split = ",", converter = ModeConverter.class,
        description = "server modes for heavy and small (default: all: idiomatic, tuned, cached); other scenarios run idiomatic")
    List<Mode> modes;

    @Option(names = "--gtfs", paramLabel = "PATH",
        description = "feed every server loads (default: MBTA_GTFS/ or MBTA_GTFS.zip, else the generated feed)")
    Path gtfs;

    @Option(names = "--slice", paramLabel = "S", converter = Positive.class,
        description = "seconds a measured slice should take: each user's requests are sized from the warm-up to take about that (default: the profile's)")
    Integer slice;

    @Option(names = "--rounds", paramLabel = "N", converter = Positive.class,
        description = "the least rounds of every comparison, before its pairs are judged (default: the profile's)")
    Integer rounds;

    @Option(names = "--budget", paramLabel = "TIME", converter = DurationConverter.class,
        description = "how long the run may take in all: rounds are added where a pair is undecided until then, e.g. 20m, 900s, 1h "
            + "(a bare number is minutes; 0: none added; default: the profile's)")
    Long budget;

    @Option(names = "--margin", paramLabel = "PCT", converter = Percent.class,
        description = "two servers are level (≈) when the interval of their ratio lies within this many percent either way (default: 5)")
    Double margin;

    @Option(names = "--warmup", paramLabel = "S", converter = NonNegative.class,
        description = "the most seconds a server warms up on a comparison's work before its slices count, settled or not (default: the profile's)")
    Integer warmup;

    @Option(names = "--seed", paramLabel = "N", description = "the rounds' orders and the users' request orders, to repeat a run's (default: random, printed)")
    Long seed;

    @Option(names = "--users", paramLabel = "N,N", split = ",", converter = Positive.class,
        description = "user counts for every closed-loop scenario, replacing the defaults")
    List<Integer> users;

    @Option(names = "--rates", paramLabel = "R,R", split = ",", converter = Positive.class,
        description = "latency scenario: requests/s (default: 25, 50 and 75 %% of the slowest framework's small-list throughput, measured first)")
    List<Integer> rates;

    @Option(names = "--heap", paramLabel = "SIZE", converter = HeapConverter.class,
        description = "every server's -Xmx, identical for all frameworks (default: the build's, ServerJvm.heap)")
    String heap;

    @Option(names = "--heaps", paramLabel = "SIZE,SIZE", split = ",", converter = HeapConverter.class,
        description = "also run heavy at each of these heaps, e.g. 512m,1g,2g")
    List<String> heaps;

    @Option(names = "--limits", paramLabel = "on|off|both", converter = LimitsConverter.class,
        description = "the servers' limits against slow and hostile clients: on; off (--limits off: each framework's own defaults, no "
            + "budget for answers); or both: each server run of the chosen modes twice a round, limits on and off back to back, and "
            + "the report says what they cost (default: the profile's, below)")
    String limits;

    @Option(names = "--server-cpus", paramLabel = "LIST", converter = CpuList.class,
        description = "CPUs for the server, e.g. 0 or 2-5 (default: on 2 CPUs the first; on more, half, avoiding CPU 0)")
    List<Integer> serverCpus;

    @Option(names = "--client-cpus", paramLabel = "LIST", converter = CpuList.class,
        description = "CPUs for Gatling, the harness and Mill (default: the rest)")
    List<Integer> clientCpus;

    @Option(names = "--java", paramLabel = "JDK,JDK", split = ",",
        description = "the JDKs the servers run on, each a version the build found (17, 25) or a JDK home; two or more run every server on "
            + "each in the same rounds and the report says what the JDK changes (default: the newest the build found that every "
            + "framework supports)")
    List<String> java;

    @Option(names = "--target", paramLabel = "URL", converter = UrlConverter.class,
        description = "load an already running server instead of starting servers (no CPU, memory or --cache figures)")
    URI target;

    @Option(names = "--against", paramLabel = "REV",
        description = "compare each server with the same server built at REV (e.g. HEAD), in one run: run it before changing a server's write path")
    String against;

    @Option(names = "--instances", paramLabel = "N", converter = Positive.class,
        description = "start each server set-up N times, all in the same rounds: a pair (--against, --limits both, --java) is decided only "
            + "where every instance of one side differs from every instance of the other alike, and the report gives each side's "
            + "instances' ratio (default: 2 with --against, else 1)")
    Integer instances;

    @Option(names = "--results", paramLabel = "DIR", description = "where report folders go (default: results/ in the repository)")
    Path results;

    @Option(names = "--compare", arity = "2", paramLabel = "DIR",
        description = "compare two runs' results (folders under results/): their verdicts side by side, what moved, then median by median, also into the second's comparison.html and comparison.md; runs nothing")
    List<Path> compare;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
    boolean help;
  }

  /** --help: the flags, the scenarios, then what each profile runs and how long it is expected to take with every framework. */
  public static String usage(List<String> known, String heap) {
    StringBuilder text = new StringBuilder(Cli.usage(new Flags(), "./mill gatling.run")).append("\n\nScenarios:");
    for (Scenario s : Scenarios.ALL) text.append(String.format("%n  %-12s %s", s.name(), s.help()));
    text.append("\n\nProfiles, with the time each is expected to take for ").append(String.join(", ", known))
        .append(" (printed again before a run starts, from the run's own plan):");
    for (Profile p : Profile.values()) {
      Options o = parse(new String[] {"--profile", p.label()}, known);
      int least = o.plan(known, List.of(), heap, Long.MAX_VALUE).leastSeconds(o.settings(o.rates()));
      // a run takes its warm-up and least rounds whatever the budget, which only bounds the rounds added
      boolean adds = p.budgetMinutes > 0 && o.budgetSeconds() > least;
      String budget = Format.duration(o.budgetSeconds()), leastTime = Format.duration(least);
      String time = adds ? "at most " + budget + " (its least rounds about " + leastTime + ")"
          : "about " + leastTime + (p.budgetMinutes == 0 ? "" : " (its warm-up and least rounds, beyond its budget of " + budget + ")");
      text.append(String.format("%n  %-9s %s: %s; %d s slices, at least %d round(s)%s; scenarios %s; small at %s users; %s", p.label(), p.expected, time,
          p.sliceSeconds, p.leastRounds, adds ? ", more where a pair is undecided" : ", none added", String.join(", ", Scenarios.inProfile(p))
              + (p == Profile.QUICK ? " (every one on the first framework, heavy and small on the others)" : ""),
          p.smallUsers.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")),
          p.limitsOffBeside.isEmpty() ? "limits on only" : String.join(" and ", p.limitsOffBeside.stream().map(m -> m.label).toList())
              + " also with limits off" + (p == Profile.QUICK ? " (the first framework only)" : "")));
    }
    return text.toString();
  }

  /** known: the frameworks the build lists. */
  public static Options parse(String[] args, List<String> known) {
    Flags f = Cli.parse(new Flags(), args, Map.of(), Map.of());
    Profile profile = f.quick ? Profile.QUICK : f.profile;
    List<String> scenarios = names("--scenarios", f.scenarios == null ? Scenarios.inProfile(profile) : f.scenarios, Scenarios.names());
    if (f.users != null && f.users.isEmpty()) throw new Cli.UsageException("--users: at least one user count is required");
    if (f.target != null && f.heaps != null) throw new Cli.UsageException("--heaps: not with --target (the server is not started here)");
    if (f.target != null && f.limits != null) throw new Cli.UsageException("--limits: not with --target (the server is not started here)");
    if (f.target != null && f.against != null) throw new Cli.UsageException("--against: not with --target (the server is not started here)");
    if (f.target != null && f.java != null) throw new Cli.UsageException("--java: not with --target (the server is not started here)");
    if (f.target != null && f.instances != null) throw new Cli.UsageException("--instances: not with --target (the server is not started here)");
    if (f.against != null && (f.against.isBlank() || f.against.chars().anyMatch(Character::isWhitespace)))
      throw new Cli.UsageException("--against: \"" + f.against + "\" is not a git revision (e.g. HEAD, HEAD~1, a commit)");
    List<Mode> modes = f.modes == null ? List.of(Mode.values()) : List.copyOf(new java.util.LinkedHashSet<>(f.modes));
    return new Options(names("--frameworks", f.frameworks == null ? known : f.frameworks, known), scenarios, modes, profile, f.gtfs,
        f.slice != null ? f.slice : profile.sliceSeconds, f.warmup != null ? f.warmup : profile.warmupSeconds,
        f.rounds != null ? f.rounds : profile.leastRounds, f.budget != null ? f.budget : profile.budgetMinutes * 60L,
        f.margin != null ? f.margin : Ratio.MARGIN, f.seed != null ? f.seed : new java.util.Random().nextLong() >>> 20,
        f.users == null ? null : f.users.stream().distinct().toList(),
        f.rates == null ? null : f.rates.stream().distinct().toList(), f.heap,
        f.heaps == null ? List.of() : f.heaps.stream().distinct().toList(), limits(f.limits, profile, modes, f.target != null),
        f.serverCpus, f.clientCpus, java(f.java), f.target, f.against,
        f.instances != null ? f.instances : f.against != null ? AGAINST_INSTANCES : 1, f.results, f.compare, f.help, List.of(args));
  }

  /** --limits as given, else the profile's: of the chosen modes, those it also runs with limits off (none with --target). */
  private static Plan.Limits limits(String given, Profile profile, List<Mode> modes, boolean target) {
    if (given == null)
      return target ? Plan.Limits.ON : new Plan.Limits(true, modes.stream().filter(profile.limitsOffBeside::contains).toList());
    return switch (given) {
      case "on" -> Plan.Limits.ON;
      case "off" -> Plan.Limits.OFF;
      default -> new Plan.Limits(true, modes);
    };
  }

  private static List<String> names(String flag, List<String> given, List<String> allowed) {
    List<String> names = new ArrayList<>();
    for (String name : given) {
      if (!allowed.contains(name.trim()))
        throw new Cli.UsageException(flag + ": \"" + name + "\" is not one of " + String.join(", ", allowed)
            + (flag.equals("--frameworks") ? Launchers.unavailableHere(name.trim()) : ""));
      if (!names.contains(name.trim())) names.add(name.trim());
    }
    if (names.isEmpty()) throw new Cli.UsageException(flag + ": at least one is required");
    return List.copyOf(names);
  }

  static final class ProfileConverter implements ITypeConverter<Profile> {
    public Profile convert(String text) {
      Profile p = Profile.labelled(text.trim());
      if (p == null) throw Cli.invalid(text, "a profile (quick, standard, full)");
      return p;
    }
  }

  static final class LimitsConverter implements ITypeConverter<String> {
    public String convert(String text) {
      String value = text.trim().toLowerCase();
      if (!List.of("on", "off", "both").contains(value)) throw Cli.invalid(text, "on, off or both");
      return value;
    }
  }

  static final class ModeConverter implements ITypeConverter<Mode> {
    public Mode convert(String text) {
      Mode m = Mode.labelled(text.trim());
      if (m == null) throw Cli.invalid(text, "a mode (" + String.join(", ", java.util.Arrays.stream(Mode.values()).map(v -> v.label).toList()) + ")");
      return m;
    }
  }

  /** 20m, 900s, 1h, or a bare number of minutes: seconds. */
  static final class DurationConverter implements ITypeConverter<Long> {
    public Long convert(String text) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)\\s*(s|m|min|h)?").matcher(text.trim().toLowerCase());
      if (!m.matches()) throw Cli.invalid(text, "a time such as 20m, 900s or 1h (a bare number is minutes)");
      long n = Long.parseLong(m.group(1));
      String unit = m.group(2) == null ? "m" : m.group(2);
      return switch (unit) {
        case "s" -> n;
        case "h" -> n * 3600;
        default -> n * 60;
      };
    }
  }

  /** A percent above 0 and below 100, as a fraction: 5 → 0.05. */
  static final class Percent implements ITypeConverter<Double> {
    public Double convert(String text) {
      try {
        double p = Double.parseDouble(text.trim().replace("%", ""));
        if (p > 0 && p < 100) return p / 100;
      } catch (NumberFormatException e) {
        // refused below
      }
      throw Cli.invalid(text, "a percent above 0 and below 100, e.g. 5");
    }
  }

  static final class Positive implements ITypeConverter<Integer> {
    public Integer convert(String text) { return number(text, 1); }
  }

  static final class NonNegative implements ITypeConverter<Integer> {
    public Integer convert(String text) { return number(text, 0); }
  }

  private static int number(String text, int min) {
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= min) return n;
    } catch (NumberFormatException e) {
      // refused below
    }
    throw Cli.invalid(text, "a whole number of at least " + min);
  }

  /** A -Xmx size: 512m, 2g; checked as the servers check their --cache-budget. */
  static final class HeapConverter implements ITypeConverter<String> {
    public String convert(String text) {
      long bytes = new ServerOptions.SizeConverter().convert(text);
      if (bytes < 64L << 20) throw Cli.invalid(text, "a heap of at least 64m");
      return text.trim().toLowerCase();
    }
  }

  /** --java's items, each once; a path is checked here, a version once the build's JDKs are known (Jdk.resolve). */
  private static List<String> java(List<String> given) {
    if (given == null) return List.of();
    List<String> items = given.stream().map(String::trim).distinct().toList();
    for (String item : items)
      if (item.isEmpty() || !item.matches("\\d+") && !Files.exists(Path.of(item)))
        throw new Cli.UsageException("--java: \"" + item + "\" is neither a JDK version (17, 25) nor a JDK home or java binary");
    return items;
  }

  static final class CpuList implements ITypeConverter<List<Integer>> {
    public List<Integer> convert(String text) {
      try {
        List<Integer> cpus = Cpus.parseList(text);
        if (!cpus.isEmpty()) return cpus;
      } catch (IllegalArgumentException e) {
        // refused below
      }
      throw Cli.invalid(text, "a CPU list such as 0, 1-3 or 0,2,4");
    }
  }

  static final class UrlConverter implements ITypeConverter<URI> {
    public URI convert(String value) {
      try {
        URI uri = new URI(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
        if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) return uri;
      } catch (java.net.URISyntaxException e) {
        // refused below
      }
      throw Cli.invalid(value, "an http:// or https:// URL");
    }
  }
}
