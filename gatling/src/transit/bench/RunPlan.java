package transit.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import transit.server.Mode;

/**
 * What a run does, and in which order: a calibration first when a scenario needs one (each framework once), then
 * the rounds, each running every framework once in a rotated order (round 1 A B C, round 2 B C A, …) so drift on
 * the machine hits every framework alike; for each framework a server per mode, the modes of --limits both (or the
 * profile's) twice, limits on and off back to back, and heavy again at each --heaps size; and how long all that is
 * expected to take.
 */
final class RunPlan {
  /** Seconds a server run takes besides its steps: the server's start and feed load, Gatling's start and report. */
  static final int RUN_OVERHEAD_SECONDS = 15;
  /** Rates that stand in for the calibration's before it has run: they change the steps' loads, not their time. */
  static final List<Integer> PLACEHOLDER_RATES = List.of(1, 2, 3);

  /**
   * The servers' limits in a run (--limits): on, whether the servers keep them (false: every server started with
   * --limits off, each framework's own defaults); offBeside, the modes whose server runs also run with them off,
   * beside the same run with them on, to measure what they cost.
   */
  record Limits(boolean on, List<Mode> offBeside) {
    static final Limits ON = new Limits(true, List.of());
    static final Limits OFF = new Limits(false, List.of());
  }

  /**
   * One server run: a framework in a mode with a heap, and the steps it takes, in round `round` (0: calibration);
   * limits: whether the server keeps its limits (false: started with --limits off).
   */
  record Run(int round, String framework, Mode mode, String heap, boolean limits, List<Step> steps) {
    /** Its logs', Gatling's and the profile's file name: r1-cask-tuned-1g, r2-cask@HEAD-cached-1g-limits-off. */
    String name() {
      return (round == 0 ? "calibration" : "r" + round) + "-" + framework.replaceAll("[^A-Za-z0-9@._~^+-]", "_") + "-" + mode.label + "-"
          + heap + (limits ? "" : "-limits-off");
    }

    /** What the server is started with beyond every server's flags: its mode's, and --limits off where it runs without them. */
    List<String> serverFlags() {
      List<String> flags = new ArrayList<>(mode.flags);
      if (!limits) flags.addAll(List.of("--limits", "off"));
      return flags;
    }

    int expectedSeconds() {
      return RUN_OVERHEAD_SECONDS + steps.stream().mapToInt(s -> s.warmupSeconds() + s.expectedSeconds()).sum();
    }
  }

  private final List<String> frameworks;
  private final List<Scenario> scenarios;
  private final List<Mode> modes;
  private final int repeat, firstWarmupSeconds;
  private final String heap;
  private final List<String> heaps;
  private final Limits limits;

  /**
   * frameworks and scenarios in order; modes for the scenarios that run in several; heap every server's, heaps the
   * others heavy also runs at; limits the servers' (and the modes also run with them off); firstWarmupSeconds added
   * before a server's first step on new paths.
   */
  RunPlan(List<String> frameworks, List<Scenario> scenarios, List<Mode> modes, int repeat, String heap, List<String> heaps,
      Limits limits, int firstWarmupSeconds) {
    this.frameworks = frameworks;
    this.scenarios = scenarios;
    this.modes = modes;
    this.repeat = repeat;
    this.heap = heap;
    this.heaps = heaps;
    this.limits = limits;
    this.firstWarmupSeconds = firstWarmupSeconds;
  }

  /**
   * The frameworks the quick profile, which measures nothing, takes through a scenario: every one through heavy and
   * small, enough to start each of their servers in each mode as a measured run does and see it in the report; the
   * first through the rest, for what each server does there the conformance suite checks (OverloadTest, ReloadTest,
   * CompressionTest, RobustnessTest), and `--quick --frameworks X` takes X through all.
   */
  static List<String> takenThroughWhenQuick(String scenario, List<String> frameworks) {
    return scenario.equals(RouteScenario.HEAVY.name()) || scenario.equals(RouteScenario.SMALL.name()) ? frameworks : frameworks.subList(0, 1);
  }

  /** Round r's order of the items: the list turned r-1 places (round 1 as listed). */
  static <T> List<T> rotation(List<T> items, int round) {
    List<T> turned = new ArrayList<>(items);
    Collections.rotate(turned, -((round - 1) % Math.max(1, items.size())));
    return turned;
  }

  /** The scenario whose calibration runs first, given these settings; null when none needs one. */
  Scenario calibrating(Scenario.Settings settings) {
    return scenarios.stream().filter(s -> s.calibration(settings) != null).findFirst().orElse(null);
  }

  /**
   * Before the rounds: each framework's run of the calibrating scenario's step, as its users write it; in the quick
   * profile, which measures nothing, the first framework's only.
   */
  List<Run> calibration(Scenario.Settings settings) {
    Scenario calibrating = calibrating(settings);
    if (calibrating == null) return List.of();
    List<Step> step = List.of(calibrating.calibration(settings));
    return frameworks.stream().limit(settings.quick() ? 1 : frameworks.size())
        .map(f -> new Run(0, f, Mode.IDIOMATIC, heap, limits.on(), warmFirstLonger(step))).toList();
  }

  /**
   * The server runs of the rounds, each framework's modes in turn, heavy at each --heaps size. A mode also run with
   * the limits off runs both ways back to back, limits on first in odd rounds and off first in even ones, so that
   * drift hits both alike (in the quick profile, on the first framework only).
   */
  List<Run> rounds(Scenario.Settings settings) {
    List<Step> steps = scenarios.stream().flatMap(s -> s.steps(settings).stream()).toList();
    List<Step> heavy = RouteScenario.HEAVY.steps(settings);
    List<Run> runs = new ArrayList<>();
    for (int round = 1; round <= repeat; round++) {
      for (String framework : rotation(frameworks, round)) {
        List<Step> its = steps.stream().filter(s -> !settings.quick() || takenThroughWhenQuick(s.scenario(), frameworks).contains(framework)).toList();
        for (Mode mode : modes) {
          List<Step> inMode = its.stream().filter(s -> Scenarios.named(s.scenario()).runsIn(mode)).toList();
          if (inMode.isEmpty()) continue;
          Run run = new Run(round, framework, mode, heap, limits.on(), warmFirstLonger(inMode));
          // the quick profile, which measures nothing, runs the pairs' path on the first framework only
          if (!limits.offBeside().contains(mode) || settings.quick() && !framework.equals(frameworks.get(0))) runs.add(run);
          else {
            List<Step> paired = inMode.stream().filter(s -> Scenarios.named(s.scenario()).pairsWithLimitsOff()).toList();
            if (paired.isEmpty()) {
              runs.add(run);
              continue;
            }
            Run off = new Run(round, framework, mode, heap, false, warmFirstLonger(paired));
            runs.addAll(round % 2 == 1 ? List.of(run, off) : List.of(off, run));
          }
        }
        for (String other : heaps)
          if (!(other.equals(heap) && scenarios.contains(RouteScenario.HEAVY)))
            runs.add(new Run(round, framework, Mode.IDIOMATIC, other, limits.on(), warmFirstLonger(heavy)));
      }
    }
    return runs;
  }

  /**
   * A server's first step starts from a cold JIT: it gets the first warm-up on top of its own; so does the first
   * step of a scenario whose paths the run has not served yet (hello after small: on one core the JIT compiling
   * the new paths takes the server's CPU, and a short warm-up left some servers far below their rate).
   */
  List<Step> warmFirstLonger(List<Step> steps) {
    List<Step> warmed = new ArrayList<>(steps);
    Set<String> served = new HashSet<>();
    for (int i = 0; i < warmed.size(); i++) {
      String paths = Scenarios.named(warmed.get(i).scenario()).paths();
      if (served.add(paths)) warmed.set(i, warmed.get(i).withWarmup(warmed.get(i).warmupSeconds() + firstWarmupSeconds));
    }
    return warmed;
  }

  /** How long the calibration and the rounds are expected to take; rates not yet known stand in as PLACEHOLDER_RATES. */
  int expectedSeconds(Scenario.Settings settings) {
    Scenario.Settings known = settings.rates() != null ? settings
        : new Scenario.Settings(settings.profile(), settings.warmupSeconds(), settings.durationSeconds(), settings.users(), PLACEHOLDER_RATES);
    return Stream.concat(calibration(settings).stream(), rounds(known).stream()).mapToInt(Run::expectedSeconds).sum();
  }
}
