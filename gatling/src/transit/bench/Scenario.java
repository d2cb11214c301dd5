package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;
import transit.server.Mode;

/**
 * One scenario, in one place: its name and help, the profiles it runs in, its steps, its Gatling population (built
 * in Gatling's JVM from the plan), a calibration if it needs one, its section of the report and its charts. A new
 * scenario is a class implementing this and a line in {@link Scenarios#ALL}.
 */
public interface Scenario {
  /** What the steps of a run are made from: the profile's or the user's durations and loads, and the open model's rates. */
  record Settings(Profile profile, int warmupSeconds, int durationSeconds, List<Integer> users, List<Integer> rates) {
    boolean quick() { return profile == Profile.QUICK; }

    /** --users if given, else these. */
    List<Integer> usersOr(List<Integer> defaults) { return users != null ? users : defaults; }
  }

  String name();

  /** One line for --help: what a step does, and at what load. */
  String help();

  /** One sentence for the report: what a step does. */
  String about();

  /** Whether a profile runs it when --scenarios does not choose. */
  boolean inProfile(Profile profile);

  /** The steps, in run order. */
  List<Step> steps(Settings settings);

  /** The modes its steps run in: by default as the framework's users write it. */
  default boolean runsIn(Mode mode) { return mode == Mode.IDIOMATIC; }

  /**
   * Whether its steps also run with the servers' limits off beside the same run with them on (--limits both), to show
   * what the limits cost where nothing overloads: by default, yes.
   */
  default boolean pairsWithLimitsOff() { return true; }

  /** The routes it requests, as a name: scenarios on the same routes share their JIT warm-up in a server run. */
  default String paths() { return "schedules"; }

  /** The Gatling population of one phase of one of its steps. */
  PopulationBuilder population(Phase phase, Traffic traffic);

  /**
   * A step each framework runs once before the rounds, whose figures set this scenario's settings (the latency
   * scenario's rates, unless given); null when it needs none.
   */
  default Step calibration(Settings settings) { return null; }

  /** The settings' rates, from the calibration's rows (one per framework). */
  default List<Integer> calibrated(List<Results.Row> calibration) { throw new UnsupportedOperationException(name() + " has no calibration"); }

  /**
   * Whether its steps replace the server's feed while measured: then the server serves a copy of the feed, parsed
   * from its CSV like a new one (no snapshot), and the harness watches it swap the new one in.
   */
  default boolean replacesFeed() { return false; }

  /**
   * What the harness does to the server during a measured step, on a thread of its own, started with the step and
   * waited for after it (the reload scenario moves a new feed over it, the overload scenario loads it with slow
   * clients), and what the harness's own clients met; null when it does nothing, or has no clients of its own.
   */
  default Results.Background whileMeasured(Step step, ServerUnderTest server) throws InterruptedException { return null; }

  /** How long after a step the server's events (a reload still under way) still belong to it. */
  default long eventsAfterStepMillis() { return 0; }

  /** Whether the report needs its steps' latency second by second. */
  default boolean timeline() { return false; }

  /** What the verdict ranks its frameworks by, at its highest load: requests/s unless it says otherwise. */
  default RankedBy rankedBy() { return RankedBy.REQUESTS_PER_SECOND; }

  /** What a closed step's load counts: users unless it says otherwise. */
  default String loadUnit() { return "users"; }

  /** What the verdict says of how a server held through its steps beside its rank (the overload scenario's); null for nothing. */
  default String held(Standing standing) { return null; }

  /** Its section of report.md, after the heading and the about line: by default the closed-loop tables. */
  default void report(ReportSection section) { section.closedLoopTables(); }

  /** Its charts: by default requests/s by users and latency percentiles. */
  default List<Charts.Named> charts(Results results) { return Charts.closedLoop(results, name()); }
}
