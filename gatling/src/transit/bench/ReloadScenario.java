package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import transit.measure.Markdown;
import transit.measure.Spread;
import transit.server.Mode;

/**
 * A new feed published while the server is under load: the small list at 50 users while the harness moves a copy
 * of the served feed over it, a third and two thirds into the step, as a publisher replaces the file. The server
 * loads it in the background and swaps it in; every request must still be answered right, and the report shows
 * what the reloads cost the latency around them.
 */
final class ReloadScenario implements Scenario {
  /** Long enough for two reloads of a large feed on one core, and some load after them; quick: of the generated feed. */
  static final int MIN_SECONDS = 30, QUICK_MIN_SECONDS = 6;
  /** Server events this long after a step still belong to it: a reload under way when the step ended. */
  static final long GRACE_MILLIS = 30_000;

  public String name() { return "reload"; }

  public String help() {
    return "the small list at 50 users for 30 s while the feed is moved over twice; errors must stay at 0";
  }

  public String about() {
    return "The small list at 50 users while the feed is replaced twice (a copy of the served feed moved over it, a third "
        + "and two thirds into the step; the server parses it from its CSV, as it would a new feed, and swaps it in)";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    int seconds = Math.max(3 * settings.durationSeconds(), settings.quick() ? QUICK_MIN_SECONDS : MIN_SECONDS);
    return settings.usersOr(List.of(50)).stream()
        .map(users -> Step.closed(name(), "", users, settings.warmupSeconds(), seconds)).toList();
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    return RouteScenario.decks(phase, traffic, traffic.plan().smallRoutes());
  }

  @Override
  public boolean replacesFeed() { return true; }

  @Override
  public Results.Background whileMeasured(Step step, ServerUnderTest server) throws InterruptedException {
    long third = step.durationSeconds() * 1000L / 3;
    Thread.sleep(third);
    server.replaceFeed();
    Thread.sleep(third);
    server.replaceFeed();
    return null;
  }

  @Override
  public long eventsAfterStepMillis() { return GRACE_MILLIS; }

  @Override
  public boolean timeline() { return true; }

  /**
   * Per framework, the throughput and errors over the whole step, how long each reload took to be in service (from
   * the file's move to the new feed's loaded_at on /health), and the latency of the seconds before the first swap
   * beside the seconds from each swap until a second after its reload.
   */
  @Override
  public void report(ReportSection section) {
    List<String> head = section.head(false, "Users");
    head.addAll(List.of("req/s", "errors", "swaps in service", "reload took ms", "p99 ms before", "p99 ms around swaps",
        "max ms around swaps"));
    Markdown.Table table = new Markdown.Table(head);
    for (Results.Group g : section.groups()) {
      List<String> cells = section.cells(g, false);
      cells.add(Format.spread(g.spread(Results.Measurement::requestsPerSecond), Format::count));
      cells.add(ReportSection.errors(g));
      long replaced = 0, reloaded = 0;
      List<Double> took = new ArrayList<>();
      for (Results.Row r : g.rounds()) {
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
        + GRACE_MILLIS / 1000 + " s after the step shows as fewer swaps in service than made. \"Around swaps\": the "
        + "seconds from each move of the feed until a second after its reload, when the new feed is parsed on the server's CPU beside "
        + "the requests. The chart shows the first round, second by second.");
    section.line();
    section.resources(false);
  }

  /** The first round of each framework's step, second by second: the slowest answer of each second, and when the feed was moved and swapped in. */
  @Override
  public List<Charts.Named> charts(Results results) {
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
    for (Results.Group g : results.atRunLimits(name())) {
      Results.Measurement m = g.rounds().get(0).m();
      if (m.timeline().seconds().isEmpty()) continue;
      XYSeries line = new XYSeries(Charts.label(g));
      for (Histogram h : m.timeline().seconds()) line.add((h.getEndTimeStamp() - m.timeline().startMillis()) / 1000.0, h.getMaxValue());
      int i = data.getSeriesCount();
      data.addSeries(line);
      renderer.setSeriesPaint(i, Charts.colour(results, g.framework()));
      renderer.setSeriesStroke(i, Charts.stroke(g.mode()));
      renderer.setSeriesShapesVisible(i, false);
      Swaps swaps = Swaps.of(m);
      for (int k = 0; k < 2; k++) { // the feed moved (▲), the new feed in service (●), on the time axis
        XYSeries marks = new XYSeries(Charts.label(g) + (k == 0 ? " moved" : " in service"));
        for (long[] swap : swaps.swaps()) if (swap[k] >= 0) marks.add((swap[k] - m.timeline().startMillis()) / 1000.0, 0);
        if (marks.isEmpty()) continue;
        int j = data.getSeriesCount();
        data.addSeries(marks);
        renderer.setSeriesPaint(j, Charts.colour(results, g.framework()));
        renderer.setSeriesLinesVisible(j, false);
        renderer.setSeriesShape(j, Charts.marker(k == 0 ? Mode.TUNED : Mode.IDIOMATIC));
        renderer.setSeriesVisibleInLegend(j, false);
      }
    }
    if (data.getSeriesCount() == 0) return List.of(new Charts.Named("reload-timeline.png", null));
    JFreeChart chart = new JFreeChart("reload, first round: slowest answer per second", null,
        new XYPlot(data, new NumberAxis("seconds into the step"), new NumberAxis("ms"), renderer), true);
    return List.of(new Charts.Named("reload-timeline.png",
        Charts.finish(chart, Charts.conditions(results, "▲ feed moved, ● new feed in service"))));
  }

  /** A step's feed replacements (each with when it was in service, or -1), and its latency before and around them. */
  record Swaps(List<long[]> swaps, List<Histogram> timeline) {
    static Swaps of(Results.Measurement m) {
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

    /** The seconds from each move until a second after its reload (to the step's end when it never came). */
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
