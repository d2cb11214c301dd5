package transit.spring;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import transit.api.HttpContract;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.Mode;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * The route contract (docs/API.md) on Spring Boot 4: Spring MVC's {@link SpringRoutes} on embedded Tomcat, JSON
 * by Boot's Jackson, which in Boot 4 is Jackson 3 (tools.jackson; Jackson 2 is deprecated there), or streamed from the
 * feed's arrays when tuned. The settings are Boot's properties where Boot has one (application.properties, and the
 * limits below); what Tomcat has no setting for is {@link SpringLimits}.
 */
@SpringBootApplication
public class SpringServer {
  public static void main(String[] args) {
    ServerStartup.run("spring-server", args, framework());
  }

  /** Spring Boot as the comparison knows it: its description, with this server's start. */
  public static Framework framework() { return new SpringFramework(SpringServer::start); }

  static RunningServer start(TransitApi api, ServerSettings settings) {
    // Spring warns of every request no route matches: a client could fill the log; each gets the contract's 404.
    // Set here as well as in simplelogger.properties, which a classpath shared with other servers may shadow.
    System.setProperty("org.slf4j.simpleLogger.log.org.springframework.web.servlet.PageNotFound", "error");
    ServerSettings.Limits limits = settings.limits();
    Map<String, Object> properties = new HashMap<>();
    properties.put("server.address", settings.host());
    properties.put("server.port", settings.port());
    properties.put("server.tomcat.accept-count", ServerSettings.BACKLOG);
    properties.put("server.max-http-request-header-size", HttpContract.MAX_HEAD_BYTES + "B");
    if (limits.on()) {
      properties.put("server.tomcat.connection-timeout", limits.idleTimeout().toMillis() + "ms");
      properties.put("server.tomcat.keep-alive-timeout", limits.idleTimeout().toMillis() + "ms");
      properties.put("server.tomcat.max-connections", limits.connectionLimit());
      // A response written to a slow reader holds its thread: as many threads as connections, so slow readers up to
      // the connection limit never take the last one (Tomcat's default is 200). Started as needed.
      properties.put("server.tomcat.threads.max", limits.threadsForConnections());
    }
    // Tuned: a virtual thread per request where the JDK has them (21+); Boot ignores the setting on older JDKs.
    properties.put("spring.threads.virtual.enabled", settings.mode() == Mode.TUNED);
    SpringApplication app = new SpringApplication(SpringServer.class);
    app.setDefaultProperties(properties);
    app.addInitializers(context -> {
      context.getBeanFactory().registerSingleton("transitApi", api);
      context.getBeanFactory().registerSingleton("serverSettings", settings);
    });
    ConfigurableApplicationContext context = app.run();
    int bound = ((WebServerApplicationContext) context).getWebServer().getPort();
    return new RunningServer() {
      public int port() { return bound; }
      public void close() { context.close(); }
    };
  }

  /** Tomcat's limits that Boot has no property for: the send buffer, a request head's bound, the minimum rate. */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> tomcatLimits(ServerSettings settings) {
    return factory -> SpringLimits.apply(factory, settings.limits());
  }

  /**
   * Tuned: Tomcat copies a response to the socket through its application write buffer, 8 KB unless set, and pays a
   * write (and, once the send buffer is full, a wait on its poller) per buffer; one of 64 KB cuts those eightfold.
   * Boot has no property for it; docs/RESULTS.md gives what it changed.
   */
  static final int TUNED_WRITE_BUFFER_BYTES = 64 * 1024;

  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> tunedWrites(ServerSettings settings) {
    return factory -> {
      if (settings.mode() == Mode.TUNED)
        factory.addConnectorCustomizers(c -> c.setProperty("socket.appWriteBufSize", String.valueOf(TUNED_WRITE_BUFFER_BYTES)));
    };
  }

  /** Boot's Jackson, as the contract writes JSON (SpringJson). */
  @Bean
  JsonMapperBuilderCustomizer contractJson() {
    return SpringJson::contract;
  }
}
