package transit.api;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The heap that /schedules answers may hold at once while they are built and sent (docs/API.md, Limits): half of
 * what the heap leaves beside the feed, sized again when a new feed comes in. An answer reserves what it will hold
 * before it is built; one that cannot get it within {@link #WAIT} is refused with a 503, so that no request needs
 * memory the heap cannot give and a server under too many large requests sheds some rather than dies.
 */
public final class ResponseBudget {
  /** The share of the heap beside the feed that answers may hold: the rest is the collector's room to work. */
  static final double SHARE = 0.5;
  /** How long a request waits for room before it is refused. */
  public static final Duration WAIT = Duration.ofSeconds(10);
  /** What a refused request is told to wait before it asks again (Retry-After). */
  public static final int RETRY_AFTER_SECONDS = 5;

  /** Reservations in KB (a semaphore counts ints); it can go below zero while a smaller budget takes over. */
  private static final class Kilobytes extends Semaphore {
    Kilobytes() { super(0); } // unfair: a small request need not queue behind a large one

    void shrink(int kb) { reducePermits(kb); }
  }

  /** The default size: half of what the heap leaves beside the feed, sized again for each feed. */
  public static final long HALF_BESIDE_THE_FEED = 0;

  private final Kilobytes free = new Kilobytes();
  private final long maxHeapBytes, fixedBytes;
  private final Duration wait;
  private long totalBytes;

  /**
   * maxHeapBytes: the JVM's -Xmx (Runtime.maxMemory()); wait: how long a request waits for room; bytes: the budget
   * (--answer-memory), or HALF_BESIDE_THE_FEED.
   */
  public ResponseBudget(long maxHeapBytes, Duration wait, long bytes) {
    this.maxHeapBytes = maxHeapBytes;
    this.wait = wait;
    this.fixedBytes = bytes;
  }

  /** No limit (--answer-memory off): every reservation granted at once, to measure what the limit costs. */
  public static ResponseBudget unlimited() {
    ResponseBudget budget = new ResponseBudget(Long.MAX_VALUE, Duration.ZERO, (long) Integer.MAX_VALUE << 10);
    budget.sizeFor(0);
    return budget;
  }

  public boolean unlimitedBudget() { return maxHeapBytes == Long.MAX_VALUE; }

  /** Sizes the budget for a feed that retains this much heap: half of what is left beside it, unless set. */
  public synchronized void sizeFor(long feedHeapBytes) {
    long total = fixedBytes != HALF_BESIDE_THE_FEED ? fixedBytes : Math.max(1 << 20, (long) ((maxHeapBytes - feedHeapBytes) * SHARE));
    int delta = (int) ((total - totalBytes) >> 10);
    if (delta > 0) free.release(delta);
    else if (delta < 0) free.shrink(-delta);
    totalBytes = total;
  }

  public synchronized long totalBytes() { return totalBytes; }

  /**
   * Room for an answer that will hold this many bytes (at most the whole budget, so that any answer can be built
   * when nothing else is), waiting for it up to the budget's wait; null when there is none by then.
   */
  public Reservation reserve(long bytes) {
    int kb = kilobytes(bytes);
    try {
      return free.tryAcquire(kb, wait.toMillis(), TimeUnit.MILLISECONDS) ? new Reservation(kb) : null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Room for an answer of this many bytes if there is some now, without waiting; null when there is none. */
  public Reservation tryReserve(long bytes) {
    int kb = kilobytes(bytes);
    return free.tryAcquire(kb) ? new Reservation(kb) : null;
  }

  /** What an answer of this many bytes reserves: at least 1 KB, at most the whole budget. */
  private int kilobytes(long bytes) { return (int) Math.max(1, Math.min(bytes, totalBytes()) >> 10); }

  /** Room held by one answer until it is closed (once; closing again does nothing). */
  public final class Reservation implements AutoCloseable {
    private final int kb;
    private final AtomicBoolean held = new AtomicBoolean(true);

    private Reservation(int kb) { this.kb = kb; }

    public long bytes() { return (long) kb << 10; }

    @Override
    public void close() {
      if (held.getAndSet(false)) free.release(kb);
    }
  }
}
