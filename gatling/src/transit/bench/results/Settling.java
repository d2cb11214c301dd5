package transit.bench.results;

/**
 * Whether a server's JIT has settled: its compilers took at most a tenth of its CPU in a slice. Before that its figures
 * still climb as code is compiled, and a comparison counts them as warm-up.
 */
public final class Settling {
  private Settling() {}

  /** The JIT compilers' share of a server's CPU, in %, at or below which its slice counts. */
  public static final double JIT_PERCENT = 10;

  /** A slice whose server's compilers took at most JIT_PERCENT of its CPU; one whose threads were not read has nothing to wait for. */
  public static boolean settled(Measurement m) {
    Double jit = m.jitPercent();
    return jit == null || jit <= JIT_PERCENT;
  }
}
