package transit.server;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * One response's progress against the minimum rate (ServerSettings.Limits): made as the response begins to go and told
 * the bytes it has sent since, as they go, it says when it has fallen below the rate over a window, and is to be
 * abandoned. For a server whose framework has no such setting of its own; not thread-safe: one writer or watch per
 * response.
 *
 * <p>Judged only as the response moves. A writer hands the kernel more only once a third of its send buffer has
 * drained, so even a reader above the rate moves in steps seconds apart, and a window that ended between two steps
 * would count against it a wait that is only the buffer's. A response that does not move at all meets the idle timeout.
 */
public final class MinimumRate {
  private final long bytesPerSecond, windowNanos, slackNanos;
  private final LongSupplier clock;
  private long sinceNanos, sinceBytes, toldBytes;

  /** Told as each write completes, which is when the response moves. */
  public MinimumRate(ServerSettings.Limits limits) { this(limits, Duration.ZERO); }

  /**
   * Told once per period by a watch: the response moved at some moment within the period before, so each judgement
   * gives it that period, and a reader above the rate is never cut for where the watch's ticks fell.
   */
  public MinimumRate(ServerSettings.Limits limits, Duration period) { this(limits, period, System::nanoTime); }

  /** clock: nanoseconds, as System.nanoTime gives them. */
  MinimumRate(ServerSettings.Limits limits, Duration period, LongSupplier clock) {
    this.clock = clock;
    this.sinceNanos = clock.getAsLong();
    this.bytesPerSecond = limits.minResponseBytesPerSecond();
    this.windowNanos = limits.minRateWindow().toNanos();
    this.slackNanos = period.toNanos();
  }

  /**
   * False once it has moved on (past the most it was told before), a window or more after it was last judged, by less
   * than the rate over that time. Judged from its making, on the bytes since the response's start: what filled the
   * buffers on the way is counted in its first window, where a reader first takes what its own buffer was given.
   */
  public boolean keptUp(long totalBytes) {
    if (totalBytes <= toldBytes) return true; // a watch's count may dip as its framework queues more
    toldBytes = totalBytes;
    long now = clock.getAsLong(), elapsed = now - sinceNanos;
    if (elapsed < windowNanos) return true;
    if ((totalBytes - sinceBytes) * 1_000_000_000L < bytesPerSecond * (elapsed - slackNanos)) return false;
    sinceNanos = now;
    sinceBytes = totalBytes;
    return true;
  }
}
