package transit.server;

import java.time.Duration;
import transit.api.TransitApi;

/**
 * How one framework serves the contract over a loaded feed: the only thing each server folder must provide,
 * as a static {@code factory()} on its main class (a {@code val factory} in a Scala object).
 */
@FunctionalInterface
public interface ServerFactory {
  /**
   * The listen backlog every server asks the kernel for (docs/API.md, Limits): the connections that may wait to be
   * accepted, so that 1,000 clients connecting at once are queued rather than dropped. The JDK's default is 50.
   */
  int BACKLOG = 1000;

  /**
   * How a server builds its responses, the same bytes either way: as the framework's own examples and docs
   * write it, or with its ecosystem's best-known practice for large JSON responses ({@code --tuned}).
   */
  enum Mode { IDIOMATIC, TUNED }

  /**
   * Starts listening (port 0 picks a free port) and returns once requests are answered. idleTimeout: how long a
   * connection may neither read nor write before the server closes it (--idle-timeout).
   */
  RunningServer start(TransitApi api, String host, int port, Mode mode, Duration idleTimeout) throws Exception;
}
