package transit.server;

/**
 * One response's progress against the minimum rate (ServerSettings.Limits): told the bytes written so far as they
 * go, it says when the last window moved less than the rate, and the response is to be abandoned. For a server
 * whose framework has no such setting of its own; not thread-safe: one writer per response.
 */
public final class MinimumRate {
  private final long bytesPerSecond, windowNanos;
  private long checkedAtNanos = System.nanoTime(), checkedBytes;

  public MinimumRate(ServerSettings.Limits limits) {
    this.bytesPerSecond = limits.minResponseBytesPerSecond();
    this.windowNanos = limits.minRateWindow().toNanos();
  }

  /** False once a full window since the last check has moved less than the rate over it. */
  public boolean keptUp(long totalBytes) {
    long now = System.nanoTime(), elapsed = now - checkedAtNanos;
    if (elapsed < windowNanos) return true;
    if ((totalBytes - checkedBytes) * 1_000_000_000L < bytesPerSecond * elapsed) return false;
    checkedAtNanos = now;
    checkedBytes = totalBytes;
    return true;
  }
}
