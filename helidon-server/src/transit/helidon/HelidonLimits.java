package transit.helidon;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.concurrency.limits.Limit;
import io.helidon.common.socket.SocketOptions;
import io.helidon.common.task.InterruptableTask;
import io.helidon.http.Headers;
import io.helidon.http.Status;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionListener;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import transit.server.MinimumRate;
import transit.server.ServerSettings;

/**
 * The limits every server keeps (ServerSettings.Limits) on Helidon, through its own settings where it has them: the
 * idle timeout (which closes a connection between requests), the connection limit (more wait in the backlog) and the
 * send buffer. A request head's bound, a write's timeout and the minimum response rate, which Helidon lacks (it reads
 * a head and writes a body on the connection's virtual thread for as long as the client takes), through a Watch.
 * Off, Helidon's defaults.
 */
final class HelidonLimits {
  private HelidonLimits() {}

  /** The limits on the server and its HTTP/1 connections; the Watch to put around them (null with the limits off). */
  static Watch apply(WebServerConfig.Builder server, Http1Config.Builder http1, ServerSettings.Limits limits) {
    if (!limits.on()) return null;
    server.idleConnectionTimeout(limits.idleTimeout())
        .maxTcpConnections(limits.connectionLimit())
        .connectionOptions(SocketOptions.builder().socketSendBufferSize(limits.sendBufferBytes()).build());
    Watch watch = new Watch(limits);
    http1.addReceiveListener(watch.received).addSendListener(watch.sent);
    return watch;
  }

  /**
   * Every open connection, from the HTTP/1 selector it wraps (opened as Helidon accepts it, closed as its handling
   * ends) and told by Helidon's HTTP/1 listeners, on the connection's own virtual thread, when its head arrived and
   * what it sends (a thread-local finds it without a lookup). A response that fell below the rate over a window is
   * ended as its next write is handed over (writes block until the kernel takes them, so each follows what the client
   * read); once a second, a connection whose head has not arrived within the bound of its start or of its last answer's
   * end (a kept-alive connection's next head is bounded as its first: idle sockets would otherwise hold all of Helidon's
   * connections and every new client wait behind them), or whose write has waited
   * longer than the idle timeout (as a write times out on the other servers), is closed.
   */
  static final class Watch implements AutoCloseable {
    private final ServerSettings.Limits limits;
    private final long headNanos, idleNanos;
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private final ThreadLocal<Connection> mine = new ThreadLocal<>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "helidon-limits-watch");
      t.setDaemon(true);
      return t;
    });

    Watch(ServerSettings.Limits limits) {
      this.limits = limits;
      this.headNanos = limits.requestHeadTimeout().toNanos();
      this.idleNanos = limits.idleTimeout().toNanos();
      sweeper.scheduleWithFixedDelay(this::sweep, 1, 1, TimeUnit.SECONDS);
    }

    /** HTTP/1's selector, each connection it makes watched from its start to its end. */
    ServerConnectionSelector around(ServerConnectionSelector http1) {
      return new ServerConnectionSelector() {
        @Override
        public int bytesToIdentifyConnection() { return http1.bytesToIdentifyConnection(); }

        @Override
        public Support supports(BufferData data) { return http1.supports(data); }

        @Override
        public Set<String> supportedApplicationProtocols() { return http1.supportedApplicationProtocols(); }

        @Override
        public ServerConnection connection(ConnectionContext ctx) {
          Connection c = new Connection(ctx, System.nanoTime());
          mine.set(c);
          open.add(c);
          return new Watched(http1.connection(ctx), c);
        }
      };
    }

    /** A connection as Helidon runs it, forgotten once its handling ends. */
    private final class Watched implements ServerConnection, InterruptableTask<Void> {
      private final ServerConnection connection;
      private final Connection watched;

      Watched(ServerConnection connection, Connection watched) {
        this.connection = connection;
        this.watched = watched;
      }

      @Override
      public void handle(Limit limit) throws InterruptedException {
        try {
          connection.handle(limit);
        } finally {
          open.remove(watched);
          mine.remove();
        }
      }

      @Override
      public Duration idleTime() { return connection.idleTime(); }

      @Override
      public void close(boolean interrupt) { connection.close(interrupt); }

      @Override
      public boolean canInterrupt() { return connection instanceof InterruptableTask<?> task && task.canInterrupt(); }
    }

    /** What a connection receives: a head's end stops its bound. */
    final Http1ConnectionListener received = new Http1ConnectionListener() {
      @Override
      public void headers(ConnectionContext ctx, Headers headers) {
        Connection c = mine.get();
        if (c != null) c.headArrived = true;
      }
    };

    /**
     * What a connection sends: a response's status starts its rate's window; before each write (the last one done),
     * a window gone by with less than the rate written ends the connection, as Helidon ends one whose write failed.
     */
    final Http1ConnectionListener sent = new Http1ConnectionListener() {
      @Override
      public void status(ConnectionContext ctx, Status status) {
        Connection c = mine.get();
        if (c != null && c.responding) c.started(new MinimumRate(limits));
      }

      @Override
      public void data(ConnectionContext ctx, BufferData data) { handing(data.available()); }

      @Override
      public void data(ConnectionContext ctx, byte[] bytes, int offset, int length) { handing(length); }

      private void handing(int bytes) {
        Connection c = mine.get();
        if (c != null && !c.handing(bytes)) throw new CloseConnectionException("the client read slower than the minimum response rate");
      }
    };

    /** Around the routes: the response is under way from here until it is sent, or has failed. */
    void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
      Connection c = mine.get();
      if (c != null) c.begin();
      try {
        chain.proceed();
      } finally {
        if (c != null) c.answered(System.nanoTime());
      }
    }

    /**
     * Once a second: closes what has waited too long. A connection may close itself meanwhile, and Helidon's close
     * then throws; caught, since a scheduled task that throws is never run again, and no connection would be swept.
     */
    private void sweep() {
      long now = System.nanoTime();
      for (Connection c : open)
        if (!c.headArrived && now - c.headFrom > headNanos || c.stalled(now, idleNanos)) {
          open.remove(c);
          try {
            c.ctx.serverSocket().close(); // a read or write waiting on the client fails, and the connection ends
          } catch (RuntimeException alreadyClosed) {
            // it ended on its own
          }
        }
    }

    @Override
    public void close() { sweeper.shutdownNow(); }
  }

  /** One connection as the Watch sees it: what its thread writes and the sweep reads. */
  private static final class Connection {
    final ConnectionContext ctx;
    /** Since when its next head is awaited: the connection's start, then each answer's end. */
    volatile long headFrom;
    volatile boolean headArrived, responding;
    private MinimumRate rate; // the response's, on the connection's thread only
    private long written;
    private volatile long handedAt = -1;

    Connection(ConnectionContext ctx, long openedAt) {
      this.ctx = ctx;
      this.headFrom = openedAt;
    }

    /** An answer sent: the next head, on a kept-alive connection, has the same bound as the first. */
    void answered(long now) {
      responding = false;
      headFrom = now; // before headArrived: the sweep never sees a stale start with the bound running
      headArrived = false;
    }

    /** A response begins: nothing judged until its status goes out. */
    void begin() {
      handedAt = -1;
      rate = null;
      responding = true;
    }

    void started(MinimumRate responseRate) {
      rate = responseRate;
      written = 0;
      handedAt = System.nanoTime();
    }

    /** A write about to be handed to the socket, the last one done: whether the response has kept up with the rate. */
    boolean handing(int bytes) {
      if (rate == null) return true;
      if (!rate.keptUp(written)) return false;
      written += bytes;
      handedAt = System.nanoTime();
      return true;
    }

    /** A response under way whose last write has waited on the client longer than the idle timeout. */
    boolean stalled(long now, long idleNanos) { return responding && handedAt >= 0 && now - handedAt > idleNanos; }
  }
}
