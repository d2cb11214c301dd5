package transit.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import transit.measure.Spread;
import transit.server.Mode;

/**
 * The report's PNG charts (XChart, drawn headless), built from the results: each scenario picks its own
 * (Scenario#charts), and the report adds memory and heaps. A chart whose data is missing is null, and not drawn.
 */
final class Charts {
  private static final int WIDTH = 900, HEIGHT = 500;

  static {
    System.setProperty("java.awt.headless", "true"); // drawn without a display, also from tests
  }

  /** A chart and the file it goes to. */
  record Named(String file, Chart<?, ?> chart) {}

  /** Draws the charts that have data into dir; returns their file names. */
  static List<String> write(List<Named> charts, Path dir) throws IOException {
    List<String> written = new ArrayList<>();
    for (Named chart : charts) {
      if (chart.chart() == null) continue;
      BitmapEncoder.saveBitmap(chart.chart(), dir.resolve(chart.file()).toString(), BitmapEncoder.BitmapFormat.PNG);
      written.add(chart.file());
    }
    return written;
  }

  /** A closed-loop scenario's: requests/s by users, and latency percentiles at its highest load. */
  static List<Named> closedLoop(Results results, String scenario) {
    return List.of(new Named(scenario + "-requests-per-second.png", throughputByUsers(results, scenario)),
        new Named(scenario + "-latency.png", latencyPercentiles(results, scenario)));
  }

  static String label(Results.Group g) {
    return g.framework() + (g.mode() == Mode.IDIOMATIC ? "" : " " + g.mode().label) + (g.step().variant().isEmpty() ? "" : ", " + g.step().variant());
  }

  /** Requests/s by user count: the median of the rounds as a line, the lowest and highest round as markers. */
  private static XYChart throughputByUsers(Results results, String scenario) {
    Map<String, List<Results.Group>> series = bySeries(results.groups(scenario).stream()
        .filter(g -> g.heap().equals(results.heap)).toList(), Charts::label);
    if (series.values().stream().allMatch(s -> s.size() < 2)) return null; // one load: the tables say it all
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(scenario + ": requests/s by users (median; ▲ ▼ lowest and highest round)")
        .xAxisTitle("users").yAxisTitle("requests/s").build();
    style(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisMin(0.0);
    series.forEach((name, groups) -> {
      List<Double> users = new ArrayList<>(), median = new ArrayList<>(), min = new ArrayList<>(), max = new ArrayList<>();
      for (Results.Group g : groups) {
        Spread s = g.spread(Results.Measurement::requestsPerSecond);
        if (s == null) continue;
        users.add((double) g.step().load());
        median.add(s.median());
        min.add(s.min());
        max.add(s.max());
      }
      if (users.isEmpty()) return;
      XYSeries line = chart.addSeries(name, users, median);
      for (var range : List.of(Map.entry(min, SeriesMarkers.TRIANGLE_UP), Map.entry(max, SeriesMarkers.TRIANGLE_DOWN))) {
        XYSeries marks = chart.addSeries(name + (range.getValue() == SeriesMarkers.TRIANGLE_UP ? " lowest" : " highest"), users, range.getKey());
        marks.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        marks.setMarker(range.getValue());
        marks.setMarkerColor(line.getLineColor() != null ? line.getLineColor() : java.awt.Color.GRAY);
        marks.setShowInLegend(false);
      }
    });
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  /** Latency percentiles (medians of the rounds) at the scenario's highest load, a group of bars per server. */
  private static CategoryChart latencyPercentiles(Results results, String scenario) {
    List<Results.Group> groups = results.groups(scenario).stream().filter(g -> g.heap().equals(results.heap)).toList();
    int load = groups.stream().mapToInt(g -> g.step().load()).max().orElse(-1);
    List<String> names = new ArrayList<>(ReportSection.PERCENTILES.stream().map(Format::percentile).toList());
    names.add("max");
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(scenario + ", " + load + " users: latency percentiles (medians of the rounds)").yAxisTitle("ms").build();
    style(chart.getStyler());
    for (Results.Group g : groups) {
      if (g.step().load() != load) continue;
      List<Double> values = new ArrayList<>();
      for (double p : ReportSection.PERCENTILES) values.add(median(g.spread(m -> m.percentile(p))));
      values.add(median(g.spread(Results.Measurement::maxLatency)));
      if (values.stream().allMatch(v -> v == 0)) continue;
      chart.addSeries(label(g), names, values);
    }
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  /**
   * HdrHistogram's view of an open-model rate: latency against percentile, the percentile axis stretched as
   * log10(1 / (1 - q)) so 90 %, 99 %, 99.9 % are evenly apart; a line per server, ending at the maximum.
   */
  static List<Named> latencyByPercentile(Results results, String scenario) {
    List<Named> charts = new ArrayList<>();
    Map<Integer, List<Results.Group>> byRate = new LinkedHashMap<>();
    for (Results.Group g : results.groups(scenario)) byRate.computeIfAbsent(g.step().load(), k -> new ArrayList<>()).add(g);
    byRate.forEach((rate, groups) -> {
      XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("latency at " + rate + " requests/s, by percentile (every round)")
          .xAxisTitle("percentile").yAxisTitle("ms").build();
      style(chart.getStyler());
      chart.getStyler().setMarkerSize(0);
      chart.getStyler().setXAxisMin(0.0);
      chart.getStyler().setXAxisMax(5.0);
      chart.setCustomXAxisTickLabelsFormatter(Charts::percentileTick);
      for (Results.Group g : groups) {
        Histogram h = g.latency();
        if (h == null || h.getTotalCount() == 0) continue;
        List<Double> x = new ArrayList<>(), y = new ArrayList<>();
        for (var v : h.percentiles(5)) {
          double q = v.getPercentileLevelIteratedTo();
          if (q >= 100 || Math.log10(100 / (100 - q)) > 5) break;
          x.add(Math.log10(100 / (100 - q)));
          y.add((double) v.getValueIteratedTo());
        }
        x.add(Math.min(5, x.isEmpty() ? 0 : x.get(x.size() - 1) + 0.3)); // the maximum, just past the last percentile
        y.add((double) h.getMaxValue());
        chart.addSeries(label(g), x, y);
      }
      if (!chart.getSeriesMap().isEmpty()) charts.add(new Named(scenario + "-" + rate + ".png", chart));
    });
    return charts;
  }

  /** Per server set-up, the highest RSS and heap left after a collection over its steps (medians of the rounds). */
  static Named memory(Results results) {
    Map<String, double[]> byServer = new LinkedHashMap<>(); // label → {rss MB, heap after GC MB}
    for (String scenario : results.scenarios)
      for (Results.Group g : results.groups(scenario)) {
        double[] m = byServer.computeIfAbsent(g.framework() + (g.mode() == Mode.IDIOMATIC ? "" : " " + g.mode().label)
            + (g.heap().equals(results.heap) ? "" : " " + g.heap()), k -> new double[2]);
        m[0] = Math.max(m[0], median(g.spread(x -> x.serverProcess() == null ? null : x.serverProcess().maxRssKb() / 1024.0)));
        m[1] = Math.max(m[1], median(g.spread(ReportSection::heapAfterGcMb)));
      }
    if (byServer.values().stream().allMatch(m -> m[0] == 0)) return new Named("memory.png", null);
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Server memory: highest RSS and heap after GC over the steps (medians of the rounds)").yAxisTitle("MB").build();
    style(chart.getStyler());
    List<String> servers = List.copyOf(byServer.keySet());
    chart.addSeries("RSS", servers, servers.stream().map(s -> byServer.get(s)[0]).toList());
    chart.addSeries("heap after GC", servers, servers.stream().map(s -> byServer.get(s)[1]).toList());
    return new Named("memory.png", chart);
  }

  /** A scenario run at each --heaps size: requests/s against the heap each framework was given. */
  static Named throughputByHeap(Results results, String scenario) {
    if (results.heaps.isEmpty()) return new Named("heaps.png", null);
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(scenario + ": requests/s by heap (median of the rounds)")
        .xAxisTitle("heap (MB)").yAxisTitle("requests/s").build();
    style(chart.getStyler());
    chart.getStyler().setYAxisMin(0.0);
    Map<String, List<Results.Group>> series = bySeries(results.groups(scenario).stream()
        .filter(g -> g.mode() == Mode.IDIOMATIC && heapMb(g.heap()) > 0).toList(), Results.Group::framework);
    if (series.values().stream().allMatch(groups -> groups.size() < 2)) return new Named("heaps.png", null); // one heap: nothing to chart
    series.forEach((name, groups) -> {
      List<Results.Group> sorted = groups.stream().sorted(java.util.Comparator.comparingLong(g -> heapMb(g.heap()))).toList();
      chart.addSeries(name, sorted.stream().map(g -> (double) heapMb(g.heap())).toList(),
          sorted.stream().map(g -> median(g.spread(Results.Measurement::requestsPerSecond))).toList());
    });
    return new Named("heaps.png", chart.getSeriesMap().isEmpty() ? null : chart);
  }

  /** A tick of the stretched axis x = log10(1 / (1 - q)) as the percentile q, with the decimals it needs: 1 → 90%, 3 → 99.9%. */
  static String percentileTick(double x) {
    return String.format(java.util.Locale.ROOT, "%." + Math.max(0, (int) Math.ceil(x) - 2) + "f%%", 100 - 100 / Math.pow(10, x));
  }

  /** A heap's size in MB; -1 for a heap label that is not only a size (answers unlimited). */
  static long heapMb(String heap) {
    try {
      return new transit.server.ServerOptions.SizeConverter().convert(heap) >> 20;
    } catch (RuntimeException e) {
      return -1;
    }
  }

  private static Map<String, List<Results.Group>> bySeries(List<Results.Group> groups, Function<Results.Group, String> name) {
    Map<String, List<Results.Group>> series = new LinkedHashMap<>();
    for (Results.Group g : groups) series.computeIfAbsent(name.apply(g), k -> new ArrayList<>()).add(g);
    return series;
  }

  private static double median(Spread s) { return s == null ? 0 : s.median(); }

  /** Every chart's look: the legend outside on the right, values on bars, a white background. */
  static void style(Styler styler) {
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    if (styler instanceof org.knowm.xchart.style.CategoryStyler bars) bars.setLabelsVisible(true); // the values on the bars
    styler.setChartBackgroundColor(java.awt.Color.WHITE);
  }
}
