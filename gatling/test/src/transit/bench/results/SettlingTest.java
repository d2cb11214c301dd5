package transit.bench.results;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import transit.measure.ProcessSampler;

/** A server's slice counts once its JIT compilers took at most a tenth of its CPU. */
class SettlingTest {
  /** A slice whose server used 2 CPU-seconds, jit of them in its compiler threads (null: threads not read). */
  static Measurement jit(Double jitSeconds) {
    double[] byKind = jitSeconds == null ? null : new double[ProcessSampler.Kind.values().length];
    if (byKind != null) byKind[ProcessSampler.Kind.JIT.ordinal()] = jitSeconds;
    Measurement m = Made.measured(100);
    return m.withServer(new Measurement.ServerUse(new ProcessSampler.Window(2, 2.0, 100, 100, 1024, byKind, 0.0), null, null, null, List.of(), null, null));
  }

  @Test
  void aSliceCountsOnceTheCompilersTookATenthOfTheCpuOrLess() {
    assertEquals(10.0, jit(0.2).jitPercent(), 1e-9);
    assertTrue(Settling.settled(jit(0.2)), "10 %: settled");
    assertFalse(Settling.settled(jit(0.22)), "11 %: still compiling");
    assertTrue(Settling.settled(jit(0.0)));
    assertNull(jit(null).jitPercent());
    assertTrue(Settling.settled(jit(null)), "a server whose threads were not read (--target) has nothing to wait for");
  }
}
