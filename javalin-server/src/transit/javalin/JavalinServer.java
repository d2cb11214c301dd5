package transit.javalin;

import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import transit.api.HttpContract;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.Mode;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * Javalin 7 on Jetty 12, configured and started as its docs do: the routes (JavalinRoutes), what the contract asks
 * beyond Javalin's reading (JavalinContract) and the limits (JavalinLimits).
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
   * Javalin's default one with the listen backlog every server asks for, and the limits (JavalinLimits).
   */
  static RunningServer start(TransitApi api, ServerSettings settings) {
    Mode mode = settings.mode();
    boolean tuned = mode == Mode.TUNED;
    ServerSettings.Limits limits = settings.limits();
    Javalin app = Javalin.create(config -> {
      config.concurrency.useVirtualThreads = tuned;
      config.startup.showJavalinBanner = false;
      config.startup.showOldJavalinVersionWarning = false;
      config.jsonMapper(new JavalinJackson(JavalinJson.MAPPER, false));
      config.http.prefer405over404 = true;
      config.router.treatMultipleSlashesAsSingleSlash = true;
      config.jetty.modifyHttpConfiguration(http -> http.setRequestHeaderSize(HttpContract.MAX_HEAD_BYTES));
      JavalinLimits.threads(config, limits, tuned);
      config.jetty.addConnector((server, http) -> {
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(ServerSettings.BACKLOG);
        JavalinLimits.apply(server, connector, limits);
        return connector;
      });
      config.jetty.modifyServer(server -> server.setErrorHandler(new JavalinContract.JsonErrors()));

      JavalinRoutes.add(config.routes, api, mode);
      JavalinContract.add(config.routes);
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
}
