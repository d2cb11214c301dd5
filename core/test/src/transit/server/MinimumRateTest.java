package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MinimumRateTest {
  /** 1,000 B/s over 10 s windows, on a clock the test moves. */
  private static final ServerSettings.Limits LIMITS = ServerSettings.Limits.DEFAULT.withMinRate(1000, Duration.ofSeconds(10));
  private long now;

  private MinimumRate rate(Duration period) { return new MinimumRate(LIMITS, period, () -> now); }

  private void seconds(double s) { now += (long) (s * 1e9); }

  @Test
  void aWindowThatMovedLessThanTheRateIsTheEnd() {
    MinimumRate rate = rate(Duration.ZERO);
    assertTrue(rate.keptUp(10), "within the first window anything goes");
    seconds(12);
    assertTrue(rate.keptUp(16_000), "16,000 bytes in 12 s: 1,333 B/s");
    seconds(12);
    assertFalse(rate.keptUp(20_000), "4,000 bytes in the next 12 s: 333 B/s");
  }

  /** A writer waits on the kernel's buffer and moves in steps: judged as it moves, never while it waits. */
  @Test
  void aResponseIsJudgedWhenItMovesNotWhileItWaits() {
    MinimumRate rate = rate(Duration.ZERO);
    assertTrue(rate.keptUp(5_000), "the buffers filled at once: counted in the first window");
    seconds(14);
    assertTrue(rate.keptUp(5_000), "nothing moved for 14 s: a wait, the idle timeout's to judge");
    seconds(2);
    assertTrue(rate.keptUp(21_000), "then 16,000 bytes at once: 21,000 in the 16 s since the start");
    seconds(8);
    assertTrue(rate.keptUp(21_000), "waiting again, 8 s");
    seconds(4);
    assertTrue(rate.keptUp(21_000), "12 s, still waiting, not judged: it is not behind until it moves");
    seconds(2);
    assertTrue(rate.keptUp(36_000), "15,000 more after 14 s: 1,071 B/s");
    seconds(11);
    assertFalse(rate.keptUp(40_000), "4,000 in the next 11 s: 364 B/s");
  }

  /** A watch's count (handed on less still queued) dips as its framework queues more: that is not a move. */
  @Test
  void aCountThatDipsAndComesBackHasNotMoved() {
    MinimumRate rate = rate(Duration.ZERO);
    assertTrue(rate.keptUp(5_000));
    seconds(12);
    assertTrue(rate.keptUp(4_900), "96 bytes less: a queued write's overhead, not a move");
    seconds(1);
    assertTrue(rate.keptUp(5_000), "back to where it was: still no move");
    seconds(1);
    assertFalse(rate.keptUp(5_100), "then it moves: 5,100 bytes in the 14 s since the start");
  }

  /** A watch that looks once a second saw a step up to a second after it came: the step is given that second. */
  @Test
  void aWatchsPeriodIsGivenToTheResponse() {
    MinimumRate watched = rate(Duration.ofSeconds(1)), written = rate(Duration.ZERO);
    for (MinimumRate rate : new MinimumRate[] {watched, written}) assertTrue(rate.keptUp(1));
    seconds(12);
    assertTrue(watched.keptUp(11_500), "11,500 bytes seen 12 s on, moved within the second before: over 11 s, kept up");
    assertFalse(written.keptUp(11_500), "told as it was written, 12 s on: 958 B/s");
    seconds(12);
    assertFalse(watched.keptUp(20_000), "8,500 in the next 12 s is below the rate even over 11 s");
  }

  /**
   * A server whose writes block is judged on what its writes have handed on, up to a write's worth into one of the
   * kernel's steps (a third of the send buffer, which Linux doubles) or short of its end: over two steps, the shortest a
   * window spans at a quarter above the rate, that must still show the reader above it.
   */
  @Test
  void aCheckedWriteIsFinerThanTheKernelsStepByTheReadersMargin() {
    for (ServerSettings.Limits limits : new ServerSettings.Limits[] {ServerSettings.Limits.DEFAULT,
        ServerSettings.Limits.DEFAULT.withMinRate(64 * 1024, Duration.ofSeconds(1)).withSendBuffer(64 * 1024)}) {
      long step = 2L * limits.sendBufferBytes() / 3, checked = limits.checkedBytes();
      assertTrue(2 * step - checked >= 2 * step / 1.25, checked + " bytes against steps of " + step);
    }
    assertEquals(32 * 1024, ServerSettings.Limits.DEFAULT.checkedBytes());
    assertEquals(ServerSettings.Limits.DEFAULT.checkedBytes(), ServerSettings.Limits.OFF.checkedBytes(), "off, the defaults'");
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
