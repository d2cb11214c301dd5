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
import java.util.function.BooleanSupplier;
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
    FirstRequests firstRequests = limits.on() ? new FirstRequests(limits) : null;
    if (limits.on()) factory.setProtocol(HeadBoundProtocol.class.getName());
    factory.addConnectorCustomizers(connector -> {
      // %2F in a path reaches the routes as sent (no route has it: the contract's 404), where Tomcat would refuse it
      connector.setEncodedSolidusHandling("passthrough");
      if (limits.on()) {
        connector.setProperty("socket.txBufSize", String.valueOf(limits.sendBufferBytes()));
        ((HeadBoundProtocol) connector.getProtocolHandler()).endpoint.firstRequests = firstRequests;
      }
    });
    factory.addContextCustomizers(context -> {
      StandardHost host = (StandardHost) context.getParent();
      for (Valve valve : host.getPipeline().getValves()) {
        if (valve instanceof ErrorReportValve) host.getPipeline().removeValve(valve);
      }
      host.setErrorReportValveClass(JsonErrors.class.getName()); // else Tomcat adds its HTML one, which answers first
      host.getPipeline().addValve(new JsonErrors());
      context.getPipeline().addValve(new EveryRequest(firstRequests, limits));
      if (firstRequests != null) context.addLifecycleListener(event -> {
        if ("after_stop".equals(event.getType())) firstRequests.close();
      });
    });
  }

  /**
   * Connections whose first request has not arrived: each is closed once the request-head bound has passed since it
   * was accepted, unless its first request arrived (a client trickling a header a byte at a time). Time the server
   * itself takes does not count against the client: a connection whose bytes a thread has yet to read is judged again
   * shortly (with the server on one core, tuned's virtual threads share one carrier, which a cold encoding of a 10 MB
   * answer can hold for seconds). Only the timer does this; a request pays one map removal, as before.
   */
  static final class FirstRequests {
    /** How soon a connection whose bytes waited for the server is judged again. */
    static final long AGAIN_MILLIS = 250;
    private final long limitMillis;
    private final Map<SocketAddress, Boolean> awaiting = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "request-head-timeout");
      thread.setDaemon(true);
      return thread;
    });

    FirstRequests(ServerSettings.Limits limits) { this.limitMillis = limits.requestHeadTimeout().toMillis(); }

    /** waitsOnClient: whether the connection waits for the client's bytes (false: a thread has them to read). */
    void accepted(SocketAddress client, BooleanSupplier waitsOnClient, Runnable close) {
      awaiting.put(client, Boolean.TRUE);
      judge(client, waitsOnClient, close, limitMillis);
    }

    private void judge(SocketAddress client, BooleanSupplier waitsOnClient, Runnable close, long afterMillis) {
      timer.schedule(() -> {
        boolean[] closing = {false};
        // decided under the entry's lock: a connection whose first request reached the valve first is never closed
        Boolean still = awaiting.computeIfPresent(client, (c, v) -> (closing[0] = waitsOnClient.getAsBoolean()) ? null : v);
        if (closing[0]) close.run();
        else if (still != null) judge(client, waitsOnClient, close, AGAIN_MILLIS);
      }, afterMillis, TimeUnit.MILLISECONDS);
    }

    void requested(SocketAddress client) { awaiting.remove(client); }

    void close() { timer.shutdownNow(); }
  }

  /** Tomcat's NIO connector, whose endpoint tells {@link FirstRequests} of every connection it accepts. */
  public static final class HeadBoundProtocol extends Http11NioProtocol {
    final HeadBoundEndpoint endpoint;

    public HeadBoundProtocol() { this(new HeadBoundEndpoint()); }

    private HeadBoundProtocol(HeadBoundEndpoint endpoint) {
      super(endpoint);
      this.endpoint = endpoint;
    }
  }

  static final class HeadBoundEndpoint extends NioEndpoint {
    volatile FirstRequests firstRequests;

    @Override
    protected boolean setSocketOptions(SocketChannel socket) {
      if (!super.setSocketOptions(socket)) return false;
      FirstRequests watch = firstRequests;
      try {
        if (watch != null) watch.accepted(socket.getRemoteAddress(), () -> {
          // Tomcat's poller takes a connection's read interest away while it hands its bytes to a thread, and gives
          // it back once that thread needs more from the client
          SocketWrapperBase<NioChannel> connection = connections.get(socket);
          return !(connection instanceof NioSocketWrapper nio) || nio.interestOpsHas(SelectionKey.OP_READ);
        }, () -> {
          SocketWrapperBase<NioChannel> connection = connections.get(socket);
          if (connection != null) connection.close();
        });
      } catch (IOException e) {
        // closed as it was accepted: nothing to watch
      }
      return true;
    }
  }

  /**
   * On every request, with the limits on: its connection has had its first request, and the body goes out through the
   * minimum-rate check. Always: a text/plain answer gets the contract's exact header once the servlet is done, for
   * Tomcat splits a content type's charset off and writes it back as ";charset=".
   */
  static final class EveryRequest extends ValveBase {
    private final FirstRequests firstRequests; // null with the limits off
    private final ServerSettings.Limits limits;

    EveryRequest(FirstRequests firstRequests, ServerSettings.Limits limits) {
      super(true);
      this.firstRequests = firstRequests;
      this.limits = limits;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
      if (firstRequests != null) {
        firstRequests.requested(new InetSocketAddress(InetAddress.getByName(request.getRemoteAddr()), request.getRemotePort()));
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
