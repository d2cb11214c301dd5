package transit.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;
import transit.api.TransitApi;
import transit.server.ServerSettings;
import transit.server.ServerStartup;

/**
 * Quarkus 3 in JVM mode, started as quarkus.io's guides start an application with a main of its own (@QuarkusMain):
 * the options and the feed first (core's ServerStartup), then Quarkus, configured from them, with the routes as a
 * Quarkus REST resource (QuarkusRoutes), what the contract asks beyond Quarkus's reading (QuarkusContract), the limits
 * (QuarkusLimits) and the JSON (QuarkusJson) as configuration and beans. Quarkus runs one application per JVM, built
 * at build time: the suites start it on a JVM of its own (QuarkusFramework).
 */
@QuarkusMain
public class QuarkusServer implements QuarkusApplication {
  /** The options, and the feed and settings the beans serve, set before Quarkus starts: one application per JVM. */
  static ServerStartup.Started started;
  static TransitApi api;
  static ServerSettings settings;

  public static void main(String[] args) {
    String now = System.getProperty(QuarkusFramework.NOW); // the suite's fixed clock, where it set one
    started = ServerStartup.start("quarkus-server", args, now == null ? java.time.Clock.systemDefaultZone()
        : java.time.Clock.fixed(java.time.Instant.parse(now), java.time.ZoneOffset.UTC));
    api = started.api();
    settings = started.options().settings();
    String limits = System.getProperty(QuarkusFramework.LIMITS); // the suite's limits in full, where it set them
    if (limits != null) settings = settings.withLimits(QuarkusFramework.limits(limits));
    QuarkusLimits.configure(settings);
    System.setProperty("quarkus.http.host", settings.host());
    System.setProperty("quarkus.http.port", String.valueOf(settings.port()));
    Quarkus.run(QuarkusServer.class, (code, failure) -> {
      if (failure != null) System.exit(started.cannotListen("quarkus-server", failure));
      System.exit(code);
    }, args);
  }

  @Override
  public int run(String... args) {
    started.printListening("quarkus-server", ConfigProvider.getConfig().getValue("quarkus.http.port", Integer.class));
    Quarkus.waitForExit();
    return 0;
  }

  /** The feed and the settings, as beans for the resource. */
  static final class Beans {
    @Produces
    @Singleton
    TransitApi api() { return api; }

    @Produces
    @Singleton
    ServerSettings settings() { return settings; }
  }

  /** Quarkus's own hook for its Jackson: what the contract's bytes need beyond its settings (QuarkusJson). */
  @Singleton
  static final class Json implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) { QuarkusJson.customize(mapper); }
  }
}
