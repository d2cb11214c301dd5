package transit.server;

/** A server listening on a port; closing it stops it. Tests and the conformance suite start servers this way. */
public interface RunningServer extends AutoCloseable {
  int port();

  /**
   * Its process, where it runs on a JVM of its own (Quarkus, which runs one application per JVM): it then serves its own
   * API over the same feed, not the object it was started with, whose state a test cannot change under it; a test
   * reloads its feed as an operator does, by its files and a signal.
   */
  default java.util.Optional<ProcessHandle> process() { return java.util.Optional.empty(); }

  default boolean ownJvm() { return process().isPresent(); }

  @Override
  void close();
}
