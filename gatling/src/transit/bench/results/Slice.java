package transit.bench.results;

import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.scenario.Step;

/**
 * One server's turn at a step's work in one round of a comparison: what it measured, when it started (epoch ms), the
 * seed its users' decks were drawn from, and every other server of its group's CPU meanwhile, in % of one core.
 */
public record Slice(Group group, Contestant contestant, Step step, Kind kind, int round, long seed, long startMillis, Measurement m,
    Map<Contestant, Double> idleCpu) {
  /** A warm-up slice counts for nothing; a calibration's sets a scenario's settings; a measured one is compared. */
  public enum Kind {
    WARMUP("warmup"), CALIBRATION("calibration"), MEASURED("measured");

    /** As results.csv writes it. */
    public final String label;

    Kind(String label) { this.label = label; }
  }

  /** Whether it is of this comparison: its group, and its step whatever its work. */
  public boolean of(Group group, Step step) { return this.group.equals(group) && this.step.sameAs(step); }

  /** The same slice with another measurement (its timeline, its share of a recording, once they are read). */
  public Slice with(Measurement m) { return new Slice(group, contestant, step, kind, round, seed, startMillis, m, idleCpu); }
}
