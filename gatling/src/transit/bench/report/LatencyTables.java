package transit.bench.report;

import java.util.List;
import transit.bench.results.Measurement;
import transit.bench.results.Ranking;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.scenario.LatencyScenario;
import transit.measure.Markdown;
import transit.measure.Spread;

/** The latency scenario's section: where its rates came from, then per rate what each server achieved and its latency. */
final class LatencyTables {
  private LatencyTables() {}

  static void write(ReportSection section) {
    Results results = section.results();
    List<Rounds> calibration = Results.rounds(results.calibration());
    if (!calibration.isEmpty()) {
      section.line("Rates: " + LatencyScenario.PERCENT_OF_SLOWEST + " % of the slowest framework's requests/s on the small list at "
          + LatencyScenario.CALIBRATION_USERS + " users, measured first (one round each): " + String.join(", ", calibration.stream()
              .map(r -> r.contestant().name() + " " + Format.median(r.spread(Measurement::requestsPerSecond), Format::count)).toList())
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
    for (Rounds g : section.groups()) {
      List<String> cells = section.cells(g, false);
      Spread achieved = g.spread(Measurement::requestsPerSecond);
      boolean behind = achieved != null && achieved.median() < Ranking.KEPT_UP * g.step().load();
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
}
