package transit.conformance;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import transit.api.TransitApi;
import transit.server.RunningServer;
import transit.server.ServerFactory;
import transit.server.ServerOptions;

/**
 * Every framework under comparison, by name, in the order of `frameworks` in build.mill, which writes the
 * list and each server's main class to the file named by -Dtransit.servers. Each main class has a static
 * factory() (ServerFactory's convention), so a new framework needs no line here. Each runs in every
 * {@link ServerFactory.Mode}: idiomatic, and --tuned.
 */
public final class Frameworks {
  private Frameworks() {}

  public static final Map<String, ServerFactory> ALL = load(System.getProperty("transit.servers"));

  /** "cask" or "cask --tuned": the framework and the flag its server takes for the mode. */
  public static String name(String framework, ServerFactory.Mode mode) {
    return mode == ServerFactory.Mode.TUNED ? framework + " --tuned" : framework;
  }

  /** The framework's server in that mode on 127.0.0.1 and a free port, with the default idle timeout. */
  public static RunningServer start(String framework, TransitApi api, ServerFactory.Mode mode) throws Exception {
    return start(framework, api, mode, ServerOptions.DEFAULT_IDLE_TIMEOUT);
  }

  /** The same with another idle timeout (--idle-timeout). */
  public static RunningServer start(String framework, TransitApi api, ServerFactory.Mode mode, Duration idleTimeout) throws Exception {
    return ALL.get(framework).start(api, "127.0.0.1", 0, mode, idleTimeout);
  }

  static Map<String, ServerFactory> load(String launchers) {
    if (launchers == null) throw new IllegalStateException("-Dtransit.servers is not set: run the suite through ./mill");
    Properties props = new Properties();
    try (Reader in = Files.newBufferedReader(Path.of(launchers))) {
      props.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, ServerFactory> all = new LinkedHashMap<>();
    for (String name : props.getProperty("frameworks").split(",")) {
      String main = props.getProperty(name + ".main");
      try {
        all.put(name, (ServerFactory) Class.forName(main).getMethod("factory").invoke(null));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(name + ": " + main + " has no static factory() returning a ServerFactory", e);
      }
    }
    return all;
  }
}
