package transit.server;

/** A server listening on a port; closing it stops it. Tests and the conformance suite start servers this way. */
public interface RunningServer extends AutoCloseable {
  int port();

  @Override
  void close();
}
