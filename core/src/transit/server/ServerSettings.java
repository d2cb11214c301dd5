package transit.server;

import java.time.Duration;

/**
 * Where and how a server listens: its host and port (0 picks a free port), its mode, and the limits it keeps
 * against slow or hostile clients (docs/API.md, Limits).
 */
public record ServerSettings(String host, int port, Mode mode, Limits limits) {
  /**
   * The listen backlog every server asks the kernel for (docs/API.md, Limits): the connections that may wait to be
   * accepted, so that 1,000 clients connecting at once are queued rather than dropped. The JDK's default is 50.
   */
  public static final int BACKLOG = 1000;

  /**
   * The limits every server keeps, each through its framework's own setting where it has one (on), or none of them
   * ({@link #OFF}: every one at its framework's default, and no budget for answers, to measure what they cost):
   * <ul>
   *   <li>idleTimeout: a connection that neither reads nor writes for this long is closed (--idle-timeout), so a client
   *       that stops reading frees what its response holds. Far above any stall of a 10 MB download on loopback under
   *       load, so only a client that has stopped reading meets it;
   *   <li>requestHeadTimeout: a request line and headers must arrive within this long, so that clients trickling a
   *       header a byte at a time cannot hold connections (Ember's own default, 5 s);
   *   <li>minResponseBytesPerSecond over minRateWindow: a response that moves less than this, averaged over the
   *       window, is abandoned and its connection closed. 16 KB/s is a fifth of a slow 3G link and about what 2G
   *       (EDGE) gives, so real phones keep their downloads (a 10 MB answer within 11 minutes), while a client
   *       reading a trickle to hold the server's memory or threads is cut a few windows on: judged as it moves
   *       (MinimumRate), the first window counting what filled the buffers on the way;
   *   <li>sendBufferBytes: each connection's kernel send buffer. A server sees a response move as its writes complete;
   *       the kernel would otherwise grow the buffer to megabytes, and a writer then waits, unseen, until a third of
   *       it drains, a minute or more for a slow reader: with 256 KB its writes follow what the client reads within about two
   *       windows, and a fast reader's writes are not cut into many waits (64 KB cost that: docs/RESULTS.md, the send
   *       buffer);
   *   <li>connectionLimit: connections served at once, the rest waiting in the backlog; a server whose writes block
   *       a thread has at least as many threads, so slow readers below the limit never take the last one.
   * </ul>
   */
  public record Limits(boolean on, Duration idleTimeout, Duration requestHeadTimeout, int minResponseBytesPerSecond, Duration minRateWindow,
      int sendBufferBytes, int connectionLimit) {
    public static final Limits DEFAULT = new Limits(true, Duration.ofSeconds(30), Duration.ofSeconds(5), 16 * 1024, Duration.ofSeconds(10),
        256 * 1024, 1024);

    /** No limit of this project's: each framework's own defaults (--limits off). */
    public static final Limits OFF = new Limits(false, null, null, 0, null, 0, 0);

    /**
     * The largest body a server may hand on in one write and still cut a reader below the minimum rate within about a
     * window: the send buffer and a window's worth at the rate, which a reader at the rate takes within the window.
     */
    public int wholeBodyBytes() {
      return !on ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, sendBufferBytes + (long) minResponseBytesPerSecond * minRateWindow.toSeconds());
    }

    /**
     * The writes a server cuts a long body into where its framework counts a write as sent only once all of it is: the
     * minimum rate then sees the body move write by write, and a slow reader holds one write's copy, not the body's.
     * As large as a reader at the minimum rate takes within two windows and two thirds of the idle timeout (320 KB at
     * the defaults), because every write costs a fast client a price of its own in the kernel, whatever its size
     * (docs/RESULTS.md, the size of a server's writes). Off, the default limits' size, for a server that cuts its
     * writes for reasons of its own.
     */
    public int sliceBytes() {
      if (!on) return DEFAULT.sliceBytes();
      long millis = Math.min(2 * minRateWindow.toMillis(), idleTimeout.toMillis() * 2 / 3);
      return (int) Math.max(16 * 1024, Math.min(Integer.MAX_VALUE, minResponseBytesPerSecond * millis / 1000));
    }

    /** A pool of a thread per connection for a server whose writes block one: so slow readers never take the last one. */
    public int threadsForConnections() { return connectionLimit + SPARE_THREADS; }

    /** Threads a pool of one per connection keeps beyond them, for its server's own work (acceptors, selectors). */
    static final int SPARE_THREADS = 16;

    /**
     * The most a server whose writes block until the kernel takes them all hands on between two judgements of the
     * minimum rate: an eighth of the send buffer (32 KB at the defaults). A slow reader's kernel takes a third of the
     * (doubled) send buffer at each of its steps, and a judgement falls a write's worth into a step, or short of its end;
     * so much finer than a step, a reader a quarter above the rate is never judged below it. Off, the defaults'.
     */
    public int checkedBytes() {
      return !on ? DEFAULT.checkedBytes() : Math.max(4 * 1024, sendBufferBytes / 8);
    }

    public Limits withIdleTimeout(Duration timeout) {
      return new Limits(on, timeout, requestHeadTimeout, minResponseBytesPerSecond, minRateWindow, sendBufferBytes, connectionLimit);
    }

    public Limits withMinRate(int bytesPerSecond, Duration window) {
      return new Limits(on, idleTimeout, requestHeadTimeout, bytesPerSecond, window, sendBufferBytes, connectionLimit);
    }

    public Limits withSendBuffer(int bytes) {
      return new Limits(on, idleTimeout, requestHeadTimeout, minResponseBytesPerSecond, minRateWindow, bytes, connectionLimit);
    }

    public Limits withConnectionLimit(int connections) {
      return new Limits(on, idleTimeout, requestHeadTimeout, minResponseBytesPerSecond, minRateWindow, sendBufferBytes, connections);
    }
  }

  /** On 127.0.0.1 and a free port with the default limits: how the suites start servers. */
  public static ServerSettings loopback(Mode mode) { return new ServerSettings("127.0.0.1", 0, mode, Limits.DEFAULT); }

  public ServerSettings withLimits(Limits other) { return new ServerSettings(host, port, mode, other); }

}
