package transit.javalin;

import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.MethodNotAllowedResponse;
import io.javalin.json.JavalinJackson;
import io.javalin.router.EndpointNotFound;
import io.javalin.util.ConcurrencyUtil;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.ee10.servlet.ServletContextResponse;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.AbstractEndPoint;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import transit.api.Model.ApiError;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.SchedulesJson;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.Mode;
import transit.server.RunningServer;
import transit.server.SchedulesAnswer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * The route contract (docs/API.md) on Javalin 7 and Jetty 12; JSON encoded by Jackson from core's records, or
 * streamed from the feed's arrays when tuned.
 */
public final class JavalinServer {
  private JavalinServer() {}

  public static void main(String[] args) {
    ServerStartup.run("javalin-server", args, framework());
  }

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  public static Framework framework() { return new JavalinFramework(JavalinServer::start); }

  /**
   * Jetty serving the contract; port 0 picks a free port. Tuned: virtual threads, Javalin's own switch
   * (a virtual thread per request on JDK 21+; on older JDKs Javalin keeps Jetty's QueuedThreadPool). The connector is
   * Javalin's default one with the listen backlog every server asks for, and the limits (JettyLimits).
   */
  static RunningServer start(TransitApi api, ServerSettings settings) {
    Mode mode = settings.mode();
    boolean tuned = mode == Mode.TUNED;
    ServerSettings.Limits limits = settings.limits();
    Javalin app = Javalin.create(config -> {
      config.concurrency.useVirtualThreads = tuned;
      config.startup.showJavalinBanner = false;
      config.startup.showOldJavalinVersionWarning = false;
      config.jsonMapper(new JavalinJackson(JacksonJson.MAPPER, false));
      config.http.prefer405over404 = true;
      config.http.compressionStrategy = CompressionStrategy.NONE;
      config.router.treatMultipleSlashesAsSingleSlash = true;
      config.jetty.modifyHttpConfiguration(http -> http.setRequestHeaderSize(64 * 1024));
      JettyLimits.threads(config, limits, tuned);
      config.jetty.addConnector((server, http) -> {
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(ServerSettings.BACKLOG);
        JettyLimits.apply(server, connector, limits);
        return connector;
      });
      config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrors()));

      config.routes.get("/", ctx -> text(ctx, TransitApi.helloWorld()));
      config.routes.get("/greeting/{name}", ctx -> {
        TransitApi.Reply<String> greeting = TransitApi.greeting(ctx.pathParam("name"));
        if (greeting.isOk()) text(ctx, greeting.body());
        else ctx.status(greeting.status()).json(greeting.error());
      });
      config.routes.get("/hello", ctx -> reply(ctx, TransitApi.hello(ctx.queryParam("name"))));
      config.routes.get("/health", ctx -> ctx.json(api.health()));
      config.routes.get("/schedules/{route_id}", ctx -> {
        SchedulesAnswer answer = SchedulesAnswer.of(api, mode, ctx.pathParam("route_id"), ctx.queryParam("date"), JacksonJson::encode);
        // the heap the answer reserved is given back once Jetty has sent the response, or failed to
        Request.addCompletionListener(ServletContextRequest.getServletContextRequest(ctx.req()), failure -> answer.close());
        if (answer instanceof SchedulesAnswer.Model model) ctx.json(model.trips());
        else if (answer instanceof SchedulesAnswer.Streamed streamed) stream(ctx, streamed.trips());
        else if (answer instanceof SchedulesAnswer.Cached cached) send(ctx, cached.encoded());
        else if (answer instanceof SchedulesAnswer.Failed failed) ctx.status(failed.error().status()).json(failed.error());
        else if (answer instanceof SchedulesAnswer.Busy busy)
          ctx.status(503).header("Retry-After", String.valueOf(busy.retryAfterSeconds())).json(busy.error());
      });
      config.routes.get("/stops/{stop_id}/departures", ctx -> reply(ctx, api.departures(ctx.pathParam("stop_id"),
          ctx.queryParam("date"), ctx.queryParam("after"), ctx.queryParam("limit"))));

      // Dot segments, and broken percent-encoding in the query, which Javalin would drop silently (the parameter's
      // default used instead): the contract's 400, before any route is matched.
      config.routes.before(ctx -> {
        ApiError bad = TransitApi.badTarget(path(ctx), ctx.queryString());
        if (bad != null) ctx.skipRemainingHandlers().status(bad.status()).json(bad);
      });
      // Javalin answers HEAD on a GET route itself, with an empty 200; only GET is served.
      config.routes.beforeMatched(ctx -> {
        if (ctx.method() == HandlerType.HEAD) throw new MethodNotAllowedResponse();
      });
      // Javalin throws these when no endpoint matches; a 404 or 405 that a handler sets is left alone.
      config.routes.exception(EndpointNotFound.class, (e, ctx) ->
          ctx.status(404).json(TransitApi.noSuchPath(path(ctx))));
      config.routes.exception(MethodNotAllowedResponse.class, (e, ctx) ->
          ctx.status(405).json(TransitApi.methodNotAllowed(ctx.method().name(), path(ctx))));
    }).start();
    int bound = app.port(); // read now: once stopped, Jetty reports -2
    settleFirstRequest(settings.host(), bound);
    return new RunningServer() {
      public int port() { return bound; }
      public void close() { app.stop(); }
    };
  }

  /**
   * Javalin 7.2.3 builds its servlet's settings on the first request through a Kotlin lazy without a lock
   * (LazyThreadSafetyMode.NONE): of two first requests at once, one fails with a NullPointerException. One request
   * before the server is handed out settles it.
   */
  private static void settleFirstRequest(String host, int port) {
    try {
      InetAddress address = InetAddress.getByName(host);
      try (Socket socket = new Socket(address.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : address, port)) {
        socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        socket.getInputStream().transferTo(OutputStream.nullOutputStream());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the server's first request to itself failed", e);
    }
  }

  /**
   * Jetty's own answers to requests it refuses before Javalin sees them (a malformed request line, no Host, `%00`
   * or a `..` above the root in the path): the contract's JSON error body with Jetty's reason as the message,
   * where Jetty's default is an HTML page.
   */
  static final class JsonErrors extends ErrorHandler {
    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause, Callback callback) {
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, TransitApi.JSON);
      response.write(true, ByteBuffer.wrap(JacksonJson.bytes(new ApiError(code, HttpStatus.getMessage(code), message))), callback);
    }
  }

  /**
   * A text/plain body. Through the servlet API Jetty rewrites "text/plain; charset=utf-8" to its cached
   * "text/plain;charset=utf-8", so the contract's exact header is set on Jetty's own response instead.
   */
  private static void text(Context ctx, String body) {
    ServletContextResponse.getServletContextResponse(ctx.res()).getWrapped().getHeaders()
        .put(HttpHeader.CONTENT_TYPE, TransitApi.TEXT);
    ctx.result(body);
  }

  /** Errors echo the path as sent, percent-encoded, on every server. */
  private static String path(Context ctx) {
    return ctx.req().getRequestURI();
  }

  private static void send(Context ctx, ResponseCache.Encoded encoded) {
    ctx.status(encoded.status()).contentType(TransitApi.JSON).result(encoded.body());
  }

  /**
   * Tuned: the JSON written to the response's output stream as it is produced, from the feed's arrays; no
   * model, no whole-response array (a 10 MB one would be a humongous object for G1). Its length is counted
   * first, so the body goes out as it is, not framed in chunks.
   */
  private static void stream(Context ctx, RouteTrips trips) throws IOException {
    ctx.res().setContentLengthLong(new SchedulesJson(trips).length());
    SchedulesJson.write(trips, ctx.contentType(TransitApi.JSON).outputStream());
  }

  private static void reply(Context ctx, TransitApi.Reply<?> reply) {
    if (reply.isOk()) ctx.json(reply.body());
    else ctx.status(reply.status()).json(reply.error());
  }
}
