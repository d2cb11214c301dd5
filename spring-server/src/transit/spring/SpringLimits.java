package transit.spring;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.NioEndpoint.NioSocketWrapper;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import transit.api.HttpContract;
import transit.api.Model.ApiError;
import transit.server.MinimumRate;
import transit.server.ServerSettings;

/**
 * What the limits every server keeps (ServerSettings.Limits) need of Tomcat beyond Boot's properties (SpringServer sets
 * those): the send buffer (a connector property Boot does not map), a bound on a request head's arrival (Tomcat's
 * timeouts restart with every byte), the minimum response rate (Tomcat has none); and, limits on or off, what the
 * contract needs of Tomcat: JSON bodies for the errors it answers itself, the exact text/plain header, %2F let through.
 */
final class SpringLimits {
  private SpringLimits() {}

  static void apply(TomcatServletWebServerFactory factory, ServerSettings.Limits limits) {
    Heads heads = limits.on() ? new Heads(limits) : null;
    if (limits.on()) factory.setProtocol(HeadBoundProtocol.class.getName());
    factory.addConnectorCustomizers(connector -> {
      // %2F in a path reaches the routes as sent (no route has it: the contract's 404), where Tomcat would refuse it
      connector.setEncodedSolidusHandling("passthrough");
      if (limits.on()) {
        connector.setProperty("socket.txBufSize", String.valueOf(limits.sendBufferBytes()));
        ((HeadBoundProtocol) connector.getProtocolHandler()).endpoint.heads = heads;
      }
    });
    factory.addContextCustomizers(context -> {
      StandardHost host = (StandardHost) context.getParent();
      for (Valve valve : host.getPipeline().getValves()) {
        if (valve instanceof ErrorReportValve) host.getPipeline().removeValve(valve);
      }
      host.setErrorReportValveClass(JsonErrors.class.getName()); // else Tomcat adds its HTML one, which answers first
      host.getPipeline().addValve(new JsonErrors());
      context.getPipeline().addValve(new EveryRequest(heads, limits));
      if (heads != null) context.addLifecycleListener(event -> {
        if ("after_stop".equals(event.getType())) heads.close();
      });
    });
  }

  /**
   * A request head's bound on every request of a connection, which Tomcat has not (its timeouts restart with every
   * byte): a connection is closed once the bound has passed since it was accepted before its first request arrived, or
   * since the first byte of its next head before that request arrived (a client trickling a header a byte at a time); a
   * connection idle between requests is Tomcat's keep-alive timeout's. Time the server itself takes does not count
   * against the client: a connection whose bytes a thread has yet to read is judged again shortly (with the server on
   * one core, tuned's virtual threads share one carrier, which a cold encoding of a 10 MB answer can hold for seconds).
   * Next heads are looked at every second, so their bound starts up to a second after the head's first byte (or, where
   * a look fell in the moment Tomcat holds a processor as an answer ends, at that end). Only timers do this; a request
   * pays one map lookup.
   */
  static final class Heads {
    /** How soon a connection whose bytes waited for the server is judged again. */
    static final long AGAIN_MILLIS = 250;
    /** How often kept-alive connections' next heads are looked at. */
    static final long PERIOD_MILLIS = 1_000;
    private final long limitMillis;
    private final Map<SocketAddress, Connection> connections = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "request-head-timeout");
      thread.setDaemon(true);
      return thread;
    });

    Heads(ServerSettings.Limits limits) {
      this.limitMillis = limits.requestHeadTimeout().toMillis();
      timer.scheduleWithFixedDelay(this::nextHeads, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** socket: Tomcat's wrapper of the connection, null once it has closed it. */
    void accepted(SocketAddress client, Supplier<SocketWrapperBase<NioChannel>> socket) {
      Connection connection = new Connection(socket);
      connections.put(client, connection);
      firstHead(connection, limitMillis);
    }

    private void firstHead(Connection connection, long afterMillis) {
      timer.schedule(() -> {
        SocketWrapperBase<NioChannel> socket = connection.socket.get();
        if (socket == null || connection.requested()) return;
        if (waitsOnClient(socket)) socket.close();
        else firstHead(connection, AGAIN_MILLIS);
      }, afterMillis, TimeUnit.MILLISECONDS);
    }

    private void nextHeads() {
      long now = System.currentTimeMillis();
      connections.forEach((client, connection) -> {
        SocketWrapperBase<NioChannel> socket = connection.socket.get();
        if (socket == null || socket.isClosed()) connections.remove(client, connection);
        else if (connection.nextHeadLate(socket, now, limitMillis)) socket.close();
      });
    }

    /** Whether a connection waits for the client's bytes (false: a thread has them to read, or it is answering). */
    private static boolean waitsOnClient(SocketWrapperBase<NioChannel> socket) {
      // Tomcat's poller takes a connection's read interest away while it hands its bytes to a thread, and gives it back
      // once that thread needs more from the client
      return !(socket instanceof NioSocketWrapper nio) || nio.interestOpsHas(SelectionKey.OP_READ);
    }

    void requested(SocketAddress client) {
      Connection connection = connections.get(client);
      if (connection != null) connection.arrived();
    }

    void close() { timer.shutdownNow(); }

    /** One connection's heads, as the timers and its requests see it. */
    private static final class Connection {
      final Supplier<SocketWrapperBase<NioChannel>> socket;
      private boolean requested;
      private long headFrom = -1; // when the next head was first seen under way; -1 none yet

      Connection(Supplier<SocketWrapperBase<NioChannel>> socket) { this.socket = socket; }

      synchronized boolean requested() { return requested; }

      /** A request has reached the valve: its head has come. */
      synchronized void arrived() {
        requested = true;
        headFrom = -1;
      }

      /**
       * Whether the next head has taken longer than the bound: it is under way while the connection waits on the
       * client with a processor, which holds what Tomcat has read of it (an idle connection's is given back).
       */
      synchronized boolean nextHeadLate(SocketWrapperBase<NioChannel> socket, long now, long limitMillis) {
        if (!requested || !waitsOnClient(socket)) return false;
        if (socket.getCurrentProcessor() == null) headFrom = -1;
        else if (headFrom < 0) headFrom = now;
        return headFrom >= 0 && now - headFrom >= limitMillis;
      }
    }
  }

  /** Tomcat's NIO connector, whose endpoint tells {@link Heads} of every connection it accepts. */
  public static final class HeadBoundProtocol extends Http11NioProtocol {
    final HeadBoundEndpoint endpoint;

    public HeadBoundProtocol() { this(new HeadBoundEndpoint()); }

    private HeadBoundProtocol(HeadBoundEndpoint endpoint) {
      super(endpoint);
      this.endpoint = endpoint;
    }
  }

  static final class HeadBoundEndpoint extends NioEndpoint {
    volatile Heads heads;

    @Override
    protected boolean setSocketOptions(SocketChannel socket) {
      if (!super.setSocketOptions(socket)) return false;
      Heads watch = heads;
      try {
        if (watch != null) watch.accepted(socket.getRemoteAddress(), () -> connections.get(socket));
      } catch (IOException e) {
        // closed as it was accepted: nothing to watch
      }
      return true;
    }
  }

  /**
   * On every request, with the limits on: its head has come, and the body goes out through the
   * minimum-rate check. Always: a text/plain answer gets the contract's exact header once the servlet is done, for
   * Tomcat splits a content type's charset off and writes it back as ";charset=".
   */
  static final class EveryRequest extends ValveBase {
    private final Heads heads; // null with the limits off
    private final ServerSettings.Limits limits;

    EveryRequest(Heads heads, ServerSettings.Limits limits) {
      super(true);
      this.heads = heads;
      this.limits = limits;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
      if (heads != null) {
        heads.requested(new InetSocketAddress(InetAddress.getByName(request.getRemoteAddr()), request.getRemotePort()));
        response.setResponse(new RateChecked(response.getResponse(), limits, response));
      }
      getNext().invoke(request, response);
      org.apache.coyote.Response sent = response.getCoyoteResponse();
      if (!sent.isCommitted() && "text/plain".equals(sent.getContentType())) sent.setContentTypeNoCharset(HttpContract.TEXT);
    }
  }

  /**
   * A response whose body, as it is written, keeps up with the minimum rate from its first byte: a write that finds
   * the last window moved less fails as a client gone away does, and Tomcat closes the connection. A large write goes
   * out in Limits#checkedBytes writes, each checked once written: free, where Tomcat writes 8 KB at a time whatever it
   * is handed.
   */
  static final class RateChecked extends HttpServletResponseWrapper {
    private final ServerSettings.Limits limits;
    private final int checkedBytes; // limits.checkedBytes(), derived once per response, not per write
    private final Response tomcat;
    private ServletOutputStream out;

    RateChecked(HttpServletResponse response, ServerSettings.Limits limits, Response tomcat) {
      super(response);
      this.limits = limits;
      this.checkedBytes = limits.checkedBytes();
      this.tomcat = tomcat;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (out == null) out = new Checked(super.getOutputStream());
      return out;
    }

    private final class Checked extends ServletOutputStream {
      private final ServletOutputStream next;
      private MinimumRate rate; // from the first byte: the time before it (a wait for heap, say) is not the client's

      Checked(ServletOutputStream next) { this.next = next; }

      @Override
      public void write(int b) throws IOException {
        next.write(b);
        wrote();
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        for (int at = off, end = off + len; at < end; at += checkedBytes) {
          int slice = Math.min(checkedBytes, end - at);
          next.write(b, at, slice);
          wrote();
        }
      }

      /** Checked on the bytes Tomcat has written to the socket: a compressed answer's compressed ones, which a slow reader takes. */
      private void wrote() throws IOException {
        if (rate == null) rate = new MinimumRate(limits);
        if (!rate.keptUp(tomcat.getCoyoteResponse().getBytesWritten(false))) {
          tomcat.getCoyoteResponse().action(ActionCode.CLOSE_NOW, null);
          throw new ClientAbortException("the client read slower than the minimum response rate");
        }
      }

      @Override
      public void flush() throws IOException { next.flush(); }

      @Override
      public void close() throws IOException { next.close(); }

      @Override
      public boolean isReady() { return next.isReady(); }

      @Override
      public void setWriteListener(WriteListener listener) { next.setWriteListener(listener); }
    }
  }

  /**
   * Tomcat's own answers to requests it refuses before Spring sees them (a malformed request line, no Host, a `..`
   * above the root, TRACE): the contract's JSON error body with Tomcat's status, where Tomcat's default is an HTML page
   * (and Boot's, replaced here, its own JSON).
   */
  public static final class JsonErrors extends ErrorReportValve {
    @Override
    protected void report(Request request, Response response, Throwable failure) {
      int status = response.getStatus();
      if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) return;
      java.util.concurrent.atomic.AtomicBoolean io = new java.util.concurrent.atomic.AtomicBoolean();
      response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, io);
      if (!io.get()) return;
      String path = request.getRequestURI() == null ? "" : request.getRequestURI();
      org.springframework.http.HttpStatus known = org.springframework.http.HttpStatus.resolve(status);
      String reason = known == null ? "Error" : known.getReasonPhrase();
      ApiError error = switch (status) {
        case 400 -> HttpContract.malformedRequest();
        case 404 -> HttpContract.noSuchPath(path);
        case 405 -> HttpContract.methodNotAllowed(request.getMethod(), path); // TRACE, which Tomcat refuses itself
        default -> new ApiError(status, reason, reason);
      };
      byte[] body = SpringJson.bytes(error);
      try {
        response.setContentType(HttpContract.JSON);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.finishResponse();
      } catch (IOException | IllegalStateException e) {
        // the client is gone
      }
    }
  }
}
