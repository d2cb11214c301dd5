package transit.bench.report;

import java.util.List;
import transit.bench.results.Measurement;
import transit.bench.results.Rounds;
import transit.bench.scenario.Background;
import transit.measure.Markdown;

/**
 * The overload scenario's section, per server: the measured client's latency and errors, what the slow clients met, and
 * whether the server stayed up; and the verdict's sentence on how each held.
 */
final class OverloadTables {
  private OverloadTables() {}

  static void write(ReportSection section) {
    List<String> head = section.head(false, "Slow clients");
    head.addAll(List.of("measured req/s", "p50 ms", "p99 ms", "max ms", "errors", "slow: 200 whole / 503 / cut / none", "RSS MB",
        "heap after GC MB", "stayed up"));
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : section.groups()) {
      List<String> cells = section.cells(g, false);
      cells.add(Format.spread(g.spread(Measurement::requestsPerSecond), Format::count));
      cells.add(Format.spread(g.spread(m -> m.percentile(50)), Format::millis));
      cells.add(Format.spread(g.spread(m -> m.percentile(99)), Format::millis));
      cells.add(Format.spread(g.spread(Measurement::maxLatency), Format::millis));
      cells.add(ReportSection.errors(g));
      Background b = summed(g);
      cells.add(b == null ? Format.MISSING : b.served() + " / " + b.shed() + " / " + b.cut() + " / " + b.unanswered());
      cells.add(Format.median(g.spread(Measurement::rssMb), Format::count));
      cells.add(Format.median(g.spread(Measurement::heapAfterGcMb), Format::count));
      cells.add(stayedUp(g));
      table.row(cells);
    }
    section.table(table);
    section.line("The measured client's figures are its own requests' (errors: any answer not 200 with the exact body, or none). "
        + "The slow clients' answers are summed over the rounds: a 200 read whole, refused with a 503 (the server shed them), cut off "
        + "mid-answer by the server, or not answered at all. **no** under stayed up: the server ended, or its log holds an "
        + "OutOfMemoryError.");
    section.line();
    section.resources(false);
  }

  /** What the slow clients met, summed over the rounds; null when no round had them. */
  static Background summed(Rounds g) {
    return g.slices().stream().map(s -> s.m().background()).filter(b -> b != null).reduce(Background::plus).orElse(null);
  }

  private static String stayedUp(Rounds g) {
    if (g.slices().stream().allMatch(s -> s.m().server() == null)) return Format.MISSING;
    String down = g.down();
    return down == null ? "yes" : "**no**: " + down;
  }

  /** "held", "stalled" (the measured client went unanswered or was answered wrong) or "went down", and what the slow clients met; null without them. */
  static String held(Rounds g) {
    Background b = summed(g);
    if (b == null) return null;
    String how = g.down() != null ? "**went down** (" + g.down() + ")"
        : g.errors() > 0 ? "**stalled**: the measured client met " + g.errors() + " errors" : "held: the measured client met no error";
    return how + "; of the slow clients' " + b.requests() + " requests, " + b.served() + " read whole, " + b.shed() + " shed with a 503, "
        + b.cut() + " cut off, " + b.unanswered() + " unanswered";
  }
}
