package transit.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.IntervalBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.category.DefaultIntervalCategoryDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;
import transit.bench.plan.Contestant;
import transit.bench.results.Measurement;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.scenario.Scenario;
import transit.measure.Spread;
import transit.server.Mode;

/**
 * The report's charts (JFreeChart, drawn headless), each drawn twice from one chart: a PNG beside report.md and an SVG
 * inside report.html. A framework keeps its colour in every chart of a report and a mode its line and marker; every
 * median carries its rounds' range as a whisker, and every chart states its conditions in its subtitle. Each scenario
 * names its own charts (Scenario#charts), the report adds memory and heaps. A chart whose data is missing is null, and
 * not drawn.
 */
public final class Charts {
  static final int WIDTH = 900, HEIGHT = 500;
  /** Okabe and Ito's palette, told apart by colour-blind readers too; a framework takes the colour of its place in the run. */
  public static final Color[] COLOURS = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
      new Color(0xE69F00), new Color(0x56B4E9), new Color(0x999999), new Color(0x000000)};
  private static final Font TEXT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

  static {
    System.setProperty("java.awt.headless", "true"); // drawn without a display, also from tests
  }

  /** A chart and the file it goes to. */
  record Named(String file, JFreeChart chart) {}

  /** A chart that was drawn: its PNG's file name, its title, and its SVG for report.html. */
  record Drawn(String file, String title, String svg) {}

  /** Draws the charts that have data into dir as PNG; returns them, each also as SVG. */
  static List<Drawn> write(List<Named> charts, Path dir) throws IOException {
    List<Drawn> drawn = new ArrayList<>();
    for (Named named : charts) {
      if (named.chart() == null) continue;
      ChartUtils.saveChartAsPNG(dir.resolve(named.file()).toFile(), named.chart(), WIDTH, HEIGHT);
      SVGGraphics2D svg = new SVGGraphics2D(WIDTH, HEIGHT);
      named.chart().draw(svg, new Rectangle(WIDTH, HEIGHT));
      drawn.add(new Drawn(named.file(), named.chart().getTitle().getText(), svg.getSVGElement(null, false, new ViewBox(0, 0, WIDTH, HEIGHT), null, null)));
    }
    return drawn;
  }

  /**
   * A server's colour in this run's charts: its framework's, by its place among the run's frameworks; the same framework
   * built at --against's revision (cask@HEAD), or on an older JDK of the run than its newest (cask/jdk17 beside
   * cask/jdk25), in a lighter shade of it, so that the two are told apart and still go together.
   */
  static Color colour(Results results, Contestant c) {
    List<String> own = results.slices.stream().map(s -> s.contestant().framework()).distinct().toList();
    Color colour = COLOURS[Math.max(0, own.indexOf(c.framework())) % COLOURS.length];
    boolean olderJdk = c.jdk() != null && results.slices.stream().map(s -> s.contestant().jdk()).anyMatch(v -> v != null && v > c.jdk());
    return c.revision() == null && !olderJdk ? colour : lighter(colour);
  }

  /** Halfway to white. */
  static Color lighter(Color c) { return new Color((c.getRed() + 255) / 2, (c.getGreen() + 255) / 2, (c.getBlue() + 255) / 2); }

  /** A scenario's charts, as it names them. */
  static List<Named> of(Results results, Scenario scenario) {
    List<Named> all = new ArrayList<>();
    for (Scenario.Chart chart : scenario.charts())
      all.addAll(switch (chart) {
        case REQUESTS_AND_LATENCY -> closedLoop(results, scenario.name());
        case LATENCY_BY_RATE -> latencyByPercentile(results, scenario.name());
        case RELOAD_TIMELINE -> ReloadTables.charts(results, scenario.name());
      });
    return all;
  }

  /** A mode's line: idiomatic solid, tuned dashed, cached dotted. */
  static Stroke stroke(Mode mode) {
    float[] dashes = switch (mode) {
      case IDIOMATIC -> null;
      case TUNED -> new float[] {8f, 4f};
      case CACHED -> new float[] {2f, 3f};
    };
    return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dashes, 0f);
  }

  /** A mode's marker: idiomatic a circle, tuned a triangle, cached a square. */
  static Shape marker(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> new Ellipse2D.Double(-4, -4, 8, 8);
      case TUNED -> triangle();
      case CACHED -> new Rectangle2D.Double(-4, -4, 8, 8);
    };
  }

  private static Shape triangle() {
    Path2D.Double t = new Path2D.Double();
    t.moveTo(0, -5);
    t.lineTo(5, 4);
    t.lineTo(-5, 4);
    t.closePath();
    return t;
  }

  /**
   * What every chart of a run states under its title: the feed, the profile and the rounds, the limits where the run
   * was --limits off, and what this chart adds.
   */
  static String conditions(Results results, String more) {
    String feed = results.feed == null ? "a running server" : results.feed.getFileName().toString();
    return feed + " · " + results.profile.label() + " profile · servers of a mode side by side, interleaved"
        + (results.limits ? "" : " · limits off") + (more.isEmpty() ? "" : " · " + more);
  }

  /** A closed-loop scenario's: requests/s (bars at one load, lines over several), and latency by percentile at its highest load. */
  static List<Named> closedLoop(Results results, String scenario) {
    List<Rounds> groups = atRunHeap(results, scenario);
    boolean oneLoad = groups.stream().map(g -> g.step().load()).distinct().count() == 1;
    int load = groups.stream().mapToInt(g -> g.step().load()).max().orElse(-1);
    return List.of(new Named(scenario + "-requests-per-second.png", oneLoad ? throughputBars(results, scenario, groups) : throughputByUsers(results, scenario, groups)),
        new Named(scenario + "-latency.png", latencyByPercentile(results, scenario + ", " + load + " users: latency by percentile",
            groups.stream().filter(g -> g.step().load() == load).toList(), load + " users")));
  }

  /** A scenario's groups at the run's heap and its own limits setting: each server drawn once. */
  private static List<Rounds> atRunHeap(Results results, String scenario) { return results.atRunSetting(scenario); }

  /** Requests/s at one load: a group of bars per mode (and variant), a bar per framework, the rounds' range as a whisker. */
  private static JFreeChart throughputBars(Results results, String scenario, List<Rounds> groups) {
    if (groups.isEmpty()) return null;
    Bars bars = new Bars();
    for (Rounds g : groups) {
      Spread s = g.spread(Measurement::requestsPerSecond);
      if (s != null) bars.add(g.contestant(), g.group().label() + (g.step().variant().isEmpty() ? "" : ", " + g.step().variant()), s, g.clientBound() > 0);
    }
    int users = groups.get(0).step().load();
    return bars.chart(results, scenario + ": requests/s", "requests/s",
        conditions(results, users + " users · bar: median, whisker: the rounds' range · ≥: client-bound, a lower bound"));
  }

  /** Requests/s by users (log scale): a line per framework and mode, the rounds' range as whiskers. */
  private static JFreeChart throughputByUsers(Results results, String scenario, List<Rounds> groups) {
    Lines lines = new Lines(results);
    for (Rounds g : groups) {
      Spread s = g.spread(Measurement::requestsPerSecond);
      if (s != null) lines.add(g.contestant(), label(g), g.step().load(), s);
    }
    LogAxis users = new LogAxis("users");
    users.setBase(10);
    users.setTickUnit(new NumberTickUnit(1));
    users.setNumberFormatOverride(NumberFormat.getIntegerInstance(Locale.ROOT));
    users.setSmallestValue(0.5);
    NumberAxis rps = new NumberAxis("requests/s");
    return lines.chart(scenario + ": requests/s by users", users, rps,
        conditions(results, "median, whisker: the rounds' range · users on a log scale"));
  }

  static String label(Rounds g) {
    Contestant c = g.contestant();
    return c.name() + (c.mode() == Mode.IDIOMATIC ? "" : " " + c.mode().label) + (g.group().of() == 1 ? "" : " (group " + g.group().number() + ")")
        + (g.step().variant().isEmpty() ? "" : ", " + g.step().variant());
  }

  private static final List<Double> PERCENTILES = ReportSection.PERCENTILES;

  /**
   * Latency by percentile on a log scale, a line per framework and mode, ending at the maximum: medians of the rounds,
   * the rounds' range as whiskers. For a closed-loop scenario's highest load, or one rate of an open one.
   */
  private static JFreeChart latencyByPercentile(Results results, String title, List<Rounds> groups, String load) {
    Lines lines = new Lines(results);
    for (Rounds g : groups) {
      for (int i = 0; i <= PERCENTILES.size(); i++) {
        double q = i < PERCENTILES.size() ? PERCENTILES.get(i) : -1;
        Spread s = g.spread(m -> q < 0 ? m.maxLatency() : m.percentile(q));
        if (s != null && s.min() > 0) lines.add(g.contestant(), label(g), i, s);
      }
    }
    List<String> ticks = new ArrayList<>(PERCENTILES.stream().map(Format::percentile).toList());
    ticks.add("max");
    LogAxis ms = new LogAxis("ms (log scale)");
    ms.setBase(2); // a tick at every power of two: several however narrow the range
    ms.setTickUnit(new NumberTickUnit(1));
    ms.setNumberFormatOverride(NumberFormat.getIntegerInstance(Locale.ROOT));
    SymbolAxis percentiles = new SymbolAxis("percentile", ticks.toArray(String[]::new));
    percentiles.setGridBandsVisible(false);
    return lines.chart(title, percentiles, ms,
        conditions(results, load + " · median, whisker: the rounds' range"));
  }

  /** An open-model scenario's: a latency chart per rate. */
  static List<Named> latencyByPercentile(Results results, String scenario) {
    Map<Integer, List<Rounds>> byRate = new LinkedHashMap<>();
    for (Rounds g : atRunHeap(results, scenario)) byRate.computeIfAbsent(g.step().load(), k -> new ArrayList<>()).add(g);
    List<Named> charts = new ArrayList<>();
    byRate.forEach((rate, groups) -> charts.add(new Named(scenario + "-" + rate + ".png",
        latencyByPercentile(results, scenario + ": latency at " + rate + " requests/s, by percentile", groups, rate + " requests/s offered"))));
    return charts;
  }

  /** Per framework and mode, the highest RSS over its steps (median of the rounds, their range as a whisker). */
  static Named memory(Results results) {
    return memoryChart(results, "memory.png", "Server memory: highest RSS over the slices", "RSS, MB", Measurement::rssMb);
  }

  /** Per framework and mode, the highest heap left after a collection over its steps: what it holds live. */
  static Named liveHeap(Results results) {
    return memoryChart(results, "live-heap.png", "Server live heap: highest heap after GC over the slices", "heap after GC, MB",
        Measurement::heapAfterGcMb);
  }

  private static Named memoryChart(Results results, String file, String title, String axis, Function<Measurement, Double> figure) {
    Map<String, Spread> highest = new LinkedHashMap<>(); // framework|mode → the step's spread with the highest median
    Map<String, Rounds> which = new LinkedHashMap<>();
    for (String scenario : results.scenarios)
      for (Rounds g : atRunHeap(results, scenario)) {
        Spread s = g.spread(figure);
        String key = g.contestant().name() + "|" + g.group().label();
        if (s != null && (!highest.containsKey(key) || s.median() > highest.get(key).median())) {
          highest.put(key, s);
          which.put(key, g);
        }
      }
    if (highest.isEmpty()) return new Named(file, null);
    Bars bars = new Bars();
    highest.forEach((key, s) -> bars.add(which.get(key).contestant(), which.get(key).group().label(), s, false));
    return new Named(file, bars.chart(results, title, axis, conditions(results, "bar: median of the rounds, whisker: their range")));
  }

  /** A scenario run at each --heaps size: requests/s against the heap each framework was given (idiomatic). */
  static Named throughputByHeap(Results results, String scenario) {
    if (results.heaps.isEmpty()) return new Named("heaps.png", null);
    Lines lines = new Lines(results);
    Map<String, Integer> points = new LinkedHashMap<>();
    for (Rounds g : results.rounds(scenario)) {
      Contestant c = g.contestant();
      Spread s = g.spread(Measurement::requestsPerSecond);
      if (c.mode() != Mode.IDIOMATIC || c.limits() != results.limits || heapMb(c.heap()) <= 0 || s == null) continue;
      lines.add(new Contestant(c.framework(), c.revision(), c.jdk(), c.mode(), results.heap, c.limits(), c.instance()), c.name(), heapMb(c.heap()), s);
      points.merge(c.name(), 1, Integer::sum);
    }
    if (points.values().stream().allMatch(n -> n < 2)) return new Named("heaps.png", null); // one heap: nothing to chart
    return new Named("heaps.png", lines.chart(scenario + ": requests/s by heap", new NumberAxis("heap (MB)"), new NumberAxis("requests/s"),
        conditions(results, "idiomatic · median, whisker: the rounds' range")));
  }

  /** A heap's size in MB; -1 for a label that is not a size. */
  static long heapMb(String heap) {
    try {
      return new transit.server.ServerOptions.SizeConverter().convert(heap) >> 20;
    } catch (RuntimeException e) {
      return -1;
    }
  }

  /** Grouped bars: a group per category (a mode), a bar per framework in its colour, a whisker over each bar's range. */
  static final class Bars {
    private final List<String> frameworks = new ArrayList<>(), categories = new ArrayList<>();
    private final List<Contestant> servers = new ArrayList<>(); // each bar series' server, for its colour
    private final Map<String, Spread> values = new LinkedHashMap<>(); // build|category → spread
    private final Map<String, Boolean> lowerBound = new LinkedHashMap<>();

    void add(Contestant server, String category, Spread s, boolean isLowerBound) {
      String framework = server.name();
      if (!frameworks.contains(framework)) {
        frameworks.add(framework);
        servers.add(server);
      }
      if (!categories.contains(category)) categories.add(category);
      values.put(framework + "|" + category, s);
      lowerBound.put(framework + "|" + category, isLowerBound);
    }

    JFreeChart chart(Results results, String title, String axis, String subtitle) {
      if (values.isEmpty()) return null;
      DefaultCategoryDataset medians = new DefaultCategoryDataset();
      Number[][] low = new Number[frameworks.size()][categories.size()], high = new Number[frameworks.size()][categories.size()];
      for (int f = 0; f < frameworks.size(); f++)
        for (int c = 0; c < categories.size(); c++) {
          Spread s = values.get(frameworks.get(f) + "|" + categories.get(c));
          medians.addValue(s == null ? null : s.median(), frameworks.get(f), categories.get(c));
          low[f][c] = s == null ? null : s.min();
          high[f][c] = s == null ? null : s.max();
        }
      CategoryPlot plot = new CategoryPlot(medians, new CategoryAxis(), new NumberAxis(axis), new BarRenderer());
      BarRenderer bars = (BarRenderer) plot.getRenderer();
      bars.setBarPainter(new StandardBarPainter());
      bars.setShadowVisible(false);
      bars.setItemMargin(0.05);
      IntervalBarRenderer whiskers = new IntervalBarRenderer();
      whiskers.setBarPainter(new StandardBarPainter());
      whiskers.setShadowVisible(false);
      whiskers.setItemMargin(0.05);
      whiskers.setMaximumBarWidth(0.006);
      // each bar's median over its whisker, where no whisker crosses it
      whiskers.setDefaultItemLabelsVisible(true);
      whiskers.setDefaultItemLabelFont(TEXT.deriveFont(10f));
      whiskers.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER));
      whiskers.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator() {
        @Override
        public String generateLabel(CategoryDataset dataset, int row, int column) {
          String key = dataset.getRowKey(row) + "|" + dataset.getColumnKey(column);
          Spread s = values.get(key);
          return s == null ? null : (Boolean.TRUE.equals(lowerBound.get(key)) ? "≥" : "") + Format.count(s.median());
        }
      });
      for (int f = 0; f < frameworks.size(); f++) {
        bars.setSeriesPaint(f, colour(results, servers.get(f)));
        whiskers.setSeriesPaint(f, Color.DARK_GRAY);
        whiskers.setSeriesVisibleInLegend(f, false);
      }
      plot.setDataset(1, new DefaultIntervalCategoryDataset(frameworks.toArray(String[]::new), categories.toArray(String[]::new), low, high));
      plot.setRenderer(1, whiskers);
      plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
      plot.getRangeAxis().setUpperMargin(0.12); // room for the labels over the tallest bar
      return finish(new JFreeChart(title, TEXT.deriveFont(Font.BOLD, 15f), plot, true), subtitle);
    }
  }

  /** Lines over a numeric axis: a line per framework and mode (its colour, the mode's stroke and marker), each point's range as a whisker. */
  static final class Lines {
    private final Results results;
    private final YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    private final List<Contestant> servers = new ArrayList<>();

    Lines(Results results) { this.results = results; }

    /** A point of the line named name, drawn in its server's colour and its mode's stroke. */
    void add(Contestant server, String name, double x, Spread s) {
      int i = data.indexOf(name);
      YIntervalSeries series;
      if (i < 0) {
        series = new YIntervalSeries(name);
        data.addSeries(series);
        servers.add(server);
      } else series = data.getSeries(i);
      series.add(x, s.median(), s.min(), s.max());
    }

    JFreeChart chart(String title, ValueAxis x, ValueAxis y, String subtitle) {
      if (data.getSeriesCount() == 0) return null;
      XYErrorRenderer renderer = new XYErrorRenderer();
      renderer.setDrawXError(false);
      renderer.setCapLength(6);
      renderer.setErrorStroke(new BasicStroke(1f));
      for (int i = 0; i < data.getSeriesCount(); i++) {
        renderer.setSeriesPaint(i, colour(results, servers.get(i)));
        renderer.setSeriesStroke(i, stroke(servers.get(i).mode()));
        renderer.setSeriesShape(i, marker(servers.get(i).mode()));
        renderer.setSeriesLinesVisible(i, true);
        renderer.setSeriesShapesVisible(i, true);
      }
      XYPlot plot = new XYPlot(data, x, y, renderer);
      return finish(new JFreeChart(title, TEXT.deriveFont(Font.BOLD, 15f), plot, true), subtitle);
    }
  }

  /** Every chart's look: white, its conditions under the title, the legend on the right. */
  static JFreeChart finish(JFreeChart chart, String subtitle) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.getPlot().setBackgroundPaint(Color.WHITE);
    if (chart.getPlot() instanceof XYPlot xy) grid(xy::setDomainGridlinePaint, xy::setRangeGridlinePaint);
    if (chart.getPlot() instanceof CategoryPlot c) grid(p -> {}, c::setRangeGridlinePaint);
    chart.addSubtitle(0, new TextTitle(subtitle, TEXT));
    LegendTitle legend = chart.getLegend();
    if (legend != null) {
      legend.setPosition(RectangleEdge.RIGHT);
      legend.setItemFont(TEXT);
    }
    return chart;
  }

  private static void grid(java.util.function.Consumer<java.awt.Paint> domain, java.util.function.Consumer<java.awt.Paint> range) {
    domain.accept(Color.LIGHT_GRAY);
    range.accept(Color.LIGHT_GRAY);
  }
}
