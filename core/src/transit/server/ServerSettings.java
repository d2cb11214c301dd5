package transit.server;

import java.time.Duration;

/**
 * Where and how a server listens: its host and port (0 picks a free port), its mode, and how long a connection
 * may neither read nor write before it is closed (--idle-timeout; docs/API.md, Limits).
 */
public record ServerSettings(String host, int port, Mode mode, Duration idleTimeout) {
  /**
   * The listen backlog every server asks the kernel for (docs/API.md, Limits): the connections that may wait to be
   * accepted, so that 1,000 clients connecting at once are queued rather than dropped. The JDK's default is 50.
   */
  public static final int BACKLOG = 1000;

  /**
   * How long a connection may make no progress, reading or writing, before the server closes it (docs/API.md,
   * Limits): a client that stops reading a response frees its worker after this long. Far above any stall of a
   * 10 MB download on loopback under load, so only a client that has stopped reading meets it.
   */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

  /** On 127.0.0.1 and a free port with the default idle timeout: how the suites start servers. */
  public static ServerSettings loopback(Mode mode) {
    return new ServerSettings("127.0.0.1", 0, mode, DEFAULT_IDLE_TIMEOUT);
  }

  public ServerSettings withIdleTimeout(Duration timeout) { return new ServerSettings(host, port, mode, timeout); }
}
