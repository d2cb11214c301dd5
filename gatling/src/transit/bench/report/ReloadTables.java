package transit.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import transit.bench.results.Measurement;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.results.Slice;
import transit.bench.run.ServerEvent;
import transit.bench.scenario.Scenarios;
import transit.measure.Markdown;
import transit.measure.Spread;
import transit.server.Mode;

/** The reload scenario's section and chart: how long each feed replacement took to be in service, and the latency around it. */
final class ReloadTables {
  private ReloadTables() {}

  /**
   * Per server, the throughput and errors over the whole slice, how long each reload took to be in service (from
   * the file's move to the new feed's loaded_at on /health), and the latency of the seconds before the first swap
   * beside the seconds from each swap until a second after its reload.
   */
  static void write(ReportSection section) {
    List<String> head = section.head(false, "Users");
    head.addAll(List.of("req/s", "errors", "swaps in service", "reload took ms", "p99 ms before", "p99 ms around swaps",
        "max ms around swaps"));
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : section.groups()) {
      List<String> cells = section.cells(g, false);
      cells.add(Format.spread(g.spread(Measurement::requestsPerSecond), Format::count));
      cells.add(ReportSection.errors(g));
      long replaced = 0, reloaded = 0;
      List<Double> took = new ArrayList<>();
      for (Slice r : g.slices()) {
        Swaps swaps = Swaps.of(r.m());
        replaced += swaps.replaced();
        reloaded += swaps.took().size();
        swaps.took().forEach(t -> took.add((double) t));
      }
      cells.add(reloaded + " of " + replaced);
      cells.add(Format.spread(Spread.of(took), Format::millis));
      cells.add(Format.spread(g.spread(m -> Swaps.of(m).before(99)), Format::millis));
      cells.add(Format.spread(g.spread(m -> Swaps.of(m).around(99)), Format::millis));
      cells.add(Format.spread(g.spread(m -> Swaps.of(m).aroundMax()), Format::millis));
      table.row(cells);
    }
    section.table(table);
    section.line("A swap is in service when the server's /health shows the new feed; a reload that failed or was still running "
        + Scenarios.named(section.scenario()).eventsAfterSliceMillis() / 1000 + " s after the slice shows as fewer swaps in service than made. \"Around swaps\": the "
        + "seconds from each move of the feed until a second after its reload, when the new feed is parsed on the server's CPU beside "
        + "the requests. The chart shows the first round, second by second.");
    section.line();
    section.resources(false);
  }

  /** The first round of each server's slice, second by second: the slowest answer of each second, and when the feed was moved and swapped in. */
  static List<Charts.Named> charts(Results results, String scenario) {
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
    for (Rounds g : results.atRunSetting(scenario)) {
      Measurement m = g.slices().get(0).m();
      if (m.timeline().seconds().isEmpty()) continue;
      XYSeries line = new XYSeries(Charts.label(g));
      for (Histogram h : m.timeline().seconds()) line.add((h.getEndTimeStamp() - m.timeline().startMillis()) / 1000.0, h.getMaxValue());
      int i = data.getSeriesCount();
      data.addSeries(line);
      renderer.setSeriesPaint(i, Charts.colour(results, g.contestant()));
      renderer.setSeriesStroke(i, Charts.stroke(g.contestant().mode()));
      renderer.setSeriesShapesVisible(i, false);
      Swaps swaps = Swaps.of(m);
      for (int k = 0; k < 2; k++) { // the feed moved (▲), the new feed in service (●), on the time axis
        XYSeries marks = new XYSeries(Charts.label(g) + (k == 0 ? " moved" : " in service"));
        for (long[] swap : swaps.swaps()) if (swap[k] >= 0) marks.add((swap[k] - m.timeline().startMillis()) / 1000.0, 0);
        if (marks.isEmpty()) continue;
        int j = data.getSeriesCount();
        data.addSeries(marks);
        renderer.setSeriesPaint(j, Charts.colour(results, g.contestant()));
        renderer.setSeriesLinesVisible(j, false);
        renderer.setSeriesShape(j, Charts.marker(k == 0 ? Mode.TUNED : Mode.IDIOMATIC));
        renderer.setSeriesVisibleInLegend(j, false);
      }
    }
    if (data.getSeriesCount() == 0) return List.of(new Charts.Named("reload-timeline.png", null));
    JFreeChart chart = new JFreeChart("reload, first round: slowest answer per second", null,
        new XYPlot(data, new NumberAxis("seconds into the slice"), new NumberAxis("ms"), renderer), true);
    return List.of(new Charts.Named("reload-timeline.png",
        Charts.finish(chart, Charts.conditions(results, "▲ feed moved, ● new feed in service"))));
  }

  /** A slice's feed replacements (each with when it was in service, or -1), and its latency before and around them. */
  record Swaps(List<long[]> swaps, List<Histogram> timeline) {
    static Swaps of(Measurement m) {
      List<long[]> swaps = new ArrayList<>();
      for (ServerEvent e : m.events()) {
        if (e.what().equals(ServerEvent.REPLACED)) swaps.add(new long[] {e.atMillis(), -1});
        else if (e.what().equals(ServerEvent.RELOADED) && !swaps.isEmpty() && swaps.get(swaps.size() - 1)[1] < 0)
          swaps.get(swaps.size() - 1)[1] = e.atMillis();
      }
      return new Swaps(swaps, m.timeline().seconds());
    }

    int replaced() { return swaps.size(); }

    /** How long each swap that came into service took, from the file's move. */
    List<Long> took() { return swaps.stream().filter(s -> s[1] >= 0).map(s -> s[1] - s[0]).toList(); }

    Double before(double percentile) {
      if (swaps.isEmpty()) return null;
      return value(timeline.stream().filter(h -> h.getEndTimeStamp() <= swaps.get(0)[0]).toList(), percentile);
    }

    Double around(double percentile) { return value(aroundSwaps(), percentile); }

    Double aroundMax() { return value(aroundSwaps(), 100); }

    /** The seconds from each move until a second after its reload (to the slice's end when it never came). */
    private List<Histogram> aroundSwaps() {
      List<Histogram> around = new ArrayList<>();
      for (long[] swap : swaps) {
        long to = swap[1] < 0 ? Long.MAX_VALUE : swap[1] + 1000;
        for (Histogram h : timeline) if (h.getEndTimeStamp() > swap[0] && h.getStartTimeStamp() < to && !around.contains(h)) around.add(h);
      }
      return around;
    }

    private static Double value(List<Histogram> intervals, double percentile) {
      if (intervals.isEmpty()) return null;
      Histogram all = new Histogram(3);
      intervals.forEach(all::add);
      return all.getTotalCount() == 0 ? null : (double) (percentile >= 100 ? all.getMaxValue() : all.getValueAtPercentile(percentile));
    }
  }
}
