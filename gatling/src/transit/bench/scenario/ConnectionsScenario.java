package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/**
 * The reference's 1,000 concurrent connections (wrk -c1000 on `/`): that many users, each on its own kept-alive
 * connection, all connecting at once. A server whose listen backlog or pool is too small shows it as requests
 * lost (refused, reset, timed out) and as a long tail of latency.
 */
final class ConnectionsScenario implements Scenario {
  public String name() { return "connections"; }

  public String help() { return "1,000 users at once on /, each on its own kept-alive connection"; }

  public String about() {
    return "`GET /` from 1,000 users at once, each on its own kept-alive connection (100 with --profile quick)";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    return settings.usersOr(List.of(settings.quick() ? 100 : 1000)).stream()
        .map(users -> Step.closed(name(), "", users, settings.sliceSeconds())).toList();
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    return traffic.closedLoop(phase, session -> session, traffic.get(phase, session -> Requests.ROOT, false));
  }
}
