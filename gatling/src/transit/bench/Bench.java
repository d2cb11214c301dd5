package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import transit.cli.Cli;
import transit.measure.Cpus;
import transit.server.Mode;
import transit.server.ServedFeed;

/**
 * Runs what the options ask for (RunPlan): for each server run a server in its own JVM (same flags and heap, same
 * feed, a free port, pinned to the server CPUs) and its steps through Gatling on the client CPUs; the calibration
 * first where a scenario needs one, and with --against the build of that revision's servers before anything. Then
 * results/<timestamp>/ (Report).
 */
public final class Bench {
  private final Options options;
  private final Launchers launchers;
  private final Path dir;
  private final Results results;
  private final Cpus.Split cpus;
  private final Set<String> unsupported = new HashSet<>(); // framework|flags the server refused
  private FirstPass firstPass; // from the first server that answers: the lengths every server must match
  private Progress progress;

  private Bench(Options options, Launchers launchers, Path dir) {
    this.options = options;
    this.launchers = launchers;
    this.dir = dir;
    String heap = options.heap() != null ? options.heap() : launchers.defaultHeap();
    this.results = new Results(options.scenarios(), options.repeat(), options.profile(), heap, options.heaps(), options.limits().on());
    try {
      this.cpus = Cpus.split(Cpus.ofThisProcess(), options.serverCpus(), options.clientCpus());
    } catch (IllegalArgumentException e) {
      throw new Cli.UsageException("--server-cpus/--client-cpus: " + e.getMessage());
    }
  }

  /** report.md, report.html as results/latest/ shows it, and the frameworks whose runs broke off (with why). */
  public record Outcome(Path report, Path html, List<String> failures) {}

  /** Runs every framework and scenario the options choose, then writes the report. */
  public static Outcome run(Options options, Launchers launchers) throws Exception {
    if (options.target() == null) launchers = launchers.on(Jdk.resolve(options.javaGiven(), launchers.registry().jdk(), launchers.registry().jdks()));
    if (options.against() != null)
      launchers = launchers.with(Against.build(launchers.workspace(), options.against(), options.frameworks(),
          line -> System.out.println("[against " + options.against() + "] " + line)));
    Path root = options.results() != null ? options.results() : launchers.workspace().resolve("results");
    Path dir = root.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss")));
    Files.createDirectories(dir.resolve("logs"));
    Bench bench = new Bench(options, launchers, dir);
    bench.runAll();
    Conditions.after(bench.results);
    Report.write(bench.results, dir);
    Path latest = root.resolve("latest");
    Files.deleteIfExists(latest);
    Files.createSymbolicLink(latest, dir.getFileName());
    System.out.println("Finished in " + Format.duration(bench.progress.elapsedSeconds()));
    return new Outcome(dir.resolve("report.md"), latest.resolve("report.html"), List.copyOf(bench.results.brokeOff.values()));
  }

  private void runAll() throws Exception {
    List<String> frameworks = options.target() != null ? List.of(options.target().getAuthority())
        : launchers.runnable(options.runFrameworks(launchers.jdks()), why -> {
          System.out.println(why);
          results.notes.add(why);
        });
    if (options.target() != null) {
      results.notes.add("Loaded an already running server (" + options.target() + "): no CPU, memory or GC figures, no other modes.");
      FirstPass.get(options.target().toString(), "/health"); // fails early when nothing answers there
    } else if (frameworks.isEmpty()) {
      throw new Cli.UsageException("--java: no chosen framework runs on " + Conditions.jdks(launchers.jdks(), true));
    } else {
      results.feed = ServedFeed.resolve(options.gtfs());
      for (String framework : frameworks) results.settings.put(framework, launchers.description(framework).settings());
    }
    Conditions.before(results, options, launchers, frameworks, cpus);
    RunPlan plan = options.plan(frameworks, results.heap);
    results.rates = options.rates();
    Scenario.Settings settings = options.settings(results.rates);
    List<RunPlan.Run> calibration = plan.calibration(settings);
    int expected = plan.expectedSeconds(settings);
    progress = new Progress(expected);
    List<RunPlan.Run> planned = plan.rounds(options.settings(RunPlan.PLACEHOLDER_RATES));
    long limitsOff = options.limits().on() ? planned.stream().filter(r -> !r.limits()).count() : 0;
    launchers.registry().unavailable().forEach((f, why) -> System.out.println("Not run here: " + f + " (" + why + ")"));
    System.out.printf("Plan: %d server runs%s in %d round(s)%s, profile %s; expected to take %s%n", planned.size(),
        limitsOff == 0 ? "" : " (" + limitsOff + " of them with limits off, each beside the same run with limits on)", options.repeat(),
        calibration.isEmpty() ? "" : " after a calibration of " + calibration.size(), options.profile().label(), Progress.until(expected));
    try (ClientSide client = new ClientSide(cpus, options.target() == null)) {
      if (!client.pinned.isEmpty()) results.conditions.put("Client side pinned", client.pinned);
      for (int i = 0; i < calibration.size(); i++)
        execute(calibration.get(i), i + 1 < calibration.size() ? calibration.get(i + 1) : planned.isEmpty() ? null : planned.get(0), results.calibration);
      if (!calibration.isEmpty()) {
        results.rates = plan.calibrating(settings).calibrated(results.calibration);
        System.out.println("Rates from the calibration: " + results.rates + " requests/s");
      }
      List<RunPlan.Run> rounds = plan.rounds(options.settings(results.rates));
      for (int i = 0; i < rounds.size(); i++) execute(rounds.get(i), i + 1 < rounds.size() ? rounds.get(i + 1) : null, results.rows);
      reports.forEach((run, report) -> {
        try {
          results.gatlingReports.put(run, report.get(REPORT_MINUTES, TimeUnit.MINUTES).resolve("index.html"));
        } catch (Exception e) {
          results.notes.add("No Gatling report for " + run + ": " + (e.getCause() != null ? e.getCause() : e));
        }
      });
    } finally {
      prelaunched.values().forEach(GatlingRun.Launched::close);
      prestarted.values().forEach(Bench::closeWhenStarted);
    }
  }

  /**
   * Gatling's JVMs started for the next run during this one's steps, by run name: only in the quick profile, which
   * measures nothing, so that a start taking seconds on the client CPU never waits between two runs.
   */
  private final Map<String, GatlingRun.Launched> prelaunched = new ConcurrentHashMap<>();

  /** Each run's Gatling report, by run name in the order they ran: written once its run has been measured. */
  private final Map<String, CompletableFuture<Path>> reports = new java.util.LinkedHashMap<>();
  /** How long the run waits at its end for a Gatling report still being written. */
  private static final long REPORT_MINUTES = 5;

  /** The run's Gatling JVM: started during the last run's steps, or now. */
  private GatlingRun.Launched gatlingFor(RunPlan.Run run) throws IOException {
    GatlingRun.Launched started = prelaunched.remove(run.name());
    return started != null ? started : launchGatling(run);
  }

  /** Gatling's JVM for the run, on the client CPUs, waiting for its plan. */
  private GatlingRun.Launched launchGatling(RunPlan.Run run) throws IOException {
    return GatlingRun.launch(gatlingDir(run), Cpus.taskset(cpus.measuring()));
  }

  /** Whether the run is not run: its framework broke off earlier, or its server refused these flags. */
  private boolean skipped(RunPlan.Run run) {
    return results.brokeOff.containsKey(run.framework()) || unsupported.contains(run.framework() + "|" + run.serverFlags());
  }

  /** How progress lines name the run: its round, framework, mode, and heap and limits where not the run's. */
  private String titleOf(RunPlan.Run run) {
    return (run.round() == 0 ? "calibration" : "round " + run.round() + "/" + options.repeat()) + ", " + run.framework()
        + " " + run.mode().label + (run.heap().equals(results.heap) ? "" : " (heap " + run.heap() + ")") + (run.limits() ? "" : ", limits off");
  }

  /** Starts the run's server (unless --target), measures its steps through Gatling, stops it. */
  private void execute(RunPlan.Run run, RunPlan.Run next, List<Results.Row> into) {
    String title = titleOf(run);
    if (skipped(run)) {
      GatlingRun.Launched unused = prelaunched.remove(run.name());
      if (unused != null) unused.close();
      closeWhenStarted(prestarted.remove(run.name()));
      System.out.println(progress.done(run.expectedSeconds()));
      return;
    }
    try {
      if (options.target() != null) {
        measure(run, next, title, options.target().toString(), null, null, null, into);
      } else {
        // Gatling's JVM starts on the client CPUs while the server starts on its own, and waits for its plan; not
        // beside a start whose time the report gives (the idiomatic server's, limits on, at the run's heap), unless
        // the profile measures nothing
        boolean startTimed = run.mode() == Mode.IDIOMATIC && run.limits() && run.heap().equals(results.heap);
        try (GatlingRun.Launched gatling = startTimed && !options.quick() ? null : gatlingFor(run);
            ServerProcess server = serverFor(run, title)) {
          if (run.mode() == Mode.IDIOMATIC && !results.servers.containsKey(run.framework()))
            results.servers.put(run.framework(), new Results.ServerStart(run.framework(), server.started.loadedFrom(),
                server.started.loadMillis(), server.started.heapBytes()));
          if (startTimed) {
            Results.Startup startup = server.startup(run.framework());
            if (startup != null) results.startups.add(startup);
          }
          if (server.probe != null) Conditions.server(results, server.probe);
          measure(run, next, title, server.baseUrl, server, servedFeed(run), gatling, into);
        }
      }
    } catch (ServerProcess.FlagsUnsupported e) {
      unsupported.add(run.framework() + "|" + run.serverFlags());
      results.notes.add("No " + run.mode().label + " run" + (run.limits() ? "" : " with limits off") + " for " + run.framework() + ": "
          + e.getMessage());
      System.out.println("[" + title + "] " + e.getMessage() + ": skipped");
    } catch (Exception e) { // the other frameworks still run, and the report says what went wrong
      results.brokeOff.put(run.framework(), run.framework() + " (" + title + "): " + e.getMessage());
      System.out.println("[" + title + "] failed: " + e.getMessage());
    }
    System.out.println(progress.done(run.expectedSeconds()));
  }

  /**
   * Servers started for the next run during this one's steps, by run name: as Gatling's JVMs are (prelaunched), only in
   * the quick profile, whose figures (a start's time included) say nothing, so that no run waits for its server's start.
   */
  private final Map<String, CompletableFuture<ServerProcess>> prestarted = new ConcurrentHashMap<>();

  /** The run's server: started during the last run's steps, or now. */
  private ServerProcess serverFor(RunPlan.Run run, String title) throws IOException, ServerProcess.FlagsUnsupported {
    CompletableFuture<ServerProcess> started = prestarted.remove(run.name());
    if (started == null) return startServer(run, title);
    try {
      return started.join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof ServerProcess.FlagsUnsupported refused) throw refused;
      if (e.getCause() instanceof IOException failed) throw failed;
      throw e;
    }
  }

  /** Starts the run's server on the server CPUs, with its mode's and limits' flags, on its feed. */
  private ServerProcess startServer(RunPlan.Run run, String title) throws IOException, ServerProcess.FlagsUnsupported {
    System.out.println("[" + title + "] starting the server on " + results.feed.getFileName());
    Path served = servedFeed(run);
    if (!served.equals(results.feed)) ServerProcess.copyFeed(results.feed, served);
    List<String> command = new ArrayList<>(ServerProcess.command(launchers, run.framework(), run.serverFlags(), run.heap(), served,
        Cpus.taskset(cpus.measured())));
    if (!served.equals(results.feed)) command.addAll(List.of("--snapshot", "off")); // a new feed is parsed from its CSV
    return ServerProcess.start(command, run.framework(), run.serverFlags(), dir.resolve("logs").resolve(run.name() + ".log"));
  }

  /** The feed the run's server serves: its own copy where a step replaces it, else the run's feed. */
  private Path servedFeed(RunPlan.Run run) {
    boolean replaces = run.steps().stream().anyMatch(s -> Scenarios.named(s.scenario()).replacesFeed());
    return replaces ? dir.resolve("feeds").resolve(run.name()).resolve(results.feed.getFileName()) : results.feed;
  }

  private static java.util.concurrent.Executor onItsOwnThread(String name) {
    return runnable -> {
      Thread t = new Thread(runnable, name);
      t.setDaemon(true);
      t.start();
    };
  }

  private static void closeWhenStarted(CompletableFuture<ServerProcess> server) {
    if (server != null) server.thenAccept(ServerProcess::close);
  }

  /** Where a run's Gatling writes. */
  private Path gatlingDir(RunPlan.Run run) { return dir.resolve("gatling").resolve(run.name()); }

  /**
   * One Gatling run of the run's steps against a server; server is null when it was not started here. served is
   * the feed path it serves, for a scenario that replaces it; gatling, Gatling's JVM if launched already; next, the
   * run after this one, whose Gatling the quick profile starts once this run's steps have.
   */
  private void measure(RunPlan.Run run, RunPlan.Run next, String title, String baseUrl, ServerProcess server, Path served,
      GatlingRun.Launched gatling, List<Results.Row> into) throws Exception {
    if (firstPass == null) {
      System.out.println("[" + title + "] first pass: every path once, for the expected body lengths");
      firstPass = FirstPass.run(baseUrl, results.feed != null ? results.feed : ServedFeed.resolve(options.gtfs()), dir);
      results.routes = firstPass.routes();
    }
    List<AutoCloseable> watching = new ArrayList<>();
    Map<Integer, CompletableFuture<Results.Background>> backgrounds = new ConcurrentHashMap<>();
    GatlingRun.StepListener duringSteps = (index, at) -> {
      if (index == 0 && options.quick() && options.target() == null && next != null) {
        try {
          prelaunched.put(next.name(), launchGatling(next));
        } catch (IOException e) {
          System.out.println("[" + title + "] Gatling for the next run: " + e + "; started when its run starts");
        }
        if (!skipped(next))
          prestarted.put(next.name(), CompletableFuture.supplyAsync(() -> {
            try {
              return startServer(next, titleOf(next));
            } catch (IOException | ServerProcess.FlagsUnsupported e) {
              throw new java.util.concurrent.CompletionException(e);
            }
          }, onItsOwnThread("start-" + next.name())));
      }
      Step step = run.steps().get(index);
      Scenario scenario = Scenarios.named(step.scenario());
      if (server == null) return;
      if (scenario.replacesFeed()) watching.add(server.watchReloads());
      ServerUnderTest underTest = new ServerUnderTest() {
        public int port() { return Integer.parseInt(server.baseUrl.substring(server.baseUrl.lastIndexOf(':') + 1)); }

        public String largestPath() { return firstPass.largestPath(); }

        public void replaceFeed() { server.replaceFeed(results.feed, served); }
      };
      backgrounds.put(index, CompletableFuture.supplyAsync(() -> {
        try {
          return scenario.whileMeasured(step, underTest);
        } catch (InterruptedException | RuntimeException e) {
          System.out.println("[" + title + "] " + step.label() + ": " + e);
          return null;
        }
      }, onItsOwnThread("while-" + step.label())));
    };
    // the server's CPU profile starts while Gatling takes its plan, which takes it longer than the profile its start,
    // and the first step's warm-up comes before anything measured
    CompletableFuture<Long> recording = server == null || server.probe == null ? null : CompletableFuture.supplyAsync(() -> {
      try {
        return server.probe.startProfile();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }, onItsOwnThread("profile-" + run.name()));
    GatlingRun.Result measured;
    try {
      SimulationPlan plan = firstPass.plan(baseUrl, run.steps());
      java.util.function.Consumer<String> progressLine = line -> System.out.println("[" + title + "] " + line);
      try (GatlingRun.Launched launched = gatling != null ? null : launchGatling(run)) {
        // the quick profile, which measures nothing, goes on while Gatling writes its report
        measured = GatlingRun.run(gatling != null ? gatling : launched, plan, progressLine, duringSteps, options.quick());
      }
    } finally {
      for (AutoCloseable w : watching) w.close();
    }
    reports.put(run.name(), measured.report());
    CpuProfile profile = null;
    if (recording != null) {
      Path file = dir.resolve("profiles").resolve(run.name() + ".jfr");
      Files.createDirectories(file.getParent());
      try {
        server.probe.stopProfile(recording.join(), file);
      } catch (java.util.concurrent.CompletionException e) {
        if (e.getCause() instanceof java.io.UncheckedIOException failed) throw failed.getCause();
        throw e;
      }
      profile = CpuProfile.read(file, launchers.description(run.framework()).encodingFrames());
    }
    Conditions.client(results, measured.clientCollectors());
    String down = server == null ? null : server.down();
    for (int i = 0; i < run.steps().size(); i++) {
      GatlingRun.StepRun s = measured.steps().get(i);
      Step step = run.steps().get(i);
      if (s.end() <= s.start()) throw new IOException("step " + step.label() + " did not finish; see " + gatlingDir(run));
      CompletableFuture<Results.Background> background = backgrounds.get(i);
      into.add(new Results.Row(run.framework(), run.mode(), run.heap(), run.limits(), run.round(), step, measurement(step, s, server, profile,
          down, background == null ? null : background.get(step.durationSeconds() + 60L, TimeUnit.SECONDS))));
    }
  }

  /**
   * What a step measured: Gatling's answers and times, the server's and client's use over its window, whether the
   * server stayed up through its run (down: why not), and what the harness's own clients met beside Gatling's.
   */
  private Results.Measurement measurement(Step step, GatlingRun.StepRun s, ServerProcess server, CpuProfile profile, String down,
      Results.Background background) {
    // an open step's requests arrive over its duration: fewer answered in it means the server fell behind
    double seconds = step.open() ? Math.max(s.seconds(), step.durationSeconds()) : s.seconds();
    Results.ServerUse serverUse = server == null ? null : new Results.ServerUse(server.stats.window(s.start(), s.end()),
        server.probe == null ? null : server.probe.window(s.start(), s.end()), profile == null ? null : profile.count(s.start(), s.end()),
        profile == null ? null : profile.threads(s.start(), s.end()), server.events(s.start(), s.end(), Scenarios.named(step.scenario()).eventsAfterStepMillis()), down);
    return new Results.Measurement(new Results.Answers(s.count("ok"), s.count("failed"), s.count("lost")), seconds, s.ok(), serverUse,
        new Results.ClientUse(s.client(), s.clientGc(), cpus.measuring().size()), s.connectionsAccepted(),
        new Results.Timeline(s.start(), s.timeline()), background, s.loopbackBytes());
  }
}
