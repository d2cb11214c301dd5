package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The steady-state check on given iteration series: where each settles, and the row's verdict over its forks. */
class SteadyStateTest {
  @Test
  void aSeriesThatClimbsOnlyDuringWarmUpHasSettledBeforeMeasurement() {
    List<Double> series = List.of(168.0, 554.0, 1272.0, 1300.0, 1310.0, 1295.0, 1305.0, 1290.0);
    assertEquals(2, SteadyState.settledAt(series, 3, 0.10)); // 1,272: the first within 10 % of the measured median, 1,300
  }

  @Test
  void aSeriesStillClimbingWhenMeasuredSettlesInsideTheMeasurement() {
    List<Double> series = List.of(100.0, 200.0, 300.0, 400.0, 950.0, 1000.0, 1020.0, 990.0);
    assertEquals(4, SteadyState.settledAt(series, 3, 0.10), "950 is the first within 10 % of the measured median, 990");
    SteadyState.Verdict verdict = SteadyState.of(List.of(series), 2);
    assertFalse(verdict.settledBeforeMeasurement());
    assertEquals("at measured 3 of 6", verdict.describe());
  }

  @Test
  void theIssuesJacksonFiguresAreFlagged() {
    // Jackson on B39 after four warm-ups of 1 s: 1,094 → 1,462 → 3,693 → 4,440 → 3,990 ops/s
    List<Double> series = List.of(300.0, 500.0, 800.0, 1000.0, 1094.0, 1462.0, 3693.0, 4440.0, 3990.0);
    assertEquals(9, SteadyState.settledAt(series, 4, 0.10), "the last two average 4,215, over 10 % above the measured median, 3,693");
    assertEquals("never: the last measured iteration is off", SteadyState.of(List.of(series), 4).describe());
  }

  @Test
  void oneScatteredIterationIsNoiseNotDrift() {
    // circe on B6, a fork of a default run: 10 warm-ups, then 5 measured iterations around 6.0 ops/s, the last 11 % low
    List<Double> series = List.of(2.42, 4.93, 6.22, 5.40, 5.21, 5.37, 5.39, 5.36, 5.27, 5.58, 6.01, 6.35, 6.38, 5.69, 5.33);
    assertEquals(9, SteadyState.settledAt(series, 10, 0.10), "from the tenth warm-up every running median lies within 10 % of 6.01");
    assertTrue(SteadyState.of(List.of(series), 10).settledBeforeMeasurement());
    List<Double> drifting = List.of(5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 4.0, 4.0);
    assertEquals(10, SteadyState.settledAt(drifting, 5, 0.10), "the last two 20 % under the median (5) is drift, not noise");
  }

  @Test
  void aLastIterationOffTheMedianMeansTheForkNeverSettled() {
    List<Double> series = List.of(10.0, 10.0, 10.0, 10.0, 10.0, 13.0);
    assertEquals(6, SteadyState.settledAt(series, 2, 0.10));
    assertEquals("never: the last measured iteration is off", SteadyState.of(List.of(series), 2).describe());
  }

  @Test
  void theRowWaitsForItsSlowestFork() {
    List<Double> early = List.of(5.0, 10.0, 10.0, 10.0, 10.0, 10.0), late = List.of(5.0, 6.0, 7.0, 10.0, 10.0, 10.0);
    SteadyState.Verdict verdict = SteadyState.of(List.of(early, late), 3);
    assertEquals(3, verdict.latest());
    assertTrue(verdict.settledBeforeMeasurement());
    assertEquals("after 3 of 3 warm-ups", verdict.describe());
    assertFalse(SteadyState.of(List.of(early, late), 2).settledBeforeMeasurement());
  }

  @Test
  void timesThatFallSettleTheSameWayAsThroughputsThatRise() {
    // the issue's B6 query: 13.7 → 2.4 → 2.2 → 2.1 ms
    assertEquals(1, SteadyState.settledAt(List.of(13.7, 2.4, 2.2, 2.1), 1, 0.10));
    assertEquals(1, SteadyState.settledAt(List.of(13.7, 2.4, 2.2, 2.1), 0, 0.10), "measured from the first: settles at its second");
  }

  @Test
  void moreWarmUpsThanIterationsIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> SteadyState.settledAt(List.of(1.0, 2.0), 3, 0.10));
  }
}
