package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/**
 * Latency at a given load (an open model): requests of the small list arrive at a fixed rate whatever the server's
 * answers, each a new virtual user on a shared pool of kept-alive connections, so a slow response delays no later
 * request (no coordinated omission). A slice is its rate for a slice's time: the same arrivals, each asking the same
 * route, for every server of a round. The rates are the same for every framework: given by --rates, or 25, 50 and 75 %
 * of the slowest framework's closed-loop throughput on the small list at 50 users, measured first in the same run.
 * Whether a server kept up with a rate is itself a figure.
 */
public final class LatencyScenario implements Scenario {
  public static final List<Integer> PERCENT_OF_SLOWEST = List.of(25, 50, 75);
  public static final int CALIBRATION_USERS = 50;

  public String name() { return "latency"; }

  public String help() {
    return "small-list requests arriving at fixed rates, each a new virtual user on shared kept-alive connections: 25, 50 and "
        + "75 % of the slowest framework's small-list throughput at 50 users, measured first (or --rates)";
  }

  public String about() {
    return "Requests of the small list arriving at fixed rates (open model: a new virtual user per request on shared "
        + "kept-alive connections), the same rates for every framework";
  }

  /** Not in the default profile: its calibration and three rates for eight frameworks would take it past 20 minutes. */
  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    if (settings.rates() == null) throw new IllegalStateException("latency: no rates yet (the calibration sets them)");
    return settings.rates().stream().map(rate -> Step.open(name(), rate, settings.sliceSeconds())).toList();
  }

  /** Its work is its arrivals: a rate for a slice's time. */
  @Override
  public boolean sizedToSlice() { return false; }

  /** The small list at 50 users, whose slowest throughput sets the rates; none when --rates gives them. */
  @Override
  public Step calibration(Settings settings) {
    return settings.rates() != null ? null : Step.closed(RouteScenario.SMALL.name(), "", CALIBRATION_USERS, settings.sliceSeconds());
  }

  @Override
  public List<Integer> calibrated(List<Double> requestsPerSecond) {
    double slowest = requestsPerSecond.stream().mapToDouble(Double::doubleValue).filter(r -> r > 0).min().orElse(0);
    if (slowest <= 0) throw new IllegalStateException("the calibration measured no throughput on any framework: no rates for the latency scenario");
    return rates(slowest);
  }

  /** 25, 50 and 75 % of the slowest throughput, in whole requests per second (at least 1). */
  public static List<Integer> rates(double slowestRequestsPerSecond) {
    return PERCENT_OF_SLOWEST.stream().map(p -> (int) Math.max(1, Math.round(slowestRequestsPerSecond * p / 100))).distinct().toList();
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    List<String> routes = traffic.routes().small();
    return traffic.arrivals(phase, traffic.get(phase,
        session -> Requests.schedule(routes.get(phase.random(session).nextInt(routes.size()))), false));
  }

  /** Ranked by p99 at the highest rate: a server that fell behind is listed apart. */
  @Override
  public RankedBy rankedBy() { return RankedBy.P99; }

  @Override
  public List<Table> tables() { return List.of(Table.LATENCY_BY_RATE); }

  @Override
  public List<Chart> charts() { return List.of(Chart.LATENCY_BY_RATE); }
}
