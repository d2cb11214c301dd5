package transit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import transit.bench.results.Measurement;
import transit.bench.results.Ranking;
import transit.bench.results.Results;
import transit.bench.results.Slice;
import transit.bench.scenario.RouteScenario;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.measure.Markdown;
import transit.measure.Spread;

/**
 * results/<timestamp>/: report.md and report.html (the same page, its charts inline): the verdict and its figures,
 * what the limits cost (or the JDK changes, or a change does) where servers also ran so, how each comparison was
 * measured, the settings beyond each framework's defaults, and the charts first, then the conditions and a section per
 * scenario (the tables its scenario names), and where Gatling's records are; the charts as PNG, and results.csv.
 */
public final class Report {
  private final Results results;
  private final Path dir;
  private final StringBuilder md = new StringBuilder();

  private Report(Results results, Path dir) {
    this.results = results;
    this.dir = dir;
  }

  /** report.md, report.html, their charts and results.csv into dir. */
  public static void write(Results results, Path dir) throws IOException {
    ResultsCsv.write(results, dir.resolve("results.csv")); // first: every figure kept, whatever the report makes of them
    List<Charts.Named> charts = new ArrayList<>();
    for (String name : results.scenarios) if (!results.rounds(name).isEmpty()) charts.addAll(Charts.of(results, Scenarios.named(name)));
    charts.add(Charts.memory(results));
    charts.add(Charts.liveHeap(results));
    charts.add(Charts.throughputByHeap(results, RouteScenario.HEAVY.name()));
    List<Charts.Drawn> drawn = Charts.write(charts, dir);
    Report report = new Report(results, dir);
    String md = report.markdown(drawn);
    Files.writeString(dir.resolve("report.md"), md);
    Files.writeString(dir.resolve("report.html"), ReportHtml.page(report.title(), md, drawn));
  }

  private String title() {
    return "Load test: " + String.join(", ", results.measured().stream().map(s -> s.contestant().framework()).distinct().toList());
  }

  /**
   * The verdict first, with its figures, then the charts; after them the conditions and every scenario's tables in
   * full, for whoever wants them.
   */
  private String markdown(List<Charts.Drawn> charts) {
    line("# " + title());
    line();
    line(results.started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")) + " · " + Charts.conditions(results, "")
        + " · conditions and every table below the verdict");
    line();
    if (!results.brokeOff.isEmpty()) {
      line("## Failures");
      line();
      results.brokeOff.values().forEach(f -> line("- " + f));
      line();
    }
    if (results.quick) line("**Quick run (`--profile quick`)**: it checks that every slice runs and answers correctly; its figures measure nothing."
        + " The first framework runs every scenario, the others heavy and small (`--quick --frameworks X` runs every one on X).\n");
    List<Ranking> rankings = Verdict.shown(results.rankings(), results.scenarios);
    md.append(Verdict.markdown(rankings, results));
    md.append(Verdict.figures(rankings, results));
    String pairs = Pairs.markdown(results);
    md.append(pairs);
    md.append(HowMeasured.markdown(results));
    md.append(BeyondDefaults.markdown(results, pairs.contains("## What the limits cost")));
    if (!charts.isEmpty()) {
      line("## Charts");
      line();
      line("One colour per framework; idiomatic a solid line or ●, tuned dashed or ▲, cached dotted or ■. Every median carries "
          + "the rounds' range as a whisker." + (results.limits && results.anyLimitsOff()
              ? " The servers as they ran with their limits on; the same servers with them off are in What the limits cost." : ""));
      line();
      for (Charts.Drawn chart : charts) {
        line("![" + chart.title() + "](" + chart.file() + ")");
        line();
      }
    }
    line("## How to read the tables");
    line();
    line("Each figure is the median of a server's measured slices (one a round), with their range in brackets. Requests/s counts "
        + "right answers over a slice: for a slice of fixed work (each user the same requests, for every server of a round) the work "
        + "over the time it took; errors (summed over the rounds) are responses that were not 200 with the exact expected body length, "
        + "or no answer at all (refused, reset, timed out: counted in brackets). Latencies are "
        + "Gatling's response times in ms. **client-bound**: Gatling used at least " + Math.round(Measurement.CLIENT_BOUND_SHARE * 100)
        + " % of its CPUs in the slice, so that its throughput is a lower bound, the client's and not the server's; **disturbed**: "
        + "anything but the server (the other servers idle beside it included) took " + Math.round(Measurement.DISTURBED_PERCENT)
        + " % of a core or more from its CPUs (interrupt time, mostly the test's own packets, not counted); **waiting**: the server "
        + "used less than " + Math.round(Measurement.WORKING_PERCENT) + " % of its CPUs though the client was not its limit. The number in "
        + "brackets after a mark is how many of its rounds had it. Warm-up slices are excluded.");
    line();
    conditions();
    startups();
    for (String name : results.scenarios) {
      if (results.rounds(name).isEmpty()) continue;
      Scenario scenario = Scenarios.named(name);
      line("## " + name);
      line();
      line(scenario.about() + ".");
      line();
      ReportSection section = new ReportSection(results, name);
      for (Scenario.Table table : scenario.tables()) section.write(table);
      md.append(section.markdown());
    }
    if (!results.gatlingRecords.isEmpty()) {
      line("## Gatling's records");
      line();
      line("Each batch of slices ran in a Gatling JVM of its own; its record (simulation.log, from which `--reports-only` draws "
          + "Gatling's HTML report) is in `gatling/` beside this report: " + results.gatlingRecords.size() + " batches, from `"
          + dir.relativize(results.gatlingRecords.values().iterator().next()) + "`.");
      line();
    }
    if (!results.notes.isEmpty()) {
      line("## Notes");
      line();
      results.notes.forEach(n -> line("- " + n));
      line();
    }
    return md.toString();
  }

  private void conditions() {
    line("## Conditions");
    line();
    Markdown.Table table = new Markdown.Table(List.of("", ""));
    table.row(List.of("Date", results.started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"))));
    results.conditions.forEach((what, value) -> table.row(List.of(what, value)));
    if (results.routes != null)
      table.row(List.of("Routes", results.routes.source() + ": " + results.routes.heavy().size() + " heavy, " + results.routes.small().size() + " small"));
    if (!results.servers.isEmpty())
      table.row(List.of("Feed load, as each server's /health gave it", String.join("; ", results.servers.values().stream()
          .map(s -> String.format(Locale.ROOT, "%s %,d ms from the %s, heap retained %,d MB", s.framework(), s.loadMillis(), s.loadedFrom(),
              s.heapBytes() >> 20)).toList())));
    md.append(table);
    line();
  }

  /**
   * Per framework, over its idiomatic starts that loaded the feed from its snapshot (so that the CSV's parse does not
   * hide the framework's own start): the median and range of its time to a first answer, and its idle memory.
   */
  private void startups() {
    if (results.startups.isEmpty()) return;
    line("## Start-up and idle memory");
    line();
    line("Each framework's idiomatic server as it started, alone on the server CPUs before any load, on the same feed loaded from its "
        + "snapshot: the time from its JVM's start to its first answered request (GET /health), the feed's load within it, and its RSS "
        + "and the heap live after a full collection. Median of its starts, their range in brackets; a framework that never loaded from "
        + "the snapshot is shown from the CSV.");
    line();
    Markdown.Table table = new Markdown.Table(List.of("Framework", "Start-up to first answer, ms", "of which the feed's load, ms",
        "Idle RSS, MB", "Idle live heap, MB", "Starts"));
    Map<String, List<Results.Startup>> byFramework = new LinkedHashMap<>();
    results.startups.forEach(s -> byFramework.computeIfAbsent(s.framework(), f -> new ArrayList<>()).add(s));
    byFramework.forEach((framework, all) -> {
      List<Results.Startup> starts = all.stream().filter(s -> "snapshot".equals(s.loadedFrom())).toList();
      if (starts.isEmpty()) starts = all;
      List<Results.Startup> chosen = starts;
      Function<Function<Results.Startup, Double>, Spread> spread = f -> Spread.of(chosen.stream().map(f).toList());
      table.row(List.of(framework, Format.spread(spread.apply(s -> (double) s.startupMillis()), Format::millis),
          Format.spread(spread.apply(s -> (double) s.loadMillis()), Format::millis),
          Format.spread(spread.apply(s -> s.idleRssBytes() < 0 ? null : s.idleRssBytes() / 1048576.0), Format::count),
          Format.spread(spread.apply(s -> s.idleLiveHeapBytes() / 1048576.0), Format::count),
          chosen.size() + " from the " + chosen.get(0).loadedFrom()));
    });
    md.append(table);
    line();
  }

  private void line(String text) { md.append(text).append('\n'); }

  private void line() { md.append('\n'); }
}
