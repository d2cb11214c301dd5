package transit.vertx;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import transit.api.HttpContract;
import transit.api.Model.ApiError;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * Vert.x 5 serving the routes (VertxRoutes) from a verticle, one instance per CPU, each on an event loop of its own,
 * with what the contract asks beyond Vert.x's reading (VertxContract) and the limits (VertxLimits).
 */
public final class VertxServer extends VerticleBase {
  private final TransitApi api;
  private final ServerSettings settings;
  private final int port;
  private final VertxLimits.Connections connections;
  private HttpServer server;

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
    // The worker pool /schedules answers are decided on when they are not ready at once: with the limits on, as many
    // threads as connections (started as needed), for a request may wait there for room in the heap, and Vert.x's
    // default pool of 20 would leave later ones queued behind.
    WorkerExecutor answerWorkers = limits.on() ? vertx.createSharedWorkerExecutor("transit-answers", limits.connectionLimit())
        : vertx.createSharedWorkerExecutor("transit-answers");
    // This verticle's slow readers, watched on its event loop; none with the limits off.
    VertxLimits.SlowReaders slowReaders = limits.on() ? new VertxLimits.SlowReaders(vertx, limits) : null;
    HttpServerOptions options = VertxLimits.apply(new HttpServerOptions(), limits)
        .setHost(settings.host())
        .setAcceptBacklog(ServerSettings.BACKLOG)
        .setMaxInitialLineLength(HttpContract.MAX_HEAD_BYTES)
        .setMaxHeaderSize(HttpContract.MAX_HEAD_BYTES)
        .setCompressionSupported(true) // gzip or deflate where the request accepts it, at Netty's level 6
        .setHttp2ClearTextEnabled(false); // HTTP/1.1 only, as every server: an h2c upgrade is answered in HTTP/1.1
    Router router = new VertxRoutes(api, settings.mode(), answerWorkers, slowReaders).router(vertx);
    server = vertx.createHttpServer(options)
        .connectionHandler(connection -> {
          VertxContract.oneFraming(connection, options);
          connections.opened(connection);
        })
        .invalidRequestHandler(VertxContract::invalid)
        .exceptionHandler(VertxContract::connectionFailed)
        .requestHandler(request -> {
          connections.requested(request);
          ApiError refused = VertxContract.refused(request);
          if (refused == null) router.handle(request);
          else request.response().setStatusCode(refused.status()).putHeader(HttpHeaders.CONTENT_TYPE, HttpContract.JSON)
              .end(Json.encodeToBuffer(refused));
        });
    return server.listen(port, settings.host()); // listen(port) alone would take every interface, whatever the options say
  }
}
