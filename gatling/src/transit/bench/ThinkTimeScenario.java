package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference's think-time test: 100 users share 10,000 requests of `/hello?name=…`, pausing after each,
 * first 1 s, then 0.1 s. A fixed amount of work: the step lasts as long as its pauses make it.
 */
final class ThinkTimeScenario implements Scenario {
  /** The requests of a step in all, shared among its users. */
  static final int REQUESTS = 10_000;

  public String name() { return "think-time"; }

  public String about() {
    return "`GET /hello?name=…` with a pause after each request; " + REQUESTS + " requests in all (fewer with --profile quick)";
  }

  public List<Step> steps(Settings settings) {
    List<Step> steps = new ArrayList<>();
    for (int users : settings.usersOr(List.of(100))) {
      for (int pause : new int[] {1000, 100}) {
        // quick keeps the pause but cuts the requests so the step lasts about its duration
        int perUser = settings.quick() ? Math.max(1, settings.durationSeconds() * 1000 / pause) : Math.max(1, REQUESTS / users);
        steps.add(Step.closed(name(), seconds(pause) + " s pause", users, settings.warmupSeconds(), settings.durationSeconds())
            .withParam(pause, perUser));
      }
    }
    return steps;
  }

  static String seconds(int millis) { return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString(); }

  public PopulationBuilder population(TransitSimulation.Phase phase, TransitSimulation simulation) {
    return simulation.closedLoop(phase, session -> session,
        simulation.get(phase, session -> Plan.HELLO + TransitSimulation.randomName(), false)
            .pause(Duration.ofMillis(phase.step().param())));
  }
}
