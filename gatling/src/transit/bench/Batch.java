package transit.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import transit.bench.plan.Comparison;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.results.Measurement;
import transit.bench.results.Results;
import transit.bench.results.Slice;
import transit.bench.run.Control;
import transit.bench.run.FirstPass;
import transit.bench.run.GatlingRun;
import transit.bench.run.ServerProcess;
import transit.bench.run.Servers;
import transit.bench.run.SimulationPlan;
import transit.bench.scenario.Background;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.ServerUnderTest;
import transit.bench.scenario.Step;
import transit.measure.Cpus;

/**
 * One Gatling run of a group's planned slices, in their order, on the client CPUs: each slice's server sampled
 * closely while it is under load, the harness's own clients beside it where its scenario has them, each slice made into
 * the run's figures as it ends (with the work its users were given) and handed to a decider, which decides the slices still to come (Control): run, with
 * their work, or skip.
 */
final class Batch {
  /** A slice to run: a server's turn at a step's work, of a comparison, of a kind, in a round. */
  record Turn(Comparison comparison, Contestant contestant, Step step, Slice.Kind kind, int round, long seed) {}

  /** Decides the run's slices as they end, in order: each slice is decided before it starts (Control#go, #skip, #publish). */
  interface Decider {
    /** Before any slice: decide the first ones. */
    void start(Control control);

    /** A slice has ended (skipped: never called for it): the slice as the run keeps it (a measured one of a server not yet settled, as warm-up). */
    Slice keep(int index, Slice slice);

    /** A slice the run has kept, with the slices before it: decide the next ones. */
    void ended(int index, Slice slice, Control control);
  }

  private final Results results;
  private final Group group;
  private final Servers servers;
  private final FirstPass firstPass;
  private final Cpus.Split cpus;
  private final Path dir;

  Batch(Results results, Group group, Servers servers, FirstPass firstPass, Cpus.Split cpus, Path dir) {
    this.results = results;
    this.group = group;
    this.servers = servers;
    this.firstPass = firstPass;
    this.cpus = cpus;
    this.dir = dir;
  }

  /** Runs the turns in one Gatling JVM named name, deciding them with decider; returns the slices run, also added to the results. */
  List<Slice> run(String name, List<Turn> turns, Decider decider, java.util.function.Function<Contestant, Path> servedFeed) {
    List<SimulationPlan.Slice> planned = turns.stream().map(t -> new SimulationPlan.Slice(servers.url(t.contestant()), t.step(), t.seed())).toList();
    Map<Integer, CompletableFuture<Background>> backgrounds = new LinkedHashMap<>();
    List<AutoCloseable> watching = new ArrayList<>();
    List<Slice> ran = new ArrayList<>();
    Path folder = dir.resolve("gatling").resolve(name);
    GatlingRun.Result run;
    try (GatlingRun.Launched gatling = GatlingRun.launch(folder, Cpus.taskset(cpus.measuring()))) {
      Control control = gatling.control();
      decider.start(control);
      GatlingRun.SliceListener listener = new GatlingRun.SliceListener() {
        public void started(int index, long at) {
          Turn t = turns.get(index);
          servers.underLoad(t.contestant());
          if (t.kind() != Slice.Kind.WARMUP) background(index, t, servedFeed.apply(t.contestant()), backgrounds, watching);
        }

        public void ended(int index, GatlingRun.SliceRun s) {
          servers.underLoad(null);
          Turn t = turns.get(index);
          Slice slice = decider.keep(index, slice(t, control.requests(index), s, backgrounds.get(index)));
          ran.add(slice);
          results.slices.add(slice);
          decider.ended(index, slice, control);
        }
      };
      run = GatlingRun.run(gatling, new SimulationPlan(planned, firstPass.routes(), firstPass.lengths()), listener);
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(name + ": " + e.getMessage(), e);
    } finally {
      for (AutoCloseable w : watching) {
        try {
          w.close();
        } catch (Exception e) {
          // a watch that ends by itself
        }
      }
    }
    try {
      results.gatlingRecords.put(name, run.records().get(30, TimeUnit.SECONDS));
    } catch (Exception e) { // Gatling's own record, not the harness's figures
      results.notes.add("Gatling's records of " + name + ": " + (e.getCause() != null ? e.getCause() : e));
    }
    Conditions.client(results, run.clientCollectors());
    // the timelines come from Gatling's interval log, read once the run is over
    for (int i = 0, k = 0; i < run.slices().size(); i++) {
      GatlingRun.SliceRun s = run.slices().get(i);
      if (s == null) continue;
      Slice slice = ran.get(k++);
      if (!s.timeline().isEmpty()) {
        Slice with = slice.with(slice.m().withTimeline(new Measurement.Timeline(s.start(), s.timeline())));
        results.slices.set(results.slices.indexOf(slice), with);
        ran.set(k - 1, with);
      }
    }
    return ran;
  }

  /** What the harness does beside Gatling during a measured slice, where its scenario does something (reload, overload). */
  private void background(int index, Turn t, Path served, Map<Integer, CompletableFuture<Background>> backgrounds, List<AutoCloseable> watching) {
    ServerProcess server = servers.process(t.contestant());
    if (server == null) return;
    Scenario scenario = Scenarios.named(t.step().scenario());
    if (scenario.replacesFeed()) watching.add(server.watchReloads());
    ServerUnderTest underTest = new ServerUnderTest() {
      public int port() { return server.port(); }

      public String largestPath() { return firstPass.largestPath(); }

      public void replaceFeed() { server.replaceFeed(results.feed, served); }
    };
    backgrounds.put(index, CompletableFuture.supplyAsync(() -> {
      try {
        return scenario.whileMeasured(t.step(), underTest);
      } catch (InterruptedException | RuntimeException e) {
        System.out.println("[" + t.contestant().label(results.heap) + "] " + t.step().label() + ": " + e);
        return null;
      }
    }, runnable -> {
      Thread thread = new Thread(runnable, "while-" + index);
      thread.setDaemon(true);
      thread.start();
    }));
  }

  /**
   * What a slice measured: Gatling's answers and times, the server's and client's use over its window, whether the server stayed up (down: why not), what the harness's own clients met, and
   * every other server's CPU meanwhile.
   */
  private Slice slice(Turn t, int requests, GatlingRun.SliceRun s, CompletableFuture<Background> running) {
    Step step = requests > 0 ? t.step().withRequests(requests, t.step().seconds()) : t.step();
    ServerProcess server = servers.process(t.contestant());
    Background background = null;
    if (running != null) {
      try {
        background = running.get(step.seconds() + 60L, TimeUnit.SECONDS);
      } catch (Exception e) {
        System.out.println("[" + t.contestant().label(results.heap) + "] " + step.label() + ": what the harness's own clients met is lost: " + e);
      }
    }
    // an open slice's requests arrive over its time: fewer answered in it means the server fell behind
    double seconds = step.open() ? Math.max(s.seconds(), step.seconds()) : s.seconds();
    Map<Contestant, Double> idle = servers.idleCpu(t.contestant(), s.start(), s.end());
    Measurement.ServerUse use = server == null ? null : new Measurement.ServerUse(server.stats.window(s.start(), s.end()),
        server.probe == null ? null : server.probe.window(s.start(), s.end()), null, null,
        server.events(s.start(), s.end(), Scenarios.named(step.scenario()).eventsAfterSliceMillis()), server.down(),
        idle.isEmpty() ? null : idle.values().stream().mapToDouble(Double::doubleValue).sum());
    Measurement m = new Measurement(new Measurement.Answers(s.ok(), s.failed(), s.lost()), seconds, s.times(), use,
        new Measurement.ClientUse(s.client(), s.clientGc(), cpus.measuring().size()), s.connectionsAccepted(), Measurement.Timeline.NONE,
        background, s.loopbackBytes());
    return new Slice(group, t.contestant(), step, t.kind(), t.round(), t.seed(), s.start(), m, idle);
  }
}
