package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Latency at a given load (an open model): requests of the small list arrive at a fixed rate whatever the
 * server's answers, each a new virtual user on a shared pool of kept-alive connections, so a slow response
 * delays no later request (no coordinated omission). The rates are the same for every framework: given by
 * --rates, or 25, 50 and 75 % of the slowest framework's closed-loop throughput on the small list at 50 users,
 * measured first in the same run. Whether a server kept up with a rate is itself a figure.
 */
final class LatencyScenario implements Scenario {
  static final List<Integer> PERCENT_OF_SLOWEST = List.of(25, 50, 75);
  static final int CALIBRATION_USERS = 50;

  public String name() { return "latency"; }

  public String about() {
    return "Requests of the small list arriving at fixed rates (open model: a new virtual user per request on shared "
        + "kept-alive connections), the same rates for every framework";
  }

  public List<Step> steps(Settings settings) {
    if (settings.rates() == null) throw new IllegalStateException("latency: no rates yet (the calibration sets them)");
    return settings.rates().stream().map(rate -> new Step(name(), "", rate, true, 0, 0, settings.warmupSeconds(),
        settings.durationSeconds())).toList();
  }

  /** The closed-loop step whose slowest throughput sets the default rates. */
  static Step calibration(Settings settings) {
    return Step.closed("small", "", CALIBRATION_USERS, settings.warmupSeconds(), settings.durationSeconds());
  }

  /** 25, 50 and 75 % of the slowest throughput, in whole requests per second (at least 1). */
  static List<Integer> rates(double slowestRequestsPerSecond) {
    return PERCENT_OF_SLOWEST.stream().map(p -> (int) Math.max(1, Math.round(slowestRequestsPerSecond * p / 100))).distinct().toList();
  }

  public PopulationBuilder population(TransitSimulation.Phase phase, TransitSimulation simulation) {
    List<String> routes = simulation.plan().smallRoutes();
    return simulation.arrivals(phase, simulation.get(phase,
        session -> Plan.schedulePath(routes.get(ThreadLocalRandom.current().nextInt(routes.size()))), false));
  }

  @Override
  public void report(Report report) { report.latencyTables(this); }
}
