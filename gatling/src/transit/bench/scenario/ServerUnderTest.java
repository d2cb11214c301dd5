package transit.bench.scenario;

/** The server a slice measures, as a scenario's own doings beside Gatling's see it (Scenario#whileMeasured). */
public interface ServerUnderTest {
  /** Its port on 127.0.0.1. */
  int port();

  /** The path of the feed's largest answer, as the first pass measured it. */
  String largestPath();

  /** Moves a copy of the served feed over it, as a publisher replaces the file. */
  void replaceFeed();
}
