package transit.server;

import transit.api.TransitApi;

/**
 * How one framework serves the contract over a loaded feed: the only thing each server folder must provide,
 * as a static {@code factory()} on its main class (a {@code val factory} in a Scala object).
 */
@FunctionalInterface
public interface ServerFactory {
  /**
   * How a server builds its responses, the same bytes either way: as the framework's own examples and docs
   * write it, or with its ecosystem's best-known practice for large JSON responses ({@code --tuned}).
   */
  enum Mode { IDIOMATIC, TUNED }

  /** Starts listening (port 0 picks a free port) and returns once requests are answered. */
  RunningServer start(TransitApi api, String host, int port, Mode mode) throws Exception;
}
