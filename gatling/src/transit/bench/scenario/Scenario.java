package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;
import transit.server.Mode;

/**
 * One scenario, in one place: its name and help, the profiles it runs in, its steps and their work, its Gatling
 * population (built in Gatling's JVM from the plan), a calibration if it needs one, and which tables and charts of the
 * report show it. A new scenario is a class implementing this and a line in {@link Scenarios#ALL}.
 */
public interface Scenario {
  /**
   * What the steps of a run are made from: the profile, how long a slice should take, the most load a server warms up on
   * before its slices count, the user counts given, the open model's rates.
   */
  record Settings(Profile profile, int sliceSeconds, int warmupSeconds, List<Integer> users, List<Integer> rates) {
    public boolean quick() { return profile == Profile.QUICK; }

    /** --users if given, else these. */
    public List<Integer> usersOr(List<Integer> defaults) { return users != null ? users : defaults; }

    /** The same with the open model's rates known. */
    public Settings withRates(List<Integer> known) { return new Settings(profile, sliceSeconds, warmupSeconds, users, known); }
  }

  /** The tables of the report that show a scenario, in order after its about line (the report writes each). */
  enum Table {
    /** Throughput and latency, a row per server and load; what each side used; each mode beside cached. */
    CLOSED_LOOP,
    /** Where the server's CPU goes, part by part. */
    WHERE_THE_TIME_GOES,
    /** Gzipped answers beside the same server's identity ones. */
    BESIDE_IDENTITY,
    /** Connections the server accepted per request. */
    CONNECTIONS_PER_REQUEST,
    /** An open model's rates: what each server achieved, and its latency. */
    LATENCY_BY_RATE,
    /** Feed replacements under load: how long each took, and the latency around them. */
    RELOADS,
    /** Slow clients beside a measured one: what each met, and whether the server stayed up. */
    OVERLOAD
  }

  /** The report's charts of a scenario. */
  enum Chart { REQUESTS_AND_LATENCY, LATENCY_BY_RATE, RELOAD_TIMELINE }

  String name();

  /** One line for --help: what a slice does, and at what load. */
  String help();

  /** One sentence for the report: what a slice does. */
  String about();

  /** Whether a profile runs it when --scenarios does not choose. */
  boolean inProfile(Profile profile);

  /**
   * Its steps in run order, each with the work of a slice: a time, or a fixed count of requests per user that the
   * scenario sets; by default (sizedToSlice) the harness sizes that count from each comparison's warm-up.
   */
  List<Step> steps(Settings settings);

  /**
   * Whether the harness gives each user of a slice a fixed count of requests, sized from the warm-up's rate so that a
   * slice takes about the profile's slice time, the same count for every server of the comparison: yes by default; a
   * scenario whose work is a time (an open model's arrivals, a reload, an overload) or its own count (think-time) says no.
   */
  default boolean sizedToSlice() { return true; }

  /** The modes its steps run in: by default as the framework's users write it. */
  default boolean runsIn(Mode mode) { return mode == Mode.IDIOMATIC; }

  /**
   * Whether its steps also run with the servers' limits off beside the same server with them on (--limits both), to show
   * what the limits cost where nothing overloads: by default, yes.
   */
  default boolean pairsWithLimitsOff() { return true; }

  /** The Gatling population of one slice of one of its steps. */
  PopulationBuilder population(Phase phase, Traffic traffic);

  /**
   * A step each framework's idiomatic server runs once before this scenario, whose requests/s set its settings (the
   * latency scenario's rates, unless given); null when it needs none.
   */
  default Step calibration(Settings settings) { return null; }

  /** The settings' rates, from the calibration's requests/s (one figure per server). */
  default List<Integer> calibrated(List<Double> requestsPerSecond) { throw new UnsupportedOperationException(name() + " has no calibration"); }

  /**
   * Whether its slices replace the server's feed: then the server serves a copy of the feed, parsed from its CSV like a
   * new one (no snapshot), and the harness watches it swap the new one in.
   */
  default boolean replacesFeed() { return false; }

  /**
   * What the harness does to the server during a measured slice, on a thread of its own, started with the slice and
   * waited for after it (the reload scenario moves a new feed over it, the overload scenario loads it with slow clients),
   * and what the harness's own clients met; null when it does nothing, or has no clients of its own.
   */
  default Background whileMeasured(Step step, ServerUnderTest server) throws InterruptedException { return null; }

  /** How long after a slice the server's events (a reload still under way) still belong to it. */
  default long eventsAfterSliceMillis() { return 0; }

  /** Whether the report needs its slices' latency second by second. */
  default boolean timeline() { return false; }

  /**
   * Whether a slice of this step should hold its server at its CPUs' limit, so that a server below it was waiting, not
   * working (Measurement#waiting): by default a closed loop of ten users or more; a scenario whose users pause, or whose
   * load is its own clients', says no.
   */
  default boolean holdsAtLimit(Step step) { return !step.open() && step.load() >= 10; }

  /** What the verdict ranks its servers by, at its highest load: requests/s unless it says otherwise. */
  default RankedBy rankedBy() { return RankedBy.REQUESTS_PER_SECOND; }

  /** What a closed step's load counts: users unless it says otherwise. */
  default String loadUnit() { return "users"; }

  /** Whether the verdict says beside each rank how the server held (the overload scenario's slow clients). */
  default boolean toldHowItHeld() { return false; }

  /** Its tables in the report: by default the closed-loop ones. */
  default List<Table> tables() { return List.of(Table.CLOSED_LOOP); }

  /** Its charts: by default requests/s by users and latency percentiles. */
  default List<Chart> charts() { return List.of(Chart.REQUESTS_AND_LATENCY); }
}
