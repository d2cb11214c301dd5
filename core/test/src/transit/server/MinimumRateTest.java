package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MinimumRateTest {
  @Test
  void aWindowThatMovedLessThanTheRateIsTheEnd() throws Exception {
    MinimumRate rate = new MinimumRate(ServerSettings.Limits.DEFAULT.withMinRate(1000, Duration.ofMillis(200)));
    assertTrue(rate.keptUp(10), "within the first window anything goes");
    Thread.sleep(250);
    assertTrue(rate.keptUp(400), "400 bytes in 0.25 s: 1,600 B/s");
    Thread.sleep(250);
    assertFalse(rate.keptUp(450), "50 bytes in the next 0.25 s: 200 B/s");
  }
}
