package transit.helidon;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionSelector;
import io.helidon.webserver.spi.ServerConnectionSelector;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * Helidon SE 4's WebServer with an HttpRouting, as Helidon's SE guides start it: the routes (HelidonRoutes), what the
 * contract asks beyond Helidon's reading (HelidonContract) and the limits (HelidonLimits). Every connection is served
 * on a virtual thread of its own, Helidon's only model, in every mode.
 */
public final class HelidonServer {
  private HelidonServer() {}

  /** Request lines and header blocks up to 64 KB, so an over-long id reaches the contract's 400 as on every server. */
  static final int MAX_HEAD_BYTES = 64 * 1024;

  public static void main(String[] args) {
    ServerStartup.run("helidon-server", args, framework());
  }

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  public static Framework framework() { return new HelidonFramework(HelidonServer::start); }

  /** The server on port 0 picks a free port; listening once this returns. */
  static RunningServer start(TransitApi api, ServerSettings settings) {
    WebServerConfig.Builder builder = WebServer.builder();
    Http1Config.Builder http1 = Http1Config.builder().maxPrologueLength(MAX_HEAD_BYTES).maxHeadersSize(MAX_HEAD_BYTES);
    HelidonLimits.Watch watch = HelidonLimits.apply(builder, http1, settings.limits());
    builder
        .host(settings.host())
        .port(settings.port())
        .backlog(ServerSettings.BACKLOG)
        .mediaContext(HelidonJson.media())
        .directHandlers(HelidonContract.errors())
        .routing(routing -> {
          if (watch != null) routing.addFilter(watch::filter);
          HelidonContract.before(routing);
          HelidonRoutes.add(routing, api, settings.mode(), watch != null);
          HelidonContract.after(routing);
        })
        .protocolsDiscoverServices(false); // HTTP/1 as configured here, the one protocol
    ServerConnectionSelector selector = Http1ConnectionSelector.builder().config(http1.build()).build();
    builder.addConnectionSelector(watch == null ? selector : watch.around(selector));
    WebServer server = builder.build().start();
    return new RunningServer() {
      public int port() { return server.port(); }

      public void close() {
        server.stop();
        if (watch != null) watch.close();
      }
    };
  }
}
