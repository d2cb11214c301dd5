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

  /** The writes a body is cut into for the rate check: a reader at the rate must take one before the idle timeout cuts it. */
  @Test
  void aSliceIsWhatAReaderAtTheRateTakesWellWithinTheIdleTimeout() {
    ServerSettings.Limits limits = ServerSettings.Limits.DEFAULT;
    int slice = limits.sliceBytes();
    double secondsAtTheRate = (double) slice / limits.minResponseBytesPerSecond();
    assertTrue(secondsAtTheRate <= 2 * limits.minRateWindow().toSeconds(), slice + " bytes take " + secondsAtTheRate + " s at the rate");
    assertTrue(secondsAtTheRate <= limits.idleTimeout().toSeconds() * 2 / 3.0, slice + " bytes take " + secondsAtTheRate + " s at the rate");
    assertTrue(slice >= 256 * 1024, "a fast reader pays per write: " + slice + " bytes is too few at the defaults");

    ServerSettings.Limits shortIdle = limits.withIdleTimeout(Duration.ofSeconds(6));
    assertEquals(4L * limits.minResponseBytesPerSecond(), shortIdle.sliceBytes(), "a 6 s idle timeout leaves 4 s at the rate");
    assertEquals(slice, ServerSettings.Limits.OFF.sliceBytes(), "off, the defaults' size");
    assertEquals(16 * 1024, limits.withMinRate(1000, Duration.ofMillis(200)).sliceBytes(), "never below 16 KB");
  }
}
