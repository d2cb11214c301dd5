package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import transit.measure.Markdown;
import transit.measure.Spread;

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

  public String help() {
    return "small-list requests arriving at fixed rates, each a new virtual user on shared kept-alive connections: 25, 50 and "
        + "75 % of the slowest framework's small-list throughput at 50 users, measured first (or --rates)";
  }

  public String about() {
    return "Requests of the small list arriving at fixed rates (open model: a new virtual user per request on shared "
        + "kept-alive connections), the same rates for every framework";
  }

  /** Not in the default profile: with five frameworks, its calibration and three rates would take it past 30 minutes. */
  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    if (settings.rates() == null) throw new IllegalStateException("latency: no rates yet (the calibration sets them)");
    return settings.rates().stream().map(rate -> Step.open(name(), rate, settings.warmupSeconds(), settings.durationSeconds())).toList();
  }

  /**
   * The small list at 50 users, whose slowest throughput sets the rates; none when --rates gives them. Warmed up even
   * in the quick profile, which warms nothing else: a cold server's 1 s step answers next to nothing.
   */
  @Override
  public Step calibration(Settings settings) {
    return settings.rates() != null ? null : Step.closed(RouteScenario.SMALL.name(), "", CALIBRATION_USERS,
        Math.max(settings.warmupSeconds(), settings.quick() ? QUICK_CALIBRATION_WARMUP_SECONDS : 0), settings.durationSeconds());
  }

  static final int QUICK_CALIBRATION_WARMUP_SECONDS = 1;

  @Override
  public List<Integer> calibrated(List<Results.Row> calibration) {
    double slowest = calibration.stream().mapToDouble(r -> r.m().requestsPerSecond()).filter(r -> r > 0).min().orElse(0);
    if (slowest <= 0) throw new IllegalStateException("the calibration measured no throughput on any framework: no rates for the latency scenario");
    return rates(slowest);
  }

  /** 25, 50 and 75 % of the slowest throughput, in whole requests per second (at least 1). */
  static List<Integer> rates(double slowestRequestsPerSecond) {
    return PERCENT_OF_SLOWEST.stream().map(p -> (int) Math.max(1, Math.round(slowestRequestsPerSecond * p / 100))).distinct().toList();
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    List<String> routes = traffic.plan().smallRoutes();
    return traffic.arrivals(phase, traffic.get(phase,
        session -> Requests.schedule(routes.get(ThreadLocalRandom.current().nextInt(routes.size()))), false));
  }

  /** Per rate, what each server achieved and its latency percentiles, then what each side used. */
  @Override
  public void report(ReportSection section) {
    Results results = section.results();
    if (!results.calibration.isEmpty()) {
      section.line("Rates: " + PERCENT_OF_SLOWEST + " % of the slowest framework's requests/s on the small list at "
          + CALIBRATION_USERS + " users, measured first (one round each): " + String.join(", ",
          results.calibration.stream().map(r -> r.framework() + " " + Format.count(r.m().requestsPerSecond())).toList())
          + " → " + results.rates + " requests/s.");
      section.line();
    } else if (results.rates != null) {
      section.line("Rates given with --rates: " + results.rates + " requests/s.");
      section.line();
    }
    List<String> head = section.head(false, "Target");
    head.add("achieved req/s");
    ReportSection.latencyHeads(head);
    Markdown.Table table = new Markdown.Table(head);
    for (Results.Group g : section.groups()) {
      List<String> cells = section.cells(g, false);
      Spread achieved = g.spread(Results.Measurement::requestsPerSecond);
      boolean behind = Standing.fellBehind(achieved, g.step().load());
      cells.add(Format.spread(achieved, Format::count) + (behind ? " **fell behind**" : "") + ReportSection.marks(g));
      ReportSection.latencyCells(g, cells);
      table.row(cells);
    }
    section.table(table);
    section.line("A server **fell behind** when it completed less than 95 % of the target rate: its requests queued, and its latency "
        + "includes the wait. The charts below show each rate's latency by percentile, every round's responses together.");
    section.line();
    section.resources(false);
  }

  /** Ranked by p99 at the highest rate: a server that fell behind is listed apart. */
  @Override
  public RankedBy rankedBy() { return RankedBy.P99; }

  @Override
  public List<Charts.Named> charts(Results results) { return Charts.latencyByPercentile(results, name()); }
}
