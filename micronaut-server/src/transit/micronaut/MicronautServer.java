package transit.micronaut;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.Micronaut;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.HashMap;
import java.util.Map;
import transit.api.HttpContract;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * Micronaut 4 on its Netty server, started as micronaut.io's guides start an application (Micronaut.build…start), with
 * the routes as a controller (MicronautRoutes), what the contract asks beyond Micronaut's reading (MicronautContract),
 * the limits (MicronautLimits) and the JSON (MicronautJson) as configuration and beans.
 */
public final class MicronautServer {
  private MicronautServer() {}

  public static void main(String[] args) {
    ServerStartup.run("micronaut-server", args, framework());
  }

  /** The framework as the comparison knows it: build.mill's registry finds it by this name on every server's main class. */
  public static Framework framework() { return new MicronautFramework(MicronautServer::start); }

  /** The server on port 0 picks a free port; listening once this returns. */
  static RunningServer start(TransitApi api, ServerSettings settings) {
    Map<String, Object> properties = new HashMap<>(MicronautJson.PROPERTIES);
    properties.put("micronaut.server.host", settings.host());
    properties.put("micronaut.server.port", settings.port() == 0 ? -1 : settings.port()); // -1: a free port, Micronaut's way
    properties.put("micronaut.server.netty.max-initial-line-length", HttpContract.MAX_HEAD_BYTES);
    properties.put("micronaut.server.netty.max-header-size", HttpContract.MAX_HEAD_BYTES);
    properties.put("micronaut.server.netty.options.SO_BACKLOG", ServerSettings.BACKLOG);
    properties.putAll(MicronautLimits.properties(settings.limits()));
    ApplicationContext context = Micronaut.build(new String[0])
        .banner(false)
        .properties(properties)
        .singletons(api, settings)
        .deduceEnvironment(false)
        .start();
    EmbeddedServer server = context.getBean(EmbeddedServer.class);
    return new RunningServer() {
      public int port() { return server.getPort(); }

      public void close() { context.close(); }
    };
  }
}
