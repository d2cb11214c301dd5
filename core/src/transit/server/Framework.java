package transit.server;

import java.util.List;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/**
 * One framework under comparison, described once, in its own folder: its main class's static {@code framework()}
 * returns it (a {@code val framework} in a Scala object). The suites start its server through it, JMH measures
 * its encoder, and the harness reads the rest from the registry build.mill writes ({@link FrameworkRegistry}).
 */
public interface Framework {
  /** Its server over a loaded feed, listening once this returns. */
  RunningServer start(TransitApi api, ServerSettings settings) throws Exception;

  /**
   * A server's start, which its main class hands to the framework's description: the server reads the description,
   * the description imports nothing of the server.
   */
  @FunctionalInterface
  interface Starter {
    RunningServer start(TransitApi api, ServerSettings settings) throws Exception;
  }

  /** What a reader weighs, with the versions on its classpath: the framework, its HTTP server, its JSON library. */
  List<Library> libraries();

  /** The JSON library its idiomatic mode encodes with (one of {@link #libraries}). */
  Library json();

  /** The idiomatic /schedules body: the model encoded exactly as its server encodes it (JMH measures this). */
  byte[] encodeSchedules(List<TripSchedule> trips);

  /**
   * Whether its encoder needs longer warm-ups and more forks than the others to settle under JMH: one that
   * allocates many times its output per response keeps collecting, and each fork settles at a level of its own.
   */
  default boolean encoderSettlesSlowly() { return false; }

  /**
   * Class-name prefixes of the frames its CPU profile counts as encoding: its JSON library's and its own encoder's
   * (core's SchedulesJson counts as encoding on every framework).
   */
  List<String> encodingFrames();

  /** How it serves /schedules in a mode, beyond what the mode means everywhere: how the body goes out, on which threads. */
  String serves(Mode mode);

  /**
   * How a /schedules answer goes gzipped where the request accepts it: the framework's own mechanism, its level and
   * threshold, and what the server adds to it (docs/API.md, Compression).
   */
  String compresses();

  /** Its HTTP layer's status for a request the frameworks answer differently ({@link ProtocolError#NO_ANSWER}: none). */
  int answers(ProtocolError request);

  /**
   * Every setting its server makes beyond the framework's defaults (docs/API.md, Settings beyond the defaults): the
   * limits, thread counts, buffers, chunk sizes, what is switched off, each with why and what it costs.
   */
  List<Setting> settings();

  /** The listen backlog it binds with: {@link ServerSettings#BACKLOG} where the framework can set it. */
  default int listenBacklog() { return ServerSettings.BACKLOG; }
}
