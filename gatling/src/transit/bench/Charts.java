package transit.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/** The report's PNG charts (XChart, drawn headless): each returns its file name, or nothing without data. */
final class Charts {
  private static final int WIDTH = 900, HEIGHT = 500;

  static {
    System.setProperty("java.awt.headless", "true"); // drawn without a display, also from tests
  }

  static List<String> write(Results results, Path dir) throws IOException {
    List<String> written = new ArrayList<>();
    for (String name : List.of("small-requests-per-second.png", "heavy-latency.png", "max-rss.png")) {
      Chart<?, ?> chart = switch (name) {
        case "small-requests-per-second.png" -> smallThroughput(results);
        case "heavy-latency.png" -> heavyLatency(results);
        default -> maxRss(results);
      };
      if (chart == null) continue;
      BitmapEncoder.saveBitmap(chart, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
      written.add(name);
    }
    return written;
  }

  /** small: requests/s by user count, a line per server (and per cached server). */
  private static XYChart smallThroughput(Results results) {
    List<Step> steps = results.steps("small");
    if (steps.isEmpty()) return null;
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("small: requests/s by users")
        .xAxisTitle("users").yAxisTitle("requests/s").build();
    style(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(steps.size() > 2);
    chart.getStyler().setYAxisMin(0.0);
    for (String label : results.rowLabels("small")) {
      List<Double> users = new ArrayList<>(), rps = new ArrayList<>();
      for (Step step : steps) {
        Results.Row row = results.find(label, step);
        if (row == null || row.stats() == null) continue;
        users.add((double) step.users());
        rps.add(row.requestsPerSecond());
      }
      if (!users.isEmpty()) chart.addSeries(label, users, rps);
    }
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  /** heavy: median, p95, p99 and max latency, a bar per server. */
  private static CategoryChart heavyLatency(Results results) {
    List<Step> steps = results.steps("heavy");
    if (steps.isEmpty()) return null;
    Step step = steps.get(steps.size() - 1); // the most users when --users gives several
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title("heavy, " + step.usersLabel() + ": latency percentiles").xAxisTitle("").yAxisTitle("ms").build();
    style(chart.getStyler());
    for (String label : results.rowLabels("heavy")) {
      Results.Row row = results.find(label, step);
      if (row == null || row.stats() == null) continue;
      GatlingStats s = row.stats();
      chart.addSeries(label, List.of("p50", "p95", "p99", "max"), List.of(s.p50(), s.p95(), s.p99(), s.max()));
    }
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  /** The highest RSS each server reached in any step, serializing per request and cached. */
  private static CategoryChart maxRss(Results results) {
    List<String> servers = List.copyOf(results.servers.keySet());
    if (results.rows.stream().allMatch(r -> r.maxRssMb() == null)) return null;
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title("Max RSS of the server process")
        .xAxisTitle("").yAxisTitle("MB").build();
    style(chart.getStyler());
    for (boolean cached : new boolean[] {false, true}) {
      List<Long> rss = servers.stream().map(server -> results.rows.stream()
          .filter(r -> r.server().equals(server) && r.cached() == cached && r.maxRssMb() != null)
          .mapToLong(Results.Row::maxRssMb).max().orElse(0)).toList();
      if (rss.stream().anyMatch(v -> v > 0)) chart.addSeries(cached ? "cached" : "serialize per request", servers, rss);
    }
    return chart;
  }

  private static void style(Styler styler) {
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    if (styler instanceof org.knowm.xchart.style.CategoryStyler bars) bars.setLabelsVisible(true); // the values on the bars
    styler.setChartBackgroundColor(java.awt.Color.WHITE);
  }
}
