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
 * the machine hits every framework alike; for each framework a server per mode, and heavy again at each --heaps
 * size; and how long all that is expected to take.
 */
final class RunPlan {
  /** Seconds a server run takes besides its steps: the server's start and feed load, Gatling's start and report. */
  static final int RUN_OVERHEAD_SECONDS = 15;
  /** How the report marks a heap whose answers were not limited (--unlimited-answers). */
  static final String UNLIMITED = "answers unlimited";
  /** Rates that stand in for the calibration's before it has run: they change the steps' loads, not their time. */
  static final List<Integer> PLACEHOLDER_RATES = List.of(1, 2, 3);

  /**
   * One server run: a framework in a mode with a heap, and the steps it takes, in round `round` (0: calibration);
   * unlimited: its answers may hold any part of the heap (--answer-memory off), to show what the limit costs.
   */
  record Run(int round, String framework, Mode mode, String heap, List<Step> steps, boolean unlimited) {
    Run(int round, String framework, Mode mode, String heap, List<Step> steps) { this(round, framework, mode, heap, steps, false); }

    String name() {
      return (round == 0 ? "calibration" : "r" + round) + "-" + framework + "-" + mode.label + "-" + heap + (unlimited ? "-unlimited" : "");
    }

    /** The heap as the report names it, and whether answers were unlimited. */
    String heapLabel() { return unlimited ? heap + " " + UNLIMITED : heap; }

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
  private final boolean unlimitedAnswers;

  /**
   * frameworks and scenarios in order; modes for the scenarios that run in several; heap every server's, heaps the
   * others heavy also runs at; unlimitedAnswers: heavy also runs with answers unlimited (idiomatic, the servers'
   * heap); firstWarmupSeconds added before a server's first step on new paths.
   */
  RunPlan(List<String> frameworks, List<Scenario> scenarios, List<Mode> modes, int repeat, String heap, List<String> heaps,
      boolean unlimitedAnswers, int firstWarmupSeconds) {
    this.frameworks = frameworks;
    this.scenarios = scenarios;
    this.modes = modes;
    this.repeat = repeat;
    this.heap = heap;
    this.heaps = heaps;
    this.unlimitedAnswers = unlimitedAnswers;
    this.firstWarmupSeconds = firstWarmupSeconds;
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

  /** Before the rounds: each framework's run of the calibrating scenario's step, as its users write it. */
  List<Run> calibration(Scenario.Settings settings) {
    Scenario calibrating = calibrating(settings);
    if (calibrating == null) return List.of();
    List<Step> step = List.of(calibrating.calibration(settings));
    return frameworks.stream().map(f -> new Run(0, f, Mode.IDIOMATIC, heap, warmFirstLonger(step))).toList();
  }

  /** The server runs of the rounds, each framework's modes in turn, heavy at each --heaps size and with answers unlimited. */
  List<Run> rounds(Scenario.Settings settings) {
    List<Step> steps = scenarios.stream().flatMap(s -> s.steps(settings).stream()).toList();
    List<Step> heavy = RouteScenario.HEAVY.steps(settings);
    List<Run> runs = new ArrayList<>();
    for (int round = 1; round <= repeat; round++) {
      for (String framework : rotation(frameworks, round)) {
        for (Mode mode : modes) {
          List<Step> inMode = steps.stream().filter(s -> Scenarios.named(s.scenario()).runsIn(mode)).toList();
          if (!inMode.isEmpty()) runs.add(new Run(round, framework, mode, heap, warmFirstLonger(inMode)));
        }
        for (String other : heaps)
          if (!(other.equals(heap) && scenarios.contains(RouteScenario.HEAVY)))
            runs.add(new Run(round, framework, Mode.IDIOMATIC, other, warmFirstLonger(heavy)));
        if (unlimitedAnswers) runs.add(new Run(round, framework, Mode.IDIOMATIC, heap, warmFirstLonger(heavy), true));
      }
    }
    return runs;
  }

  /**
   * A server's first step starts from a cold JIT: it gets the first warm-up on top of its own; so does the first
   * step of a scenario whose paths the run has not served yet (hello after small: on one core the JIT compiling
   * the new paths took the server's CPU, and 3 s of warm-up left Javalin and http4s at a third of their rate).
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
