package transit.conformance;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.Feed;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.FrameworkRegistry;
import transit.server.Mode;
import transit.server.RunningServer;
import transit.server.ServerSettings;

/**
 * Every framework under comparison, by name, in the order of `frameworks` in build.mill, from the registry it
 * writes (core's FrameworkRegistry): a new framework needs no line here. Each runs in every {@link Mode}.
 */
public final class Frameworks {
  private Frameworks() {}

  public static final Map<String, Framework> ALL = load();

  /** The encoded-per-request modes: a server over an API without a response cache. */
  public static final List<Mode> UNCACHED = List.of(Mode.IDIOMATIC, Mode.TUNED);

  /** "cask", "cask --tuned" or "cask --cache": the framework and the flags its server takes for the mode. */
  public static String name(String framework, Mode mode) {
    return mode.flags.isEmpty() ? framework : framework + " " + String.join(" ", mode.flags);
  }

  /** The API a server in this mode serves the feed through: with a response cache for {@link Mode#CACHED}. */
  public static TransitApi api(Feed feed, Mode mode) {
    return new TransitApi(feed, 0, Clock.systemUTC(), mode == Mode.CACHED ? 256L << 20 : 0);
  }

  /** The framework's server in that mode on 127.0.0.1 and a free port, with the default idle timeout. */
  public static RunningServer start(String framework, TransitApi api, Mode mode) throws Exception {
    return ALL.get(framework).start(api, ServerSettings.loopback(mode));
  }

  /** The same with another idle timeout (--idle-timeout). */
  public static RunningServer start(String framework, TransitApi api, Mode mode, Duration idleTimeout) throws Exception {
    return start(framework, api, mode, ServerSettings.Limits.DEFAULT.withIdleTimeout(idleTimeout));
  }

  /** The same with other limits. */
  public static RunningServer start(String framework, TransitApi api, Mode mode, ServerSettings.Limits limits) throws Exception {
    return ALL.get(framework).start(api, ServerSettings.loopback(mode).withLimits(limits));
  }

  private static Map<String, Framework> load() {
    FrameworkRegistry registry = FrameworkRegistry.load();
    Map<String, Framework> all = new LinkedHashMap<>();
    for (String name : registry.names()) all.put(name, registry.framework(name));
    return all;
  }
}
