package transit.bench.scenario;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.util.function.Function;

/** What a scenario builds its Gatling population from, in Gatling's JVM: the run's route lists, and the ways users load a server. */
public interface Traffic {
  RouteLists routes();

  /**
   * k6's looping users: all start at once, each loops over work for the slice's time, or makes its step's requests; setUp
   * prepares a user's session (its deck) once it has its place (Phase#random).
   */
  default PopulationBuilder closedLoop(Phase phase, Function<Session, Session> setUp, ChainBuilder work) {
    return closedLoop(phase, setUp, work, phase.step().load());
  }

  /** The same with this many users, whatever the step's load. */
  PopulationBuilder closedLoop(Phase phase, Function<Session, Session> setUp, ChainBuilder work, int users);

  /**
   * An open model: the slice's rate of new users, evenly spaced, each doing work once, whatever the answers; the users
   * share one pool of kept-alive connections (a new one only when none is free).
   */
  PopulationBuilder arrivals(Phase phase, ChainBuilder work);

  /**
   * GET path, checked (status 200 and, where the first pass measured the path, exactly that body length) and recorded
   * in the slice's histogram.
   */
  ChainBuilder get(Phase phase, Function<Session, String> path, boolean newConnection);

  /**
   * GET path asking gzip (Accept-Encoding: gzip), checked: status 200, gzipped, and once decompressed exactly the body
   * length the first pass measured; recorded in the slice's histogram.
   */
  ChainBuilder gzipped(Phase phase, Function<Session, String> path);
}
