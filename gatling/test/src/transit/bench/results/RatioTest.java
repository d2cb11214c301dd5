package transit.bench.results;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A ratio over paired rounds: its geometric mean, its Student t interval, and what that decides. */
class RatioTest {
  @Test
  void aRatioIsTheGeometricMeanOfTheRoundsRatiosWithAStudentTInterval() {
    Ratio r = Ratio.of(List.of(0.1, 0.2, 0.3)); // mean 0.2, sd 0.1, t(2 df, 97.5 %) = 4.3027
    assertEquals(Math.exp(0.2), r.value(), 1e-9);
    assertEquals(Math.exp(0.2 - 4.302653 * 0.1 / Math.sqrt(3)), r.low(), 1e-5);
    assertEquals(Math.exp(0.2 + 4.302653 * 0.1 / Math.sqrt(3)), r.high(), 1e-5);
    assertEquals(3, r.rounds());
    Ratio one = Ratio.of(List.of(Math.log(1.3)));
    assertEquals(1.3, one.value(), 1e-9);
    assertEquals(Ratio.Decision.UNDECIDED, one.decide(0.05), "one round has no interval");
    assertTrue(Double.isNaN(Ratio.of(List.of()).value()));
  }

  @Test
  void levelWithinTheMarginEvenWhereAboveOneAheadOrBehindBeyondOneElseUndecided() {
    assertEquals(Ratio.Decision.LEVEL, new Ratio(1.02, 1.01, 1.03, 5).decide(0.05), "a real difference too small to matter");
    assertEquals(Ratio.Decision.AHEAD, new Ratio(1.10, 1.04, 1.16, 5).decide(0.05));
    assertEquals(Ratio.Decision.BEHIND, new Ratio(0.90, 0.85, 0.96, 5).decide(0.05));
    assertEquals(Ratio.Decision.UNDECIDED, new Ratio(1.03, 0.98, 1.08, 5).decide(0.05));
    assertEquals(Ratio.Decision.AHEAD, new Ratio(1.03, 1.01, 1.06, 5).decide(0.05), "past the margin on one side: not level");
    assertEquals(Ratio.Decision.LEVEL, new Ratio(1.03, 1.01, 1.06, 5).decide(0.10), "a wider margin (--margin 10)");
  }

  @Test
  void theInverseIsTheSecondOverTheFirst() {
    Ratio r = new Ratio(1.25, 1.1, 1.6, 4).inverse();
    assertEquals(0.8, r.value(), 1e-9);
    assertEquals(1 / 1.6, r.low(), 1e-9);
    assertEquals(1 / 1.1, r.high(), 1e-9);
    assertEquals(Ratio.Decision.BEHIND, r.decide(0.05));
  }
}
