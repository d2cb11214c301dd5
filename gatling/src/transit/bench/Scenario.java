package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/**
 * One scenario, in one place: its steps, its Gatling population (built in Gatling's JVM from the plan) and its
 * section of the report. A new scenario is a class implementing this and a line in {@link #ALL}.
 */
public interface Scenario {
  List<Scenario> ALL = List.of(new RouteScenario.Heavy(), new RouteScenario.Small(), new HelloScenario(),
      new ThinkTimeScenario(), new LatencyScenario(), new ConnectionsScenario(), new ReloadScenario());

  static List<String> names() { return ALL.stream().map(Scenario::name).toList(); }

  static Scenario named(String name) {
    return ALL.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no such scenario: " + name));
  }

  /** What the steps of a run are made from: the profile's or the user's durations and loads. */
  record Settings(Options.Profile profile, int warmupSeconds, int durationSeconds, List<Integer> users, List<Integer> rates) {
    boolean quick() { return profile == Options.Profile.QUICK; }

    /** --users if given, else these. */
    List<Integer> usersOr(List<Integer> defaults) { return users != null ? users : defaults; }
  }

  String name();

  /** One sentence for the report: what a step does. */
  String about();

  /** The steps, in run order. */
  List<Step> steps(Settings settings);

  /** The modes its steps run in: heavy and small run in every mode, the others as the framework's users write it. */
  default boolean runsIn(Mode mode) { return mode == Mode.IDIOMATIC; }

  /** The routes it requests, as a name: scenarios on the same routes share their JIT warm-up in a server run. */
  default String paths() { return "schedules"; }

  /** The Gatling population of one phase of one of its steps. */
  PopulationBuilder population(TransitSimulation.Phase phase, TransitSimulation simulation);

  /**
   * Whether its steps replace the server's feed while measured: then the server serves a copy of the feed, parsed
   * from its CSV like a new one (no snapshot), and {@link #whileMeasured} is called as each step starts.
   */
  default boolean replacesFeed() { return false; }

  /** What the harness does to the server during a measured step, on a thread of its own; swap replaces the feed. */
  default void whileMeasured(Step step, Runnable swap) throws InterruptedException {}

  /** Whether the report needs its steps' latency second by second. */
  default boolean timeline() { return false; }

  /** Its section of report.md, after the heading and the about line: by default the closed-loop tables. */
  default void report(Report report) { report.closedLoopTables(this); }
}
