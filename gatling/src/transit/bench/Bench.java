package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import transit.bench.plan.Comparison;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.plan.Plan;
import transit.bench.report.Format;
import transit.bench.report.Report;
import transit.bench.results.Measurement;
import transit.bench.results.Pair;
import transit.bench.results.Ranking;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.results.Settling;
import transit.bench.results.Slice;
import transit.bench.run.ClientSide;
import transit.bench.run.Control;
import transit.bench.run.CpuProfile;
import transit.bench.run.FirstPass;
import transit.bench.run.GatlingRun;
import transit.bench.run.Jdk;
import transit.bench.run.Launchers;
import transit.bench.run.ServerProcess;
import transit.bench.run.Servers;
import transit.bench.run.SimulationPlan;
import transit.bench.scenario.Background;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.ServerUnderTest;
import transit.bench.scenario.Step;
import transit.cli.Cli;
import transit.measure.Cpus;
import transit.measure.Machine;
import transit.server.Mode;
import transit.server.ServedFeed;

/**
 * Runs what the options ask for (Plan), group by group: a group's servers started together, each in its own JVM (same
 * flags, same feed, a free port, all pinned to the server CPUs), and kept up; then each of its comparisons: every server
 * warmed up on the comparison's work until it settles (Settling) or reaches the cap, then rounds of slices, each round
 * every server once in a fresh random order, driven by Gatling on the client CPUs, a batch of rounds per Gatling run. A
 * comparison takes the profile's least rounds, then more while a pair is undecided and the budget lasts. Then
 * results/<timestamp>/ (Report).
 */
public final class Bench {
  /** A fixed-work slice's least requests per user: for a slow server's slices cost the round its time. */
  static final int LEAST_REQUESTS_PER_USER = 2;
  /** Each user's requests in a comparison's first warm-up slices, before any rate is known: few, for a cold server is slow. */
  static final int FIRST_WARMUP_REQUESTS_PER_USER = 1;
  /** The most rounds a comparison takes, whatever its budget. */
  static final int MOST_ROUNDS = 60;
  /** Seconds the report and the servers' stop take at the end, kept out of the budget for rounds. */
  static final int CLOSING_SECONDS = 20;

  private final Options options;
  private final Launchers launchers;
  private final Path dir;
  private final Results results;
  private final Cpus.Split cpus;
  private final Random random;
  private final Set<String> unsupported = new HashSet<>(); // build|flags a server refused
  private final long startedNanos = System.nanoTime();
  private Plan plan;
  private FirstPass firstPass; // from the first server that answers: the lengths every server must match
  private Progress progress;
  private int batches; // Gatling runs so far, for their folders' names
  private List<Integer> leastEach; // each comparison's least seconds, in run order (Plan#leastSecondsEach)
  private int place; // comparisons measured so far

  private Bench(Options options, Launchers launchers, Path dir) {
    this.options = options;
    this.launchers = launchers;
    this.dir = dir;
    try {
      this.cpus = Cpus.split(Cpus.ofThisProcess(), options.serverCpus(), options.clientCpus());
    } catch (IllegalArgumentException e) {
      throw new Cli.UsageException("--server-cpus/--client-cpus: " + e.getMessage());
    }
    String heap = options.heap() != null ? options.heap() : launchers.defaultHeap();
    this.results = new Results(options.scenarios(), options.profile(), heap, options.heaps(), options.limits().on(), options.margin(),
        cpus.measured().size());
    this.random = new Random(options.seed());
  }

  /** report.md, report.html as results/latest/ shows it, and the servers whose runs broke off (with why). */
  public record Outcome(Path report, Path html, List<String> failures) {}

  /** Runs every group and comparison the options choose, then writes the report. */
  public static Outcome run(Options options, Launchers launchers) throws Exception {
    if (options.target() == null) launchers = launchers.on(Jdk.resolve(options.javaGiven(), launchers.registry().jdk(), launchers.registry().jdks()));
    if (options.against() != null)
      launchers = launchers.with(transit.bench.run.Against.build(launchers.workspace(), options.against(), options.frameworks(),
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
    System.out.println("Finished in " + Format.duration(bench.elapsedSeconds()));
    return new Outcome(dir.resolve("report.md"), latest.resolve("report.html"), List.copyOf(bench.results.brokeOff.values()));
  }

  private long elapsedSeconds() { return (System.nanoTime() - startedNanos) / 1_000_000_000L; }

  private void runAll() throws Exception {
    List<String> frameworks = options.target() != null ? List.of(options.target().getAuthority()) : options.frameworks();
    results.rates = options.rates();
    if (options.target() != null) {
      results.notes.add("Loaded an already running server (" + options.target() + "): no CPU, memory or GC figures, no other modes.");
      FirstPass.get(options.target().toString(), "/health"); // fails early when nothing answers there
    } else {
      results.feed = ServedFeed.resolve(options.gtfs());
      for (String framework : frameworks) results.settings.put(framework, launchers.description(framework).settings());
    }
    long memory = Machine.availableMemoryBytes() - GATLING_BYTES - MARGIN_BYTES;
    plan = options.plan(frameworks, launchers.jdks().stream().map(Jdk::version).toList(), results.heap, memory);
    List<String> unrunnable = options.target() != null ? List.of()
        : plan.groups().stream().flatMap(g -> g.contestants().stream()).map(launchers::unrunnable).filter(w -> w != null).distinct().toList();
    unrunnable.forEach(why -> {
      System.out.println("Not run: " + why);
      results.notes.add("Not run: " + why + ".");
    });
    Conditions.before(results, options, launchers, plan, cpus);
    Scenario.Settings settings = options.settings(options.rates());
    leastEach = plan.leastSecondsEach(settings);
    int least = plan.leastSeconds(settings);
    long budget = options.budgetSeconds();
    progress = new Progress(least, budget);
    launchers.registry().unavailable().forEach((f, why) -> System.out.println("Not run here: " + f + " (" + why + ")"));
    printPlan(settings, least, budget, memory);
    try (ClientSide client = new ClientSide(cpus, options.target() == null)) {
      if (!client.pinned.isEmpty()) results.conditions.put("Client side pinned", client.pinned);
      for (Group group : plan.groups()) runGroup(group);
    }
  }

  /** What Gatling's JVM takes (its fixed 2 GB heap and the rest), and what is kept free beside the servers. */
  static final long GATLING_BYTES = (2L << 30) + (512L << 20), MARGIN_BYTES = 1L << 30;

  private void printPlan(Scenario.Settings settings, int least, long budget, long memory) {
    List<Group> groups = plan.groups();
    int servers = groups.stream().mapToInt(g -> g.contestants().size()).sum();
    int most = groups.stream().mapToInt(g -> g.contestants().size()).max().orElse(0);
    System.out.printf("Plan: %d server%s in %d group%s (at most %d up at once; %s free for them), profile %s, seed %d%n", servers,
        servers == 1 ? "" : "s", groups.size(), groups.size() == 1 ? "" : "s", most, Format.bytes(memory), options.profile().label(), options.seed());
    for (Group g : groups) {
      List<Comparison> comparisons = plan.comparisons(g, settings);
      System.out.println("  " + g.label() + ": " + String.join(", ", g.contestants().stream().map(c -> c.label(results.heap)).toList())
          + "; " + comparisons.size() + " comparison" + (comparisons.size() == 1 ? "" : "s") + ": "
          + String.join(", ", comparisons.stream().map(c -> c.step().label()).toList()));
    }
    System.out.println("Each comparison: warm-up until settled (at most " + options.warmupSeconds() + " s a server), then at least "
        + plan.leastRounds() + " round" + (plan.leastRounds() == 1 ? "" : "s") + " of " + options.sliceSeconds() + " s slices"
        + (budget > least ? ", and more while a pair is undecided (margin ±" + Math.round(options.margin() * 100) + " %)" : ""));
    if (options.instances() > 1)
      System.out.println("Each set-up started " + options.instances() + " times (--instances): a pair is decided only where all its instances agree");
    System.out.println("Expected to take " + Progress.until(least) + (budget > least
        ? "; at most " + Format.duration(budget) + " (--budget) with the rounds added where pairs are undecided"
        : budget < least && options.budgetSeconds() > 0 ? "; beyond the budget of " + Format.duration(budget) + ": no rounds will be added" : ""));
  }

  /** Starts a group's servers, measures each of its comparisons, stops them and reads their recordings. */
  private void runGroup(Group group) {
    System.out.println("[" + group.label() + "] starting " + group.contestants().size() + " server" + (group.contestants().size() == 1 ? "" : "s"));
    try (Servers servers = options.target() != null ? Servers.target(group.contestants().get(0), options.target().toString()) : new Servers()) {
      if (options.target() == null) for (Contestant c : group.contestants()) start(group, c, servers);
      if (servers.up().isEmpty()) {
        place += plan.comparisons(group, options.settings(results.rates)).size() + (plan.calibration(group, options.settings(results.rates)) == null ? 0 : 1);
        return;
      }
      try {
        if (firstPass == null) {
          System.out.println("[" + group.label() + "] first pass: every path once, for the expected body lengths");
          firstPass = FirstPass.run(servers.url(servers.up().get(0)), results.feed != null ? results.feed : ServedFeed.resolve(options.gtfs()), dir);
          results.routes = firstPass.routes();
        }
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException("the first pass failed: " + e.getMessage(), e);
      }
      long peak = Math.max(0, servers.rssBytes());
      Comparison calibration = plan.calibration(group, options.settings(results.rates));
      if (calibration != null) {
        peak = Math.max(peak, measure(group, calibration, servers, true));
        Scenario calibrating = plan.calibrating(options.settings(results.rates));
        List<Double> figures = Results.rounds(results.calibration().stream().filter(s -> s.group().equals(group)).toList()).stream()
            .map(r -> r.spread(Measurement::requestsPerSecond)).filter(s -> s != null).map(s -> s.median()).toList();
        results.rates = calibrating.calibrated(figures);
        System.out.println("Rates from the calibration: " + results.rates + " requests/s");
      }
      List<Comparison> comparisons = plan.comparisons(group, options.settings(results.rates));
      if (options.quick()) peak = Math.max(peak, measureAtOnce(group, comparisons, servers));
      else for (int i = 0; i < comparisons.size(); i++) peak = Math.max(peak, measure(group, comparisons.get(i), servers, i == 0 && calibration == null));
      results.atOnce.add(new Results.AtOnce(group, servers.up().size(), peak == 0 ? -1 : peak));
      Map<Contestant, CpuProfile> profiles = servers.profiles(dir.resolve("profiles").resolve(group.mode().label + "-" + group.number()),
          c -> launchers.description(c).encodingFrames());
      withProfiles(group, profiles);
    } catch (RuntimeException e) { // the other groups still run, and the report says what went wrong
      Path trace = dir.resolve("logs").resolve(group.mode().label + "-" + group.number() + "-failure.log");
      try (java.io.PrintWriter out = new java.io.PrintWriter(Files.newBufferedWriter(trace))) {
        e.printStackTrace(out);
      } catch (IOException written) {
        // the message below is all there is
      }
      results.brokeOff.put(group.label(), group.label() + ": " + e + " (its trace: " + dir.relativize(trace) + ")");
      System.out.println("[" + group.label() + "] failed: " + e + "; its trace is in " + trace);
    }
  }

  /** Starts a server of the group on the server CPUs, unless it cannot run here; its start is timed where the report gives it. */
  private void start(Group group, Contestant c, Servers servers) {
    if (launchers.unrunnable(c) != null) return;
    String title = "[" + c.label(results.heap) + "]";
    try {
      Path served = servedFeed(group, c);
      System.out.println(title + " starting the server on " + results.feed.getFileName());
      if (!served.equals(results.feed)) ServerProcess.copyFeed(results.feed, served);
      List<String> command = new ArrayList<>(ServerProcess.command(launchers, c, served, Cpus.taskset(cpus.measured())));
      if (!served.equals(results.feed)) command.addAll(List.of("--snapshot", "off")); // a new feed is parsed from its CSV
      ServerProcess server = ServerProcess.start(command, c.name(), c.serverFlags(), dir.resolve("logs").resolve(c.fileName() + ".log"));
      if (c.mode() == Mode.IDIOMATIC && !results.servers.containsKey(c.build()))
        results.servers.put(c.build(), new Results.ServerStart(c.build(), server.started.loadedFrom(), server.started.loadMillis(), server.started.heapBytes()));
      if (c.mode() == Mode.IDIOMATIC && c.limits() && c.heap().equals(results.heap)) {
        ServerProcess.Start start = server.startup();
        if (start != null)
          results.startups.add(new Results.Startup(c.name(), server.started.loadedFrom(), start.startupMillis(), server.started.loadMillis(),
              start.idleRssBytes(), start.idleLiveHeapBytes()));
      }
      if (server.probe != null) Conditions.server(results, server.probe);
      servers.add(c, server);
    } catch (ServerProcess.FlagsUnsupported e) {
      unsupported.add(c.build() + "|" + c.serverFlags());
      results.notes.add("No " + c.label(results.heap) + " server: " + e.getMessage());
      System.out.println(title + " " + e.getMessage() + ": skipped");
    } catch (IOException e) {
      results.brokeOff.put(c.label(results.heap), c.label(results.heap) + ": " + e.getMessage());
      System.out.println(title + " failed: " + e.getMessage());
    }
  }

  /** The feed a server serves: its own copy where one of its group's scenarios replaces it, else the run's feed. */
  private Path servedFeed(Group group, Contestant c) {
    boolean replaces = plan.comparisons(group, options.settings(Plan.PLACEHOLDER_RATES)).stream()
        .anyMatch(k -> k.contestants().contains(c) && Scenarios.named(k.step().scenario()).replacesFeed());
    return replaces ? dir.resolve("feeds").resolve(c.fileName()).resolve(results.feed.getFileName()) : results.feed;
  }

  /**
   * One comparison, in one Gatling run decided as its slices end: warm-up rounds of time-bounded slices, its work sized
   * from them (each user the same count of requests, a slice's time at the servers' median rate), then rounds until
   * every pair is decided or its share of the budget is spent; a server's measured slices count once its JIT has
   * settled (Settling) or it has had the warm-up's cap of load. Returns the most RSS its servers held together.
   */
  private long measure(Group group, Comparison comparison, Servers servers, boolean firstOfGroup) {
    List<Contestant> up = comparison.contestants().stream().filter(c -> servers.url(c) != null).toList();
    if (up.isEmpty()) {
      place++;
      return 0;
    }
    String title = "[" + group.label() + ", " + comparison.step().label() + (comparison.calibration() ? ", calibration" : "") + "]";
    Scenario scenario = Scenarios.named(comparison.step().scenario());
    Step planned = comparison.step();
    boolean sized = scenario.sizedToSlice() && !planned.open();
    int warmupRounds = firstOfGroup && !comparison.calibration() ? Plan.FIRST_WARMUP_ROUNDS : Plan.WARMUP_ROUNDS;
    int least = comparison.calibration() ? 1 : plan.leastRounds();
    int most = comparison.calibration() ? 1 : planned.open() ? least : MOST_ROUNDS;
    // a closed loop of fixed work warms up on fixed work too, so that its users loop over every slice in one population
    boolean looping = !planned.open() && (sized || planned.fixedWork());
    Step warmStep = !looping ? planned.forSeconds(Math.min(planned.seconds(), options.sliceSeconds()))
        : planned.withRequests(sized ? FIRST_WARMUP_REQUESTS_PER_USER : Math.max(1, planned.requests() * options.sliceSeconds() / Math.max(1, planned.seconds())),
            options.sliceSeconds());
    Slice.Kind kind = comparison.calibration() ? Slice.Kind.CALIBRATION : Slice.Kind.MEASURED;
    List<Batch.Turn> turns = new ArrayList<>(rounds(comparison, up, warmStep, Slice.Kind.WARMUP, 1, warmupRounds));
    int warmEnd = turns.size(), perRound = up.size();
    turns.addAll(rounds(comparison, up, sized ? planned.withRequests(LEAST_REQUESTS_PER_USER, planned.seconds()) : planned, kind, 1, most));
    long started = System.nanoTime();
    Map<Contestant, List<Measurement>> warm = new LinkedHashMap<>();
    Map<Contestant, Double> loaded = new LinkedHashMap<>(); // seconds of load each server has had in this comparison
    Set<Contestant> settled = new HashSet<>();
    String[] why = {null};
    int[] perUser = {0}, decidedRounds = {0}, rounds = {0};
    long[] roundStarted = {0};
    Batch.Decider decider = new Batch.Decider() {
      public void start(Control control) {
        for (int i = 0; i < (sized && looping ? perRound : warmEnd); i++) control.go(0); // a sized warm-up's later rounds: from the one before
        control.publish();
      }

      public Slice keep(int index, Slice slice) {
        Contestant c = slice.contestant();
        loaded.merge(c, slice.m().seconds(), Double::sum);
        if (index < warmEnd) {
          warm.computeIfAbsent(c, k -> new ArrayList<>()).add(slice.m());
          return slice;
        }
        if (settled.contains(c) || comparison.calibration()) return slice;
        boolean jit = Settling.settled(slice.m());
        if (!jit && loaded.get(c) < options.warmupSeconds()) return new Slice(slice.group(), c, slice.step(), Slice.Kind.WARMUP, slice.round(),
            slice.seed(), slice.startMillis(), slice.m(), slice.idleCpu());
        settled.add(c);
        int before = warm.getOrDefault(c, List.of()).size() + (slice.round() - 1);
        results.warmups.add(new Results.Warmup(group, c, planned, before, loaded.get(c) - slice.m().seconds(), jit));
        if (!jit) System.out.println(title + " " + c.label(results.heap) + " did not settle within " + options.warmupSeconds() + " s of load");
        return slice;
      }

      public void ended(int index, Slice slice, Control control) {
        if (index < warmEnd && (index + 1) % perRound == 0) {
          perUser[0] = sized ? workPerUser(planned, lastOfEach(warm)) : 0;
          if (index + 1 == warmEnd) {
            decidedRounds[0] = least;
            decideRound(control);
          } else if (sized && looping) decideRound(control);
          roundStarted[0] = System.nanoTime();
          return;
        }
        if (index < warmEnd || (index - warmEnd + 1) % perRound != 0) return;
        rounds[0]++;
        if (sized) perUser[0] = workPerUser(planned, lastRound(perRound)); // a slice's time at the servers' rates now
        double roundSeconds = (System.nanoTime() - roundStarted[0]) / 1e9;
        roundStarted[0] = System.nanoTime();
        long warming = up.size() - settled.size();
        // a server still warming up has its least rounds to come, whatever the budget: the warm-up's cap bounds the wait
        if (warming > 0 && !comparison.calibration()) decidedRounds[0] = Math.min(most, Math.max(decidedRounds[0], rounds[0] + least));
        if (rounds[0] < decidedRounds[0]) { // committed to: no look at the intervals before it
          decideRound(control);
          return;
        }
        if (comparison.calibration()) {
          stop(control, "a calibration takes one round");
          return;
        }
        Ranking ranking = results.ranking(group, planned);
        List<Pair> pairs = results.pairs(group, planned);
        long undecided = ranking.neighbours() - ranking.decided() + pairs.stream().filter(p -> !p.decision().decided() && p.unjudged() == null).count()
            + warming;
        System.out.println(title + " round " + rounds[0] + ": " + standings(ranking) + " (" + (undecided == 0 ? "every pair decided"
            : (undecided - warming) + " pair" + (undecided - warming == 1 ? "" : "s") + " undecided" + (warming == 0 ? "" : ", " + warming + " warming up")) + ")");
        if (undecided == 0) stop(control, ranking.places().size() + ranking.apart().size() < 2 && pairs.isEmpty() ? "one server: nothing to compare"
            : "every pair decided");
        else if (options.budgetSeconds() == 0) stop(control, "the profile adds no rounds");
        else if (rounds[0] >= most) stop(control, "the most rounds reached (" + most + ")");
        else {
          // the next look at the intervals a third further on: few looks, for each look is a chance to stop on noise
          int more = (int) Math.min(Math.min(Math.max(2, rounds[0] / 3), most - rounds[0]), Math.floor(allowance(place) / Math.max(1, roundSeconds)));
          if (more <= 0) stop(control, "its share of the budget spent");
          else {
            decidedRounds[0] += more;
            decideRound(control);
          }
        }
      }

      /** The next round runs, its slices sized as the last round's rates say. */
      private void decideRound(Control control) {
        for (int i = 0; i < perRound && control.decided() < turns.size(); i++) control.go(perUser[0]);
        control.publish();
      }

      private void stop(Control control, String reason) {
        why[0] = reason;
        while (control.decided() < turns.size()) control.skip();
        control.publish();
      }
    };
    Batch batch = new Batch(results, group, servers, firstPass, cpus, dir);
    String name = String.format("%03d-%s-%s", ++batches, group.mode().label + group.number(), planned.label().replaceAll("[^A-Za-z0-9.]+", "-"));
    batch.run(name, turns, decider, c -> servedFeed(group, c));
    up.stream().filter(c -> !settled.contains(c) && !comparison.calibration())
        .forEach(c -> results.warmups.add(new Results.Warmup(group, c, planned, warm.getOrDefault(c, List.of()).size() + rounds[0],
            loaded.getOrDefault(c, 0.0), false)));
    double seconds = (System.nanoTime() - started) / 1e9;
    results.stopped.add(new Results.Stopped(group, planned, rounds[0], seconds, why[0] == null ? "ended" : why[0]));
    System.out.println(title + " " + rounds[0] + " round" + (rounds[0] == 1 ? "" : "s") + " in " + Format.duration(Math.round(seconds)) + ": " + why[0]);
    System.out.println(progress.line(++place, leastEach.size(), elapsedSeconds()));
    return servers.rssBytes();
  }

  /** Each server's last warm-up slice. */
  private static List<Measurement> lastOfEach(Map<Contestant, List<Measurement>> warm) {
    return warm.values().stream().filter(l -> !l.isEmpty()).map(l -> l.get(l.size() - 1)).toList();
  }

  /** The measurements of the round that ended with this slice of the run, in the results. */
  private List<Measurement> lastRound(int count) {
    List<Slice> all = results.slices;
    return all.subList(Math.max(0, all.size() - count), all.size()).stream().map(Slice::m).toList();
  }

  /** Each user's requests in a slice: a slice's time at the median rate of these slices, at least LEAST_REQUESTS_PER_USER. */
  private int workPerUser(Step step, List<Measurement> slices) {
    List<Double> rates = slices.stream().map(Measurement::requestsPerSecond).sorted().toList();
    double median = rates.isEmpty() ? 0 : rates.get(rates.size() / 2);
    return Math.max(LEAST_REQUESTS_PER_USER, (int) Math.round(options.sliceSeconds() * median / step.load()));
  }

  /**
   * The quick profile's way, which measures nothing: one round of every comparison of the group, its work as planned (no
   * warm-up to size it from), in one Gatling run. Returns the most RSS the servers held together.
   */
  private long measureAtOnce(Group group, List<Comparison> comparisons, Servers servers) {
    long started = System.nanoTime();
    List<Batch.Turn> turns = new ArrayList<>();
    for (Comparison c : comparisons) {
      List<Contestant> up = c.contestants().stream().filter(x -> servers.url(x) != null).toList();
      if (!up.isEmpty()) turns.addAll(rounds(c, up, c.step(), Slice.Kind.MEASURED, 1, 1));
    }
    if (!turns.isEmpty())
      new Batch(results, group, servers, firstPass, cpus, dir).run(String.format("%03d-%s-every-comparison", ++batches, group.mode().label + group.number()),
          turns, new Batch.Decider() {
            public void start(Control control) {
              turns.forEach(t -> control.go(0));
              control.publish();
            }

            public Slice keep(int index, Slice slice) { return slice; }

            public void ended(int index, Slice slice, Control control) {}
          }, c -> servedFeed(group, c));
    double seconds = (System.nanoTime() - started) / 1e9 / Math.max(1, comparisons.size());
    for (Comparison c : comparisons) {
      results.stopped.add(new Results.Stopped(group, c.step(), 1, seconds, "the quick profile takes one round"));
      System.out.println("[" + group.label() + ", " + c.step().label() + "] " + standings(results.ranking(group, c.step())));
      place++;
    }
    System.out.println(progress.line(place, leastEach.size(), elapsedSeconds()));
    return servers.rssBytes();
  }

  /**
   * How many more seconds of rounds the comparison of this place in the run may take: the budget's time left, less what
   * the comparisons still to come need at least, shared evenly with them.
   */
  private long allowance(int place) {
    long left = options.budgetSeconds() - elapsedSeconds() - CLOSING_SECONDS;
    long theirs = leastEach.subList(Math.min(place + 1, leastEach.size()), leastEach.size()).stream().mapToLong(Integer::longValue).sum();
    return (left - theirs) / Math.max(1, leastEach.size() - place);
  }

  /** "cask 350 › javalin 340 ? …" at their figures. */
  private String standings(Ranking ranking) {
    List<String> all = new ArrayList<>();
    for (Ranking.Place p : ranking.places())
      all.add(p.series().contestant().name() + " " + Format.figure(ranking.by(), p.figure()) + (p.decision() == null ? "" : " " + p.decision().mark));
    for (Ranking.Apart a : ranking.apart()) all.add(a.series().contestant().name() + " (" + a.why() + ")");
    return String.join(" ", all);
  }

  /**
   * Rounds of slices of a comparison's step (its work as given) for these of its servers, each round in a fresh random
   * order, a framework's servers side by side, every slice of a round drawing its users' decks from the same seed.
   */
  private List<Batch.Turn> rounds(Comparison comparison, List<Contestant> taking, Step step, Slice.Kind kind, int firstRound, int rounds) {
    List<List<Contestant>> blocks = new ArrayList<>();
    for (List<Contestant> block : comparison.blocks()) {
      List<Contestant> in = block.stream().filter(taking::contains).toList();
      if (!in.isEmpty()) blocks.add(in);
    }
    List<Batch.Turn> turns = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      long seed = random.nextLong();
      List<List<Contestant>> order = new ArrayList<>(blocks);
      Collections.shuffle(order, random);
      for (List<Contestant> block : order) {
        List<Contestant> inBlock = new ArrayList<>(block);
        Collections.shuffle(inBlock, random);
        for (Contestant c : inBlock) turns.add(new Batch.Turn(comparison, c, step, kind, firstRound + r, seed));
      }
    }
    return turns;
  }

  /** Each slice of the group's servers with its share of their recordings' samples, once the recordings are read. */
  private void withProfiles(Group group, Map<Contestant, CpuProfile> profiles) {
    for (int i = 0; i < results.slices.size(); i++) {
      Slice s = results.slices.get(i);
      CpuProfile profile = profiles.get(s.contestant());
      if (!s.group().equals(group) || profile == null || s.m().server() == null) continue;
      long end = s.startMillis() + Math.round(s.m().seconds() * 1000);
      results.slices.set(i, s.with(s.m().withServer(s.m().server().withProfile(profile.count(s.startMillis(), end),
          profile.threads(s.startMillis(), end)))));
    }
  }


}
