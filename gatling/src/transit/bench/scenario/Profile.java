package transit.bench.scenario;

import java.util.List;
import transit.server.Mode;

/**
 * How long and how finely a run measures: each scenario says in which profiles it runs (Scenario#inProfile), and the
 * profile how long a slice should take, how many rounds every comparison takes before it may stop, how long the run may
 * go on adding rounds where a pair is undecided (--budget), how long a server may warm up before its slices count, and
 * which modes also run with the servers' limits off when --limits does not say.
 */
public enum Profile {
  /**
   * Checks the pipeline: one round of one-second slices (heavy's 5 s, so that a cold server answers in it) with no warm-up
   * and no rounds added, for nothing here is measured; small at its fewest and most users; cached also with limits off, so
   * that the pairs' path runs; every scenario but heavy and small on the first framework only, which is all the pipeline
   * needs (the conformance suite serves every framework in each).
   */
  QUICK(1, 1, 0, 0, List.of(1, 100), List.of(Mode.CACHED), "checks the pipeline, measures nothing"),
  /**
   * The default: heavy and small in every mode at 50 users, the limits on; its warm-up and least rounds take most of
   * its budget for eight frameworks (docs/METHOD.md says what that leaves undecided); what the limits cost is one flag
   * away (--limits both).
   */
  STANDARD(2, 4, 15, 12, List.of(50), List.of(), "the default"),
  /** Every scenario and user count, longer slices; tuned and cached also with limits off. */
  FULL(5, 5, 120, 60, List.of(1, 10, 50, 100), List.of(Mode.TUNED, Mode.CACHED), "every scenario and user count");

  /** How long a measured slice should take, and a warm-up slice takes. */
  public final int sliceSeconds;
  /** The rounds every comparison takes before its pairs are judged. */
  public final int leastRounds;
  /** How long the run may take in all (--budget), adding rounds where a pair is undecided; 0: no rounds added. */
  public final int budgetMinutes;
  /** The longest a server warms up on a comparison's work before its slices count, settled or not (--warmup). */
  public final int warmupSeconds;
  /** The user counts of the small list's steps. */
  public final List<Integer> smallUsers;
  /** The modes whose servers also run with the limits off, beside the same server with them on (--limits not given). */
  public final List<Mode> limitsOffBeside;
  public final String expected;

  Profile(int sliceSeconds, int leastRounds, int budgetMinutes, int warmupSeconds, List<Integer> smallUsers, List<Mode> limitsOffBeside,
      String expected) {
    this.sliceSeconds = sliceSeconds;
    this.leastRounds = leastRounds;
    this.budgetMinutes = budgetMinutes;
    this.warmupSeconds = warmupSeconds;
    this.smallUsers = smallUsers;
    this.limitsOffBeside = limitsOffBeside;
    this.expected = expected;
  }

  public String label() { return name().toLowerCase(); }

  /** The profile a label names, or null. */
  public static Profile labelled(String label) {
    for (Profile p : values()) if (p.label().equals(label)) return p;
    return null;
  }
}
