package transit.bench;

import java.util.List;

/** How long and how finely a run measures: each scenario says in which profiles it runs (Scenario#inProfile). */
public enum Profile {
  /**
   * Checks the pipeline: every step once, seconds long, and a warm-up only before each server's first step (each
   * warm-up costs a step's time, and nothing here is measured); small at its fewest and most users.
   */
  QUICK(1, 0, 1, 1, List.of(1, 100), "checks the pipeline, measures nothing"),
  /**
   * The default: heavy and small in every mode, two rounds (their median and range), within 30 minutes on 2 cores with
   * five frameworks; a third round would take it to about 35.
   */
  STANDARD(8, 3, 12, 2, List.of(50), "the default"),
  /** Every scenario and user count, longer steps, five rounds. */
  FULL(30, 10, 30, 5, List.of(1, 10, 50, 100), "every scenario and user count");

  final int durationSeconds, warmupSeconds, firstWarmupSeconds, repeat;
  /** The user counts of the small list's steps. */
  final List<Integer> smallUsers;
  final String expected;

  Profile(int duration, int warmup, int firstWarmup, int repeat, List<Integer> smallUsers, String expected) {
    this.durationSeconds = duration;
    this.warmupSeconds = warmup;
    this.firstWarmupSeconds = firstWarmup;
    this.repeat = repeat;
    this.smallUsers = smallUsers;
    this.expected = expected;
  }

  String label() { return name().toLowerCase(); }

  /** The profile a label names, or null. */
  static Profile labelled(String label) {
    for (Profile p : values()) if (p.label().equals(label)) return p;
    return null;
  }
}
