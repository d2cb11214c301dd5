package transit.vertx;

import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
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
  private final VertxLimits.Connections connections;
  private HttpServer server;
  /**
   * The worker pool /schedules answers are decided on when they are not ready at once: with the limits on, as many
   * threads as connections (started as needed), for a request may wait there for room in the heap, and Vert.x's
   * default pool of 20 would leave later ones queued behind.
   */
  private WorkerExecutor answers;
  /** This verticle's slow readers, watched on its event loop; null with the limits off. */
  private VertxLimits.SlowReaders slowReaders;

  VertxServer(TransitApi api, ServerSettings settings, int port, VertxLimits.Connections connections) {
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
   * One verticle per CPU this process may use (as Vert.x's docs scale a server), all on one port, with the backlog
   * every server asks for and the limits of {@link VertxLimits}.
   */
  static RunningServer start(TransitApi api, ServerSettings settings) throws Exception {
    VertxJson.configure();
    Vertx vertx = Vertx.vertx();
    try {
      VertxLimits.Connections connections = new VertxLimits.Connections(vertx, settings.limits());
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
    answers = limits.on() ? vertx.createSharedWorkerExecutor("transit-answers", limits.connectionLimit())
        : vertx.createSharedWorkerExecutor("transit-answers");
    slowReaders = limits.on() ? new VertxLimits.SlowReaders(vertx, limits) : null;
    HttpServerOptions options = VertxLimits.apply(new HttpServerOptions(), limits)
        .setHost(settings.host())
        .setAcceptBacklog(ServerSettings.BACKLOG)
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
   * Core's answer: at once on the event loop when it is ready (kept bytes, a streamed answer with room), else decided on
   * the worker pool (it may wait for room in the heap), an idiomatic one encoded there too (a 10 MB encoding would hold
   * the event loop for everyone); then written from the event loop. The heap the answer reserved is given back once the
   * body is sent, or the connection has closed.
   */
  private void schedules(RoutingContext ctx) {
    String routeId = ctx.pathParam("route_id"), date = ctx.request().getParam("date");
    Mode mode = settings.mode();
    SchedulesAnswer atOnce = SchedulesAnswer.atOnce(api, mode, routeId, date);
    if (atOnce != null) {
      render(ctx, atOnce);
      return;
    }
    answers.executeBlocking(() -> {
      SchedulesAnswer answer = SchedulesAnswer.of(api, mode, routeId, date, VertxJson::encode);
      return answer instanceof SchedulesAnswer.Model model ? new Encoded(model, Json.encodeToBuffer(model.trips())) : answer;
    }, false).onComplete(done -> {
      if (done.failed()) ctx.fail(done.cause());
      else render(ctx, done.result());
    });
  }

  /** An answer on the response: bodies of kept or encoded bytes whole, or paced with the limits on; streamed ones paced. */
  private void render(RoutingContext ctx, Object answer) {
    if (answer instanceof Encoded encoded) {
      json(ctx, 200).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(encoded.body().length()));
      if (slowReaders == null) ctx.response().end(encoded.body()).onComplete(sent -> encoded.answer().close());
      else paced(ctx, VertxLimits.PacedBody.slices(encoded.body()), encoded.answer()::close);
    } else if (answer instanceof SchedulesAnswer.Streamed streamed) {
      stream(ctx, streamed);
    } else if (answer instanceof SchedulesAnswer.Cached cached) {
      ResponseCache.Encoded kept = cached.encoded();
      json(ctx, kept.status()).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(kept.body().length));
      if (slowReaders == null) ctx.response().end(Buffer.buffer(kept.body()));
      else paced(ctx, VertxLimits.PacedBody.slices(kept.body()), () -> {});
    } else if (answer instanceof SchedulesAnswer.Failed failed) {
      error(ctx, failed.error());
    } else if (answer instanceof SchedulesAnswer.Busy busy) {
      ctx.response().putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(busy.retryAfterSeconds()));
      error(ctx, busy.error());
    }
  }

  private void paced(RoutingContext ctx, VertxLimits.PacedBody.Chunks chunks, Runnable done) {
    VertxLimits.PacedBody.send(ctx.response(), ctx.request().connection(), slowReaders, chunks, done);
  }

  /** An idiomatic answer and its body, encoded off the event loop. */
  private record Encoded(SchedulesAnswer.Model answer, Buffer body) {}

  /**
   * Tuned: the JSON written from the feed's arrays a chunk at a time, each chunk produced only once the last is on its
   * way to the client (PacedBody, with the limits on or off), so a 10 MB answer is never held whole. Its length is counted first, so the body goes out as it
   * is, not framed in chunks.
   */
  private void stream(RoutingContext ctx, SchedulesAnswer.Streamed streamed) {
    RouteTrips trips = streamed.trips();
    json(ctx, 200).putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(new SchedulesJson(trips).length()));
    SchedulesJson json = new SchedulesJson(trips, SchedulesJson.CHUNK_BYTES);
    paced(ctx, () -> {
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
}
