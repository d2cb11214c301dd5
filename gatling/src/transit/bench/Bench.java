package transit.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import transit.cli.Cli;
import transit.server.ServerStartup;

/**
 * The load-test harness. Rounds: each runs every framework once, in a rotated order (round 1 A B C, round 2
 * B C A, …) so drift on the machine hits every framework alike; for each framework, a server per mode in its
 * own JVM (same flags and heap, same feed, a free port, pinned to the server CPUs) and every chosen scenario's
 * steps through Gatling on the client CPUs. The latency scenario's rates come from a calibration first. Then
 * results/<timestamp>/report.md with charts. See {@link Options#usage}.
 */
public final class Bench {
  /** Seconds a server run takes besides its steps: the server's start and feed load, Gatling's start and report. */
  static final int RUN_OVERHEAD_SECONDS = 15;
  /** Server events this long after a step still belong to it: a reload under way when the step ended. */
  static final long RELOAD_GRACE_MILLIS = 30_000;

  /** One server run: a framework in a mode with a heap, and the steps it takes, in round `round` (0: calibration). */
  record Run(int round, String framework, Mode mode, String heap, List<Step> steps) {
    String name() { return (round == 0 ? "calibration" : "r" + round) + "-" + framework + "-" + mode.label + "-" + heap; }

    int expectedSeconds() {
      return RUN_OVERHEAD_SECONDS + steps.stream().mapToInt(s -> s.warmupSeconds() + s.expectedSeconds()).sum();
    }
  }

  private static final List<Runnable> ON_EXIT = new ArrayList<>();

  static { // a harness stopped early (Ctrl-C, a test timeout) takes its servers and Gatling with it, and unpins Mill
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
      synchronized (ON_EXIT) {
        ON_EXIT.forEach(Runnable::run);
      }
    }));
  }

  private final Options options;
  private final Launchers launchers;
  private final Path dir;
  private final Results results;
  private final Cpus cpus;
  private final Set<String> broken = new HashSet<>(), unsupported = new HashSet<>();
  private FirstPass firstPass; // from the first server that answers: the lengths every server must match
  private long startedNanos;
  private int expectedTotal, expectedDone; // seconds of the plan, and of the runs done

  private Bench(Options options, Launchers launchers, Path dir) {
    this.options = options;
    this.launchers = launchers;
    this.dir = dir;
    this.results = new Results(options, launchers.defaultHeap());
    this.cpus = Cpus.choose(Cpus.ofThisProcess(), options.serverCpus(), options.clientCpus());
  }

  public static void main(String[] args) {
    Launchers launchers = Launchers.load();
    Options options;
    try {
      options = Options.parse(args, launchers.frameworks());
    } catch (Cli.UsageException e) {
      System.err.println("gatling: " + e.getMessage() + " (see --help)");
      System.exit(2);
      return;
    }
    if (options.help()) {
      System.out.println(Options.usage(launchers.frameworks(), launchers.defaultHeap()));
      return;
    }
    if (options.compare() != null) {
      try {
        System.out.print(CompareRuns.write(options.compare().get(0), options.compare().get(1)));
      } catch (IOException e) {
        System.err.println("gatling: --compare: " + e.getMessage());
        System.exit(2);
      }
      return;
    }
    try {
      Outcome outcome = run(options, launchers);
      System.out.println("Report: " + outcome.report());
      if (!outcome.failures().isEmpty()) System.exit(1);
    } catch (Cli.UsageException e) {
      System.err.println("gatling: " + e.getMessage() + " (see --help)");
      System.exit(2);
    } catch (Exception e) {
      System.err.println("gatling: the load test failed: " + e);
      System.exit(1);
    }
  }

  /** report.md, and the frameworks whose runs broke off (with why). */
  public record Outcome(Path report, List<String> failures) {}

  /** Runs every framework and scenario the options choose, then writes the report. */
  public static Outcome run(Options options, Launchers launchers) throws Exception {
    Path root = options.results() != null ? options.results() : launchers.workspace().resolve("results");
    Path dir = root.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss")));
    Files.createDirectories(dir.resolve("logs"));
    Bench bench = new Bench(options, launchers, dir);
    bench.startedNanos = System.nanoTime();
    List<Runnable> unpin = bench.pinClientSide();
    try {
      bench.runAll();
    } finally {
      unpin.forEach(Runnable::run);
      synchronized (ON_EXIT) {
        ON_EXIT.removeAll(unpin);
      }
    }
    Conditions.after(bench.results);
    Report.write(bench.results, dir, Charts.write(bench.results, dir));
    Path latest = root.resolve("latest");
    Files.deleteIfExists(latest);
    Files.createSymbolicLink(latest, dir.getFileName());
    System.out.printf("Finished in %s%n", minutes((System.nanoTime() - bench.startedNanos) / 1_000_000_000));
    return new Outcome(dir.resolve("report.md"), bench.results.failures);
  }

  /** Round r's order of the frameworks: the list turned r-1 places (round 1 as listed). */
  static <T> List<T> rotation(List<T> items, int round) {
    List<T> turned = new ArrayList<>(items);
    java.util.Collections.rotate(turned, -((round - 1) % Math.max(1, items.size())));
    return turned;
  }

  /** The server runs of the rounds, each framework's modes in turn, and heavy at each --heaps size. */
  static List<Run> plan(Options options, String heap, Scenario.Settings settings, List<String> frameworks) {
    List<Step> steps = options.scenarios().stream().flatMap(n -> Scenario.named(n).steps(settings).stream()).toList();
    List<Step> heavy = new RouteScenario.Heavy().steps(settings);
    List<Run> runs = new ArrayList<>();
    for (int round = 1; round <= options.repeat(); round++) {
      for (String framework : rotation(frameworks, round)) {
        for (Mode mode : options.target() != null ? List.of(Mode.IDIOMATIC) : options.modes()) {
          List<Step> inMode = steps.stream().filter(s -> Scenario.named(s.scenario()).runsIn(mode)).toList();
          if (!inMode.isEmpty()) runs.add(new Run(round, framework, mode, heap, warmFirstLonger(inMode, options.firstWarmupSeconds())));
        }
        for (String other : options.heaps())
          if (!(other.equals(heap) && options.scenarios().contains("heavy")))
            runs.add(new Run(round, framework, Mode.IDIOMATIC, other, warmFirstLonger(heavy, options.firstWarmupSeconds())));
      }
    }
    return runs;
  }

  /**
   * A server's first step starts from a cold JIT: it gets the first warm-up on top of its own; so does the first
   * step of a scenario whose paths the run has not served yet (hello after small: on one core the JIT compiling
   * the new paths took the server's CPU, and 3 s of warm-up left Javalin and http4s at a third of their rate).
   */
  static List<Step> warmFirstLonger(List<Step> steps, int firstWarmupSeconds) {
    List<Step> warmed = new ArrayList<>(steps);
    java.util.Set<String> served = new java.util.HashSet<>();
    for (int i = 0; i < warmed.size(); i++) {
      String paths = Scenario.named(warmed.get(i).scenario()).paths();
      if (served.add(paths)) warmed.set(i, warmed.get(i).withWarmup(warmed.get(i).warmupSeconds() + firstWarmupSeconds));
    }
    return warmed;
  }

  /** Before the rounds, when the latency scenario's rates are not given: each framework's small list at 50 users. */
  static List<Run> calibration(Options options, String heap, List<String> frameworks, List<Integer> rates) {
    if (!options.scenarios().contains("latency") || rates != null) return List.of();
    List<Step> step = List.of(LatencyScenario.calibration(settings(options, null)));
    return frameworks.stream().map(f -> new Run(0, f, Mode.IDIOMATIC, heap, warmFirstLonger(step, options.firstWarmupSeconds()))).toList();
  }

  static int expectedSeconds(List<Run> calibration, List<Run> plan) {
    return java.util.stream.Stream.concat(calibration.stream(), plan.stream()).mapToInt(Run::expectedSeconds).sum();
  }

  /** What a command line is expected to take, for --help: the plan's steps and each server's start. */
  static int expectedSeconds(Options options, String heap, List<String> frameworks) {
    return expectedSeconds(calibration(options, heap, frameworks, options.rates()),
        plan(options, heap, settings(options, List.of(1, 2, 3)), frameworks));
  }

  static Scenario.Settings settings(Options options, List<Integer> rates) {
    return new Scenario.Settings(options.profile(), options.warmupSeconds(), options.durationSeconds(), options.users(), rates);
  }

  private void runAll() throws Exception {
    List<String> frameworks = options.target() != null ? List.of(options.target().getAuthority()) : options.frameworks();
    if (options.target() != null) {
      results.notes.add("Loaded an already running server (" + options.target() + "): no CPU, memory or GC figures, no other modes.");
      FirstPass.get(options.target().toString(), "/health"); // fails early when nothing answers there
    } else {
      results.feed = ServerStartup.resolveFeed(options.gtfs());
    }
    Conditions.before(results, options, launchers, cpus);
    results.rates = options.rates();
    List<Run> calibration = calibration(options, results.heap(), frameworks, results.rates);
    List<Run> estimate = plan(options, results.heap(), settings(options, List.of(1, 2, 3)), frameworks); // the rates do not change the time
    expectedTotal = expectedSeconds(calibration, estimate);
    System.out.printf("Plan: %d server runs in %d round(s)%s, profile %s; expected to take about %s (until %s)%n", estimate.size(),
        options.repeat(), calibration.isEmpty() ? "" : " after a calibration of " + calibration.size(), options.profile().label(),
        minutes(expectedTotal), LocalTime.now().plusSeconds(expectedTotal).format(DateTimeFormatter.ofPattern("HH:mm")));

    for (Run run : calibration) execute(run, results.calibration);
    if (!calibration.isEmpty()) {
      double slowest = results.calibration.stream().mapToDouble(r -> r.m().requestsPerSecond()).filter(r -> r > 0).min().orElse(0);
      if (slowest <= 0) throw new IOException("the calibration measured no throughput on any framework: no rates for the latency scenario");
      results.rates = LatencyScenario.rates(slowest);
      System.out.println("Latency rates: " + results.rates + " requests/s (25, 50 and 75 % of the slowest, " + Report.count(slowest) + ")");
    }
    for (Run run : plan(options, results.heap(), settings(options, results.rates), frameworks)) execute(run, results.rows);
  }

  /** Starts the run's server (unless --target), measures its steps through Gatling, stops it. */
  private void execute(Run run, List<Results.Row> into) {
    String title = (run.round() == 0 ? "calibration" : "round " + run.round() + "/" + options.repeat()) + ", " + run.framework()
        + " " + run.mode().label + (run.heap().equals(results.heap()) ? "" : " (heap " + run.heap() + ")");
    if (broken.contains(run.framework()) || unsupported.contains(run.framework() + "|" + run.mode())) {
      progressDone(run);
      return;
    }
    try {
      if (options.target() != null) {
        measure(run, title, options.target().toString(), null, null, into);
      } else {
        System.out.println("[" + title + "] starting the server on " + results.feed.getFileName());
        boolean replaces = run.steps().stream().anyMatch(s -> Scenario.named(s.scenario()).replacesFeed());
        Path served = replaces ? ServerProcess.copyFeed(results.feed, dir.resolve("feeds").resolve(run.name()).resolve(results.feed.getFileName()))
            : results.feed;
        List<String> command = new ArrayList<>(ServerProcess.command(launchers, run.framework(), run.mode(), run.heap(),
            options.serverJava() == null ? null : options.serverJava().toString(), served, Cpus.taskset(cpus.server())));
        if (replaces) command.addAll(List.of("--snapshot", "off")); // a new feed is parsed from its CSV
        try (ServerProcess server = ServerProcess.start(command, run.framework(), run.mode(), dir.resolve("logs").resolve(run.name() + ".log"))) {
          if (run.mode() == Mode.IDIOMATIC && !results.servers.containsKey(run.framework()))
            results.servers.put(run.framework(), new Results.Server(run.framework(), server.loadMillis, server.snapshotMillis, server.heapRetainedMb));
          if (server.probe != null) Conditions.server(results, server.probe);
          measure(run, title, server.baseUrl, server, served, into);
        }
      }
    } catch (ServerProcess.ModeUnsupported e) {
      unsupported.add(run.framework() + "|" + run.mode());
      results.notes.add("No " + run.mode().label + " run for " + run.framework() + ": " + e.getMessage());
      System.out.println("[" + title + "] " + e.getMessage() + ": skipped");
    } catch (Exception e) { // the other frameworks still run, and the report says what went wrong
      broken.add(run.framework());
      results.failures.add(run.framework() + " (" + title + "): " + e.getMessage());
      System.out.println("[" + title + "] failed: " + e.getMessage());
    }
    progressDone(run);
  }

  /**
   * One Gatling run of the run's steps against a server; server is null when it was not started here. served is
   * the feed path it serves, for a scenario that replaces it.
   */
  private void measure(Run run, String title, String baseUrl, ServerProcess server, Path served, List<Results.Row> into) throws Exception {
    if (firstPass == null) {
      System.out.println("[" + title + "] first pass: every path once, for the expected body lengths");
      firstPass = FirstPass.run(baseUrl, results.feed != null ? results.feed : ServerStartup.resolveFeed(options.gtfs()), dir);
      results.routes = firstPass.routes();
    }
    GatlingRun.StepListener duringSteps = (index, at) -> {
      Step step = run.steps().get(index);
      Scenario scenario = Scenario.named(step.scenario());
      if (server == null || !scenario.replacesFeed()) return;
      Thread swaps = new Thread(() -> {
        try {
          scenario.whileMeasured(step, () -> server.replaceFeed(results.feed, served));
        } catch (InterruptedException | RuntimeException e) {
          System.out.println("[" + title + "] " + step.label() + ": " + e);
        }
      }, "while-" + step.label());
      swaps.setDaemon(true);
      swaps.start();
    };
    Long recording = server == null || server.probe == null ? null : server.probe.startProfile();
    GatlingRun.Result gatling = GatlingRun.run(firstPass.plan(baseUrl, run.steps()), dir.resolve("gatling").resolve(run.name()),
        Cpus.taskset(cpus.client()), line -> System.out.println("[" + title + "] " + line), duringSteps);
    CpuProfile profile = null;
    if (recording != null) {
      Path file = dir.resolve("profiles").resolve(run.name() + ".jfr");
      Files.createDirectories(file.getParent());
      server.probe.stopProfile(recording, file);
      profile = CpuProfile.read(file);
    }
    Conditions.client(results, gatling.clientCollectors());
    for (int i = 0; i < run.steps().size(); i++) {
      GatlingRun.StepRun s = gatling.steps().get(i);
      if (s.end() <= s.start()) throw new IOException("step " + run.steps().get(i).label() + " did not finish; see " + gatling.reportDir());
      Step step = run.steps().get(i);
      // an open step's requests arrive over its duration: fewer answered in it means the server fell behind
      double seconds = step.open() ? Math.max(s.seconds(), step.durationSeconds()) : s.seconds();
      Results.Measurement m = new Results.Measurement(s.count("ok"), s.count("failed"), s.count("lost"), seconds, s.ok(), server == null ? null : server.stats.window(s.start(), s.end()),
          server == null || server.probe == null ? null : server.probe.window(s.start(), s.end()), s.client(), s.clientGc(),
          s.connectionsAccepted(), cpus.client().size(), s.start(), s.timeline(),
          server == null ? List.of() : server.events(s.start(), s.end(), RELOAD_GRACE_MILLIS),
          profile == null ? null : profile.count(s.start(), s.end()));
      into.add(new Results.Row(run.framework(), run.mode(), run.heap(), run.round(), step, m));
    }
    results.gatlingReports.put(run.name(), gatling.reportDir().resolve("index.html"));
  }

  /** After each run: how much is left, scaled by how the runs so far compared with their estimate. */
  private void progressDone(Run run) {
    expectedDone += run.expectedSeconds();
    long elapsed = (System.nanoTime() - startedNanos) / 1_000_000_000;
    long left = Math.round((expectedTotal - expectedDone) * Math.max(0.5, (double) elapsed / Math.max(1, expectedDone)));
    System.out.printf("Progress: %s elapsed, about %s left (until %s)%n", minutes(elapsed), minutes(left),
        LocalTime.now().plusSeconds(left).format(DateTimeFormatter.ofPattern("HH:mm")));
  }

  /**
   * The client side off the server's CPUs: this JVM and the JVMs above it (Mill's daemon) move to the client
   * CPUs for the run; returns what puts them back.
   */
  private List<Runnable> pinClientSide() {
    List<Runnable> unpin = new ArrayList<>();
    if (cpus.shared() || !Cpus.tasksetAvailable() || options.target() != null) return unpin;
    List<String> pinned = new ArrayList<>();
    for (ProcessHandle p = ProcessHandle.current(); p != null && isJava(p); p = p.parent().orElse(null)) {
      List<Integer> before = Cpus.pin(p.pid(), cpus.client());
      if (before == null) continue;
      long pid = p.pid();
      unpin.add(() -> Cpus.pin(pid, before));
      pinned.add(pid == ProcessHandle.current().pid() ? "the harness (" + pid + ")" : "JVM " + pid + " (" + name(p) + ")");
    }
    synchronized (ON_EXIT) {
      ON_EXIT.addAll(unpin);
    }
    results.conditions.put("Client side pinned", String.join(", ", pinned) + " on CPU " + Cpus.format(cpus.client()) + " for the run");
    return unpin;
  }

  private static boolean isJava(ProcessHandle p) { return p.info().command().map(c -> c.endsWith("/java")).orElse(false); }

  private static String name(ProcessHandle p) {
    String args = String.join(" ", p.info().arguments().orElse(new String[0]));
    return args.contains("mill") ? "Mill" : p.info().command().orElse("?");
  }

  static String minutes(long seconds) {
    return seconds < 90 ? seconds + " s" : seconds < 5400 ? Math.round(seconds / 60.0) + " min" : String.format("%.1f h", seconds / 3600.0);
  }
}
