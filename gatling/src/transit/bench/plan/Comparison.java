package transit.bench.plan;

import java.util.List;
import transit.bench.scenario.Step;

/**
 * One step measured on several servers in the same minutes: each round gives every contestant a slice of the step's
 * work, in a fresh order. calibration: a step run once before a scenario that needs its figures (the latency
 * scenario's rates), not compared.
 */
public record Comparison(Step step, List<Contestant> contestants, boolean calibration) {
  /** Its contestants in blocks, each block a framework's servers in one mode (Contestant#sameBlock), in their order. */
  public List<List<Contestant>> blocks() {
    java.util.Map<String, List<Contestant>> blocks = new java.util.LinkedHashMap<>();
    for (Contestant c : contestants) blocks.computeIfAbsent(c.framework() + "|" + c.mode(), k -> new java.util.ArrayList<>()).add(c);
    return List.copyOf(blocks.values());
  }
}
