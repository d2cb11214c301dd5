package transit.bench.plan;

import java.util.List;
import transit.server.Mode;

/**
 * Servers up at once, all pinned to the server CPUs, measured against each other in the same minutes: a mode's
 * contestants, or part of them where the machine's memory does not hold them all at once (number of of).
 */
public record Group(int number, int of, Mode mode, List<Contestant> contestants) {
  /** "tuned", or "tuned, group 2 of 3" where a mode's servers did not fit at once. */
  public String label() { return mode.label + (of == 1 ? "" : ", group " + number + " of " + of); }
}
