package transit.javalin;

import io.javalin.config.JavalinConfig;
import io.javalin.util.ConcurrencyUtil;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.io.AbstractEndPoint;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.Scheduler;
import transit.server.MinimumRate;
import transit.server.ServerSettings;

/**
 * The limits every server keeps (ServerSettings.Limits) on Jetty, each through Jetty's own setting where it has one:
 * the connector's idle timeout (which also fails a blocked write, freeing the thread of a client that stopped
 * reading), the send buffer and the connection limit; a request head's bound and the minimum response rate, which
 * Jetty lacks, through RequestHeadTimeout and MinimumRateWatch (Jetty 12 keeps HttpConfiguration's
 * minResponseDataRate, but nothing reads it). Off, Jetty's and Javalin's defaults.
 */
final class JavalinLimits {
  private JavalinLimits() {}

  /**
   * A response written to a slow reader holds its thread: as many threads as connections (Javalin's default is 250), so
   * slow readers up to the connection limit never take the last one. Jetty starts them as needed.
   */
  static void threads(JavalinConfig config, ServerSettings.Limits limits, boolean virtual) {
    if (limits.on())
      config.jetty.threadPool = ConcurrencyUtil.jettyThreadPool("JettyServerThreadPool", 8, limits.threadsForConnections(), virtual);
  }

  /** The connector's limits, and the server's connection limit over it. */
  static void apply(Server server, ServerConnector connector, ServerSettings.Limits limits) {
    if (!limits.on()) return;
    connector.setIdleTimeout(limits.idleTimeout().toMillis());
    connector.setAcceptedSendBufferSize(limits.sendBufferBytes());
    connector.addBean(new RequestHeadTimeout(limits.requestHeadTimeout(), connector.getScheduler()));
    connector.addBean(new MinimumRateWatch(limits, connector.getScheduler()));
    server.addBean(new NetworkConnectionLimit(limits.connectionLimit(), connector));
  }

  /**
   * A bound on a request head's arrival, which Jetty has not: its idle timer restarts with every byte, so a client
   * trickling a header a byte at a time would hold its connection as long as it liked. A connection whose first
   * request has not arrived within the limit is closed, and so is one whose next request has not arrived within it of
   * that head's first byte, once every request before it has been answered (NextHead, looked at every second); a
   * connection idle between requests is the idle timeout's.
   */
  static final class RequestHeadTimeout implements Connection.Listener {
    private static final Duration PERIOD = Duration.ofSeconds(1);
    private final Duration limit;
    private final Scheduler scheduler;

    /** scheduler: the connector's. */
    RequestHeadTimeout(Duration limit, Scheduler scheduler) {
      this.limit = limit;
      this.scheduler = scheduler;
    }

    @Override
    public void onOpened(Connection connection) {
      scheduler.schedule(() -> {
        if (connection.getMessagesIn() == 0 && connection.getEndPoint().isOpen()) connection.getEndPoint().close();
      }, limit.toMillis(), TimeUnit.MILLISECONDS);
      scheduler.schedule(new NextHead(connection), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void onClosed(Connection connection) {}

    /** One connection's next head: bytes read since its last request, with every request answered, start its bound. */
    private final class NextHead implements Runnable {
      private final Connection connection;
      private long requests = -1, bytes;
      private long since = -1;

      NextHead(Connection connection) { this.connection = connection; }

      @Override
      public void run() {
        if (!connection.getEndPoint().isOpen()) return;
        long in = connection.getMessagesIn(), read = connection.getBytesIn(), now = System.nanoTime();
        if (in != requests || in != connection.getMessagesOut() || in == 0) { // a request came, is being answered, or none yet
          requests = in;
          bytes = read;
          since = -1;
        } else if (since < 0 && read != bytes) since = now;
        else if (since >= 0 && now - since >= limit.toNanos()) {
          connection.getEndPoint().close();
          return;
        }
        scheduler.schedule(this, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  /**
   * The minimum response rate, which Jetty 12 does not apply: every second, a connection whose write waits on the client
   * is judged as MinimumRate judges, on the bytes Jetty has sent since it last did not wait; one fallen below the rate
   * is closed (its blocked write fails, freeing the thread). A connection whose write is not waiting starts afresh.
   */
  static final class MinimumRateWatch implements Connection.Listener {
    private static final Duration PERIOD = Duration.ofSeconds(1);
    private final ServerSettings.Limits limits;
    private final Scheduler scheduler;

    /** scheduler: the connector's. */
    MinimumRateWatch(ServerSettings.Limits limits, Scheduler scheduler) {
      this.limits = limits;
      this.scheduler = scheduler;
    }

    @Override
    public void onOpened(Connection connection) {
      if (connection.getEndPoint() instanceof AbstractEndPoint endPoint) scheduler.schedule(new Check(connection, endPoint), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void onClosed(Connection connection) {}

    /** One connection's wait: its rate since its write began to wait on the client, and what it had sent before. */
    private final class Check implements Runnable {
      private final Connection connection;
      private final AbstractEndPoint endPoint;
      private MinimumRate rate;
      private long sentBefore;

      Check(Connection connection, AbstractEndPoint endPoint) {
        this.connection = connection;
        this.endPoint = endPoint;
      }

      @Override
      public void run() {
        if (!endPoint.isOpen()) return;
        long sent = connection.getBytesOut();
        if (!endPoint.getWriteFlusher().isPending()) { // not waiting on the client
          rate = null;
          sentBefore = sent;
        } else if (rate == null) rate = new MinimumRate(limits, PERIOD);
        if (rate != null && !rate.keptUp(sent - sentBefore)) {
          // failed as Jetty's idle timeout fails a write, which Javalin logs at debug only, then closed
          endPoint.getWriteFlusher().onFail(new TimeoutException("response slower than " + limits.minResponseBytesPerSecond() + " bytes/s"));
          endPoint.close();
          return;
        }
        scheduler.schedule(this, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }
}
