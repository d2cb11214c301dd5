package transit.vertx;

import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.json.Json;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
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
 * The route contract (docs/API.md) on Vert.x 5: a vertx-web Router in a verticle, one instance per CPU, each on an
 * event loop of its own; JSON by Vert.x's Jackson codec, or streamed from the feed's arrays when tuned. Nothing in
 * a handler blocks the event loop: a /schedules answer is decided (it may wait for room in the heap) and encoded on
 * a worker pool of its own, then written as the client takes it.
 */
public final class VertxServer extends VerticleBase {
  private final TransitApi api;
  private final ServerSettings settings;
  private final int port;
  private final Connections connections;
  private HttpServer server;
  /**
   * The worker pool /schedules answers are decided on: as many threads as connections (started as needed), for a
   * request may wait there for room in the heap, and Vert.x's default pool of 20 would leave later ones queued behind.
   */
  private WorkerExecutor answers;

  VertxServer(TransitApi api, ServerSettings settings, int port, Connections connections) {
    this.api = api;
    this.settings = settings;
    this.port = port;
    this.connections = connections;
  }

  public static void main(String[] args) {
    ServerStartup.run("vertx-server", args, framework());
  }

  /** Vert.x as the comparison knows it: its description, with this server's start. */
  public static Framework framework() { return new VertxFramework(VertxServer::start); }

  /**
   * One verticle per CPU this process may use (as Vert.x's docs scale a server), all on one port. The limits every
   * server keeps are HttpServerOptions' where Vert.x has them (idle timeout, send buffer, backlog, header size); a
   * request head's bound and the minimum response rate, which it has not, are {@link Connections} and {@link PacedBody}.
   */
  static RunningServer start(TransitApi api, ServerSettings settings) throws Exception {
    VertxJson.configure();
    Vertx vertx = Vertx.vertx();
    try {
      Connections connections = new Connections(vertx, settings.limits());
      // The instances share one port; for port 0, Vert.x shares a random one among servers that ask for -1.
      int port = settings.port() == 0 ? -1 : settings.port();
      List<VertxServer> instances = new CopyOnWriteArrayList<>();
      await(vertx.deployVerticle(() -> {
        VertxServer instance = new VertxServer(api, settings, port, connections);
        instances.add(instance);
        return instance;
      }, new DeploymentOptions().setInstances(Runtime.getRuntime().availableProcessors())));
      int bound = instances.get(0).server.actualPort();
      return new RunningServer() {
        public int port() { return bound; }
        public void close() { vertx.close().await(); }
      };
    } catch (Exception e) {
      vertx.close();
      throw e;
    }
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Override
  public Future<?> start() {
    ServerSettings.Limits limits = settings.limits();
    answers = vertx.createSharedWorkerExecutor("transit-answers", limits.connectionLimit());
    HttpServerOptions options = new HttpServerOptions()
        .setHost(settings.host())
        .setIdleTimeout((int) limits.idleTimeout().toMillis()).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
        .setAcceptBacklog(ServerSettings.BACKLOG)
        .setSendBufferSize(limits.sendBufferBytes())
        .setMaxInitialLineLength(64 * 1024)
        .setMaxHeaderSize(64 * 1024)
        .setHttp2ClearTextEnabled(false); // HTTP/1.1 only, as every server: an h2c upgrade is answered in HTTP/1.1
    Router router = router();
    server = vertx.createHttpServer(options)
        .connectionHandler(connections::opened)
        .invalidRequestHandler(VertxServer::invalid)
        .exceptionHandler(VertxServer::connectionFailed)
        .requestHandler(request -> {
          connections.requested(request.connection());
          ApiError refused = refused(request);
          if (refused == null) router.handle(request);
          else request.response().setStatusCode(refused.status()).putHeader(HttpHeaders.CONTENT_TYPE, TransitApi.JSON)
              .end(Json.encodeToBuffer(refused));
        });
    return server.listen(port);
  }

  /**
   * What Vert.x's HTTP codec lets through and the contract refuses, before the router (which would fail on it): an
   * HTTP/1.1 request without exactly one Host header, and a request target with a character no URI has (a control
   * character, a space, a backslash, raw non-ASCII), which the other servers' HTTP layers refuse as malformed.
   */
  private static ApiError refused(HttpServerRequest request) {
    if (request.version() == HttpVersion.HTTP_1_1 && request.headers().getAll(HttpHeaders.HOST).size() != 1) return TransitApi.hostRequired();
    String target = request.uri();
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c <= ' ' || c >= 0x7f || c == '\\') return TransitApi.malformedRequest();
    }
    return null;
  }

  private Router router() {
    Router router = Router.router(vertx);
    // Before any route: a dot segment or broken percent-encoding in the query, the contract's 400. Another method than
    // GET on a route's path (HEAD too) is the router's 405.
    router.route().handler(ctx -> {
      ApiError bad = TransitApi.badTarget(ctx.request().path(), ctx.request().query());
      if (bad != null) error(ctx, bad);
      else ctx.next();
    });
    router.get("/").handler(ctx -> text(ctx, TransitApi.helloWorld()));
    router.get("/greeting/:name").handler(ctx -> {
      TransitApi.Reply<String> greeting = TransitApi.greeting(ctx.pathParam("name"));
      if (greeting.isOk()) text(ctx, greeting.body());
      else error(ctx, greeting.error());
    });
    router.get("/hello").handler(ctx -> reply(ctx, TransitApi.hello(ctx.request().getParam("name"))));
    router.get("/health").handler(ctx -> ctx.json(api.health()));
    router.get("/schedules/:route_id").handler(this::schedules);
    router.get("/stops/:stop_id/departures").handler(ctx -> {
      HttpServerRequest request = ctx.request();
      reply(ctx, api.departures(ctx.pathParam("stop_id"), request.getParam("date"), request.getParam("after"), request.getParam("limit")));
    });
    router.errorHandler(400, ctx -> error(ctx, TransitApi.malformedRequest())); // a path whose percent-encoding is broken
    router.errorHandler(404, ctx -> error(ctx, TransitApi.noSuchPath(ctx.request().path())));
    router.errorHandler(405, ctx -> error(ctx, TransitApi.methodNotAllowed(ctx.request().method().name(), ctx.request().path())));
    return router;
  }

  /**
   * Core's answer, decided on the worker pool (it may wait for room in the heap), and an idiomatic one encoded there
   * too (a 10 MB encoding would hold the event loop for everyone); then written from the event loop as the client
   * takes it. The heap the answer reserved is given back once the body is sent, or the connection has closed.
   */
  private void schedules(RoutingContext ctx) {
    String routeId = ctx.pathParam("route_id"), date = ctx.request().getParam("date");
    Mode mode = settings.mode();
    answers.executeBlocking(() -> {
      SchedulesAnswer answer = SchedulesAnswer.of(api, mode, routeId, date, VertxJson::encode);
      return answer instanceof SchedulesAnswer.Model model ? new Encoded(model, Json.encodeToBuffer(model.trips())) : answer;
    }, false).onComplete(done -> {
      if (done.failed()) {
        ctx.fail(done.cause());
        return;
      }
      Object answer = done.result();
      if (answer instanceof Encoded encoded) {
        json(ctx, 200).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(encoded.body().length()));
        PacedBody.send(ctx, settings.limits(), PacedBody.slices(encoded.body()), encoded.answer()::close);
      } else if (answer instanceof SchedulesAnswer.Streamed streamed) {
        stream(ctx, streamed);
      } else if (answer instanceof SchedulesAnswer.Cached cached) {
        ResponseCache.Encoded kept = cached.encoded();
        json(ctx, kept.status()).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(kept.body().length));
        PacedBody.send(ctx, settings.limits(), PacedBody.slices(kept.body()), () -> {});
      } else if (answer instanceof SchedulesAnswer.Failed failed) {
        error(ctx, failed.error());
      } else if (answer instanceof SchedulesAnswer.Busy busy) {
        ctx.response().putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(busy.retryAfterSeconds()));
        error(ctx, busy.error());
      }
    });
  }

  /** An idiomatic answer and its body, encoded off the event loop. */
  private record Encoded(SchedulesAnswer.Model answer, Buffer body) {}

  /**
   * Tuned: the JSON written from the feed's arrays a chunk at a time, each chunk produced only once the last is on its
   * way to the client, so a 10 MB answer is never held whole. Its length is counted first, so the body goes out as it
   * is, not framed in chunks.
   */
  private void stream(RoutingContext ctx, SchedulesAnswer.Streamed streamed) {
    RouteTrips trips = streamed.trips();
    json(ctx, 200).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(new SchedulesJson(trips).length()));
    SchedulesJson json = new SchedulesJson(trips, SchedulesJson.CHUNK_BYTES);
    PacedBody.send(ctx, settings.limits(), () -> {
      int length = json.next();
      return length == 0 ? null : Buffer.buffer(json.takeBuffer()).slice(0, length);
    }, streamed::close);
  }

  private static HttpServerResponse json(RoutingContext ctx, int status) {
    return ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, TransitApi.JSON);
  }

  private static void text(RoutingContext ctx, String body) {
    ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, TransitApi.TEXT).end(body);
  }

  private static void reply(RoutingContext ctx, TransitApi.Reply<?> reply) {
    if (reply.isOk()) ctx.json(reply.body());
    else error(ctx, reply.error());
  }

  private static void error(RoutingContext ctx, ApiError error) {
    ctx.response().setStatusCode(error.status());
    ctx.json(error);
  }

  /**
   * A request Vert.x's HTTP codec could not parse: Vert.x's own statuses (414 for a request line, 431 for headers over
   * the limit, else 400) with the contract's JSON error, and the connection closed, as Vert.x does.
   */
  private static void invalid(HttpServerRequest request) {
    Throwable cause = request.decoderResult().cause();
    ApiError error = cause instanceof TooLongHttpLineException ? new ApiError(414, "URI Too Long", TransitApi.headTooLarge(64 * 1024).message())
        : cause instanceof TooLongHttpHeaderException ? TransitApi.headTooLarge(64 * 1024)
        : TransitApi.malformedRequest();
    request.response().setStatusCode(error.status()).putHeader(HttpHeaders.CONTENT_TYPE, TransitApi.JSON)
        .end(Json.encodeToBuffer(error)).onComplete(sent -> request.connection().close());
  }

  /** A client gone mid-response is no news; anything else is printed. */
  private static void connectionFailed(Throwable e) {
    if (!(e instanceof IOException) && !(e instanceof io.vertx.core.VertxException && "Connection was closed".equals(e.getMessage()))) {
      e.printStackTrace();
    }
  }

  /**
   * A request head's bound, which Vert.x has not: a connection whose first request has not arrived within it is closed
   * (a client trickling a header a byte at a time). Vert.x has no connection limit either, and needs none: a
   * connection holds no thread, and the heap its answer holds is within core's budget, so every one is served.
   */
  static final class Connections {
    private final Vertx vertx;
    private final ServerSettings.Limits limits;
    private final Map<HttpConnection, Boolean> awaitingFirstRequest = new ConcurrentHashMap<>();

    Connections(Vertx vertx, ServerSettings.Limits limits) {
      this.vertx = vertx;
      this.limits = limits;
    }

    void opened(HttpConnection connection) {
      awaitingFirstRequest.put(connection, Boolean.TRUE);
      connection.closeHandler(closed -> awaitingFirstRequest.remove(connection));
      vertx.setTimer(limits.requestHeadTimeout().toMillis(), timer -> {
        if (awaitingFirstRequest.remove(connection) != null) connection.close();
      });
    }

    void requested(HttpConnection connection) {
      awaitingFirstRequest.remove(connection);
    }
  }

  /**
   * A large body written as the client takes it: chunks are written while Vert.x's write queue has room and resumed
   * from its drain handler, so at most a queue's worth is buffered beyond the socket. The minimum response rate,
   * which Vert.x has not: every second, a response with bytes not yet on the socket through a whole window, which put
   * less than the rate on it over the window, is abandoned and its connection closed. done runs once, when the body is sent or the
   * connection has closed.
   */
  static final class PacedBody implements Handler<Void> {
    /** The next chunk of a body, or null once it is all written. */
    interface Chunks {
      Buffer next();
    }

    /** A whole body, 64 KB at a time. */
    static Chunks slices(Buffer body) { return slices(body.length(), body::slice); }

    /** Kept bytes, 64 KB at a time, each slice copied as it goes out (Vert.x would copy the whole array at once). */
    static Chunks slices(byte[] body) { return slices(body.length, (from, to) -> Buffer.buffer(Arrays.copyOfRange(body, from, to))); }

    /** A body of length bytes as slice(from, to) gives it, 64 KB at a time. */
    private static Chunks slices(int length, BiFunction<Integer, Integer, Buffer> slice) {
      int[] at = {0};
      return () -> {
        if (at[0] >= length) return null;
        int from = at[0];
        at[0] = Math.min(length, from + SLICE_BYTES);
        return slice.apply(from, at[0]);
      };
    }

    private static final int SLICE_BYTES = 64 * 1024;

    static void send(RoutingContext ctx, ServerSettings.Limits limits, Chunks chunks, Runnable done) {
      new PacedBody(ctx.vertx(), ctx.response(), ctx.request().connection(), limits, chunks, done).start();
    }

    private final Vertx vertx;
    private final HttpServerResponse response;
    private final HttpConnection connection;
    private final Chunks chunks;
    private final Runnable done;
    private final long bytesPerSecond, windowNanos;
    private long timer, waitingSince = -1, sentThen, written, sent;
    private boolean ended, finished;

    private PacedBody(Vertx vertx, HttpServerResponse response, HttpConnection connection, ServerSettings.Limits limits, Chunks chunks,
        Runnable done) {
      this.vertx = vertx;
      this.response = response;
      this.connection = connection;
      this.chunks = chunks;
      this.done = done;
      this.bytesPerSecond = limits.minResponseBytesPerSecond();
      this.windowNanos = limits.minRateWindow().toNanos();
    }

    private void start() {
      response.closeHandler(closed -> finish());
      response.exceptionHandler(failed -> finish());
      response.drainHandler(this);
      timer = vertx.setPeriodic(1000, id -> checkRate());
      handle(null);
    }

    /** Writes chunks until the queue is full or the body is done. */
    @Override
    public void handle(Void drained) {
      while (!ended && !finished && !response.writeQueueFull()) {
        Buffer chunk = chunks.next();
        if (chunk == null) {
          ended = true;
          response.end().onComplete(sent -> finish());
          return;
        }
        int length = chunk.length();
        written += length;
        response.write(chunk).onSuccess(done -> sent += length); // on the socket: what the client has taken
      }
    }

    private void checkRate() {
      if (finished) return;
      long now = System.nanoTime();
      if (sent == written) waitingSince = -1; // not waiting on the client
      else if (waitingSince < 0) {
        waitingSince = now;
        sentThen = sent;
      } else if (now - waitingSince >= windowNanos) {
        if ((sent - sentThen) * 1_000_000_000L < bytesPerSecond * (now - waitingSince)) {
          finish();
          abort(connection);
          return;
        }
        waitingSince = now;
        sentThen = sent;
      }
    }

    /**
     * Closes the connection at once, by a reset: a plain close would first deliver what Vert.x and the kernel still
     * hold for this client, at the very rate it was cut off for. Vert.x has no abort of its own; its connection's Netty
     * channel is reached through ConnectionBase, an implementation class.
     */
    private static void abort(HttpConnection connection) {
      if (connection instanceof ConnectionBase base) {
        io.netty.channel.Channel channel = base.channel();
        channel.config().setOption(ChannelOption.SO_LINGER, 0);
        // past Vert.x's handlers in the pipeline, which would first flush what they hold
        channel.eventLoop().execute(() -> channel.unsafe().close(channel.voidPromise()));
      } else {
        connection.close();
      }
    }

    private void finish() {
      if (finished) return;
      finished = true;
      vertx.cancelTimer(timer);
      done.run();
    }
  }
}
