package transit.bench;

import java.util.List;
import transit.server.Mode;

/**
 * How long and how finely a run measures: each scenario says in which profiles it runs (Scenario#inProfile), and the
 * profile which modes also run with the servers' limits off when --limits does not say.
 */
public enum Profile {
  /**
   * Checks the pipeline: every step once, seconds long (heavy's 5 s, so that a cold server answers in it), with no
   * warm-up but the calibration's (LatencyScenario: a cold server's 1 s step answers next to nothing), for nothing
   * here is measured and each warm-up costs a step's time;
   * small at its fewest and most users; cached also with limits off, so that the pairs' path runs; the pairs, the
   * latency scenario's calibration and every scenario but heavy and small on the first framework only, which is all
   * the pipeline needs (the conformance suite serves every framework in each: RunPlan#takenThroughWhenQuick).
   */
  QUICK(1, 0, 0, 1, List.of(1, 100), List.of(Mode.CACHED), "checks the pipeline, measures nothing"),
  /**
   * The default: heavy and small in every mode, two rounds (their median and range), the limits on. Within 40 minutes
   * for eight frameworks, which the limits' pairs would take over by two fifths: what the limits cost is one flag
   * away (--limits both: tuned and cached also with them off), and the report says so.
   */
  STANDARD(8, 3, 12, 2, List.of(50), List.of(), "the default"),
  /** Every scenario and user count, longer steps, five rounds; tuned and cached also with limits off. */
  FULL(30, 10, 30, 5, List.of(1, 10, 50, 100), List.of(Mode.TUNED, Mode.CACHED), "every scenario and user count");

  final int durationSeconds, warmupSeconds, firstWarmupSeconds, repeat;
  /** The user counts of the small list's steps. */
  final List<Integer> smallUsers;
  /** The modes whose server runs also run with the limits off, beside the same run with them on (--limits not given). */
  final List<Mode> limitsOffBeside;
  final String expected;

  Profile(int duration, int warmup, int firstWarmup, int repeat, List<Integer> smallUsers, List<Mode> limitsOffBeside, String expected) {
    this.durationSeconds = duration;
    this.warmupSeconds = warmup;
    this.firstWarmupSeconds = firstWarmup;
    this.repeat = repeat;
    this.smallUsers = smallUsers;
    this.limitsOffBeside = limitsOffBeside;
    this.expected = expected;
  }

  String label() { return name().toLowerCase(); }

  /** The profile a label names, or null. */
  static Profile labelled(String label) {
    for (Profile p : values()) if (p.label().equals(label)) return p;
    return null;
  }
}
