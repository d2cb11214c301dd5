package transit.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import transit.measure.Markdown;

/**
 * summary.md, computed from JMH's JSON results and the iteration log: a verdict at the top (how many rows hold
 * within 10 % and had settled before measurement), the conditions, the ratios that matter with their own
 * margins, then a table per benchmark class with mean, error as a percentage, min and median, the steady-state
 * check, the JIT's share of the measured time and the allocation per operation. A row whose error exceeds 10 %
 * of its score, or which was still drifting when measured, is marked not to be compared.
 */
final class Summary {
  /** A row whose 99.9 % error margin exceeds this share of its score cannot rank anything. */
  static final double COMPARABLE_ERROR = 0.10;

  /**
   * A ratio worth reading, as the subject's speed relative to the baseline's (above 1: the subject is faster), for
   * every pair of rows whose parameters agree (the subject may have more: each framework's encoder against the one
   * streaming writer). Names are Class.method.
   */
  record Ratio(String subject, String baseline) {}

  static final List<Ratio> RATIOS = List.of(
      new Ratio("FeedLoadBenchmark.columnar", "FeedLoadBenchmark.objects"),
      new Ratio("QueryBenchmark.schedules", "SqliteQueryBenchmark.schedules"),
      new Ratio("SerializationBenchmark.encode", "SerializationBenchmark.streaming"));

  /** A route as the summary names it, with the size of its /schedules response. */
  record Route(String label, long responseBytes) {}

  /** One benchmark and parameter set: JMH's result, with what the iteration log says about it. */
  record Row(String benchmark, String mode, Map<String, String> params, double score, double error, String unit,
      double min, double median, int forks, String settings, double alloc, SteadyState.Verdict steady, double jitShare) {
    String className() { return benchmark.substring(0, benchmark.indexOf('.')); }

    String method() { return benchmark.substring(benchmark.indexOf('.') + 1); }

    double errorShare() { return error / score; }

    boolean withinError() { return !Double.isNaN(error) && Math.abs(errorShare()) <= COMPARABLE_ERROR; }

    boolean settled() { return steady == null || steady.settledBeforeMeasurement(); }

    boolean comparable() { return withinError() && settled(); }

    /** Higher is faster: throughput as it is, times inverted. */
    boolean higherIsFaster() { return mode.equals("thrpt"); }
  }

  private final List<Row> rows;
  private final List<String> head, conditions, notes;
  private final Map<String, RetainedHeap> retained;
  private final BiFunction<String, String, Route> routes;
  private final Map<String, String> frameworks;
  private final Map<String, Route> routeCache = new LinkedHashMap<>();
  private final StringBuilder out = new StringBuilder();

  /**
   * @param results JMH's JSON results (an array, as -rf json writes it)
   * @param iterations every iteration of the run, warm-up included
   * @param head the title and command lines, above the verdict
   * @param conditions one line each: machine, CPUs, flags, feeds
   * @param routes (feed, route parameter) to the route's label and response size, for the encoders' MB/s
   * @param frameworks a framework's name to its label in the tables ("http4s: circe 0.14.16")
   */
  Summary(JsonNode results, List<IterationLog.Iteration> iterations, List<String> head, List<String> conditions,
      List<String> notes, Map<String, RetainedHeap> retained, BiFunction<String, String, Route> routes, Map<String, String> frameworks) {
    this.rows = rows(results, iterations);
    this.head = head;
    this.conditions = conditions;
    this.notes = notes;
    this.retained = retained;
    this.routes = routes;
    this.frameworks = frameworks;
  }

  List<Row> rows() { return rows; }

  static List<Row> rows(JsonNode results, List<IterationLog.Iteration> iterations) {
    Map<String, List<IterationLog.Iteration>> byRow = new LinkedHashMap<>();
    for (IterationLog.Iteration i : iterations)
      if (!i.fork().startsWith("w")) byRow.computeIfAbsent(key(i.benchmark(), i.mode(), i.params()), k -> new ArrayList<>()).add(i);
    List<Row> rows = new ArrayList<>();
    for (JsonNode r : results) {
      String benchmark = r.get("benchmark").asText();
      Map<String, String> params = new TreeMap<>();
      if (r.has("params")) r.get("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
      JsonNode primary = r.get("primaryMetric");
      int warmups = r.get("warmupIterations").asInt();
      List<IterationLog.Iteration> logged = byRow.getOrDefault(key(benchmark, r.get("mode").asText(), params), List.of());
      JsonNode alloc = r.path("secondaryMetrics").path(IterationLog.ALLOC);
      rows.add(new Row(shortName(benchmark), r.get("mode").asText(), params, primary.get("score").asDouble(),
          number(primary.get("scoreError")), primary.get("scoreUnit").asText(),
          primary.path("scorePercentiles").path("0.0").asDouble(Double.NaN),
          primary.path("scorePercentiles").path("50.0").asDouble(Double.NaN), r.get("forks").asInt(), settings(r),
          alloc.isMissingNode() ? Double.NaN : alloc.get("score").asDouble(), steadyState(logged, warmups), jitShare(logged)));
    }
    return rows;
  }

  private static String key(String benchmark, String mode, Map<String, String> params) {
    return benchmark + " " + mode + " " + new TreeMap<>(params);
  }

  /** JMH writes "NaN" as a string when it has too few samples for an error. */
  private static double number(JsonNode node) { return node == null || !node.isNumber() ? Double.NaN : node.asDouble(); }

  private static String shortName(String benchmark) {
    int method = benchmark.lastIndexOf('.'), clazz = benchmark.lastIndexOf('.', method - 1);
    return benchmark.substring(clazz + 1);
  }

  /** "3 forks × (5 × 2 s warm-up + 5 × 2 s measured)"; single shots have no iteration time. */
  private static String settings(JsonNode r) {
    boolean shots = r.get("mode").asText().equals("ss");
    String warmup = r.get("warmupIterations").asInt() + (shots ? "" : " × " + r.get("warmupTime").asText());
    String measured = r.get("measurementIterations").asInt() + (shots ? "" : " × " + r.get("measurementTime").asText());
    int forks = r.get("forks").asInt();
    return forks + " fork" + (forks == 1 ? "" : "s") + " × (" + warmup + " warm-up + " + measured + " measured" + (shots ? " shots)" : ")");
  }

  /** Null when the log holds no iteration of the row (results from elsewhere). */
  private static SteadyState.Verdict steadyState(List<IterationLog.Iteration> logged, int warmups) {
    Map<String, List<Double>> forks = new LinkedHashMap<>();
    for (IterationLog.Iteration i : logged) forks.computeIfAbsent(i.fork(), f -> new ArrayList<>()).add(i.score());
    forks.values().removeIf(series -> series.size() <= warmups); // a fork that broke off before measuring
    return forks.isEmpty() ? null : SteadyState.of(new ArrayList<>(forks.values()), warmups);
  }

  /** The JIT compilers' time in the measured iterations, as a share of their wall time; NaN without -prof comp. */
  private static double jitShare(List<IterationLog.Iteration> logged) {
    double jit = 0, wall = 0;
    for (IterationLog.Iteration i : logged) {
      if (i.warmup()) continue;
      if (Double.isNaN(i.jitMillis())) return Double.NaN;
      jit += i.jitMillis();
      wall += i.wallMillis();
    }
    return wall > 0 ? jit / wall : Double.NaN;
  }

  /** The first line after the title: how many rows hold. */
  String verdict() {
    long within = rows.stream().filter(Row::withinError).count(), settled = rows.stream().filter(Row::settled).count();
    String verdict = "**" + within + " of " + rows.size() + " rows within " + percent(COMPARABLE_ERROR) + "**";
    verdict += " (the 99.9 % error margin at most " + percent(COMPARABLE_ERROR) + " of the score); " + settled + " of "
        + rows.size() + " settled before measurement.";
    long marked = rows.stream().filter(r -> !r.comparable()).count();
    return verdict + (marked == 0 ? " Every row can be compared." : " The " + marked + " row" + (marked == 1 ? "" : "s")
        + " marked ✗ are not to be compared.");
  }

  String markdown() {
    head.forEach(this::line);
    line("");
    if (rows.isEmpty()) {
      line("No benchmark gave a result; JMH's output says why.");
      return out.toString();
    }
    line(verdict());
    line("");
    line("## Conditions");
    line("");
    conditions.forEach(c -> line("- " + c));
    ratios();
    Map<String, List<Row>> byClass = new TreeMap<>(); // by name puts the load first
    for (Row r : rows) byClass.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r);
    byClass.forEach(this::table);
    line("");
    line("## Notes");
    line("");
    line("- Score: the mean of the measured iterations (of the shots, for single-shot rows), over all forks. Error: JMH's"
        + " 99.9 % confidence half-width of that mean; blank when there are too few samples for one.");
    line("- Settled: the steady-state check on each fork's iterations, warm-up included (iterations.csv): from which"
        + " iteration on every score, taken as the median of itself and its two neighbours (one scattered iteration is"
        + " noise, two in a row are drift), stays within " + percent(SteadyState.TOLERANCE) + " of the fork's measured"
        + " median, for the slowest fork. A row that settled only during measurement is marked ✗.");
    if (rows.stream().anyMatch(r -> !Double.isNaN(r.jitShare())))
      line("- JIT: the compilers' elapsed time in the measured iterations (-prof comp) as a share of those iterations'"
          + " wall time. Near 0 once the code is compiled; the forks' compiler threads share the benchmark's core, so"
          + " anything above that is time taken from the benchmark (elapsed, so it overstates the CPU when the core is shared).");
    if (rows.stream().anyMatch(r -> !Double.isNaN(r.alloc())))
      line("- Allocated per op: -prof gc's gc.alloc.rate.norm; for a single shot, everything one load allocates.");
    line("- Ratios: speed relative to the baseline (above 1× the subject is faster), the two rows' relative errors"
        + " combined in quadrature.");
    notes.forEach(n -> line("- " + n));
    return out.toString();
  }

  private void ratios() {
    Markdown.Table table = new Markdown.Table(List.of("Comparison", "Parameters", "Speed ratio", "Error", "Error %", ""));
    boolean any = false;
    for (Ratio r : RATIOS) {
      for (Row subject : rows) {
        if (!subject.benchmark().equals(r.subject())) continue;
        Row baseline = rows.stream().filter(b -> b.benchmark().equals(r.baseline()) && subject.params().entrySet().containsAll(b.params().entrySet())
            && b.mode().equals(subject.mode())).findFirst().orElse(null);
        if (baseline == null) continue;
        Speed speed = Speed.of(subject, baseline);
        table.row(List.of(subject.benchmark() + " vs " + baseline.method(), paramsLabel(subject), times(speed.value()),
            Double.isNaN(speed.error()) ? "" : "± " + number(speed.error()), share(speed.errorShare()),
            mark(!Double.isNaN(speed.error()) && speed.errorShare() <= COMPARABLE_ERROR && subject.settled() && baseline.settled())));
        any = true;
      }
    }
    if (!any) return;
    line("");
    line("## Ratios");
    line("");
    out.append(table);
  }

  /** The subject's speed relative to the baseline's, with the two relative errors combined in quadrature. */
  record Speed(double value, double error) {
    static Speed of(Row subject, Row baseline) {
      double value = subject.higherIsFaster() ? subject.score() / baseline.score() : baseline.score() / subject.score();
      double relative = Math.hypot(subject.errorShare(), baseline.errorShare());
      return new Speed(value, value * relative);
    }

    double errorShare() { return error / value; }
  }

  private void table(String clazz, List<Row> classRows) {
    line("");
    line("## " + clazz);
    line("");
    Set<String> settings = classRows.stream().map(r -> modeLabel(r.mode()) + "; " + r.settings()).collect(Collectors.toCollection(LinkedHashSet::new));
    if (settings.size() == 1) line(settings.iterator().next() + ".");
    else classRows.stream().collect(Collectors.toMap(Row::method, r -> modeLabel(r.mode()) + "; " + r.settings(), (a, b) -> a, LinkedHashMap::new))
        .forEach((method, s) -> line("- " + method + ": " + s + "."));
    line("");
    List<String> keys = classRows.stream().flatMap(r -> r.params().keySet().stream()).distinct().toList();
    boolean encoder = clazz.equals(SerializationBenchmark.class.getSimpleName());
    boolean jit = classRows.stream().anyMatch(r -> !Double.isNaN(r.jitShare()));
    boolean alloc = classRows.stream().anyMatch(r -> !Double.isNaN(r.alloc()));
    List<String> header = new ArrayList<>(List.of("Benchmark"));
    header.addAll(keys);
    header.addAll(List.of("Score", "Error", "Error %", "Min", "Median", "Units", "Settled"));
    if (jit) header.add("JIT");
    if (encoder) header.addAll(List.of("Response", "MB/s"));
    if (alloc) header.add("Allocated per op");
    header.add("");
    Markdown.Table table = new Markdown.Table(header);
    for (Row r : classRows) {
      List<String> cells = new ArrayList<>(List.of(r.method()));
      for (String key : keys) cells.add(paramLabel(r, key));
      cells.addAll(List.of(number(r.score()), Double.isNaN(r.error()) ? "" : "± " + number(r.error()), share(r.errorShare()),
          number(r.min()), number(r.median()), r.unit(), r.steady() == null ? "" : r.steady().describe()));
      if (jit) cells.add(Double.isNaN(r.jitShare()) ? "" : percent(r.jitShare()));
      if (encoder) { // ops/s times the response's size
        double megabytesPerOp = route(r).responseBytes() / 1e6;
        boolean perSecond = r.unit().equals("ops/s");
        cells.add(megabytes(route(r).responseBytes()));
        cells.add(perSecond ? number(r.score() * megabytesPerOp) : "");
      }
      if (alloc) cells.add(Double.isNaN(r.alloc()) ? "" : megabytes((long) r.alloc()));
      cells.add(mark(r));
      table.row(cells);
    }
    out.append(table);
    if (clazz.equals(FeedLoadBenchmark.class.getSimpleName()) && !retained.isEmpty()) retainedTable();
  }

  private static String mark(Row r) {
    if (r.comparable()) return "✓";
    List<String> why = new ArrayList<>();
    if (!r.withinError()) why.add(Double.isNaN(r.error()) ? "no error margin" : "error over " + percent(COMPARABLE_ERROR));
    if (!r.settled()) why.add("still drifting");
    return "✗ " + String.join(", ", why);
  }

  private static String mark(boolean holds) { return holds ? "✓" : "✗"; }

  private void retainedTable() {
    line("");
    line("Heap retained by the loaded feed (used heap after a full GC, less the same before the load):");
    line("");
    Markdown.Table table = new Markdown.Table(List.of("feed", "columnar (FeedLoader.load)", "objects (BaselineFeed)", "objects / columnar"));
    retained.forEach((feed, heap) -> table.row(List.of(feed, megabytes(heap.columnarBytes()), megabytes(heap.objectsBytes()),
        times((double) heap.objectsBytes() / heap.columnarBytes()))));
    out.append(table);
  }

  private Route route(Row r) {
    String feed = r.params().get("feed"), route = r.params().get("route");
    return routeCache.computeIfAbsent(feed + "\n" + route, k -> routes.apply(feed, route));
  }

  private String paramsLabel(Row r) {
    List<String> labels = new ArrayList<>();
    r.params().forEach((k, v) -> labels.add(k.equals("route") && r.params().containsKey("feed") || k.equals("framework") ? paramLabel(r, k) : k + "=" + v));
    return String.join(", ", labels);
  }

  /** A parameter's value as a reader wants it: a route with its id and trips, a framework with its JSON library. */
  private String paramLabel(Row r, String key) {
    String value = r.params().getOrDefault(key, "");
    if (key.equals("route") && r.params().containsKey("feed")) return route(r).label();
    if (key.equals("framework")) return frameworks.getOrDefault(value, value);
    return value;
  }

  private static String modeLabel(String mode) {
    return switch (mode) {
      case "thrpt" -> "Throughput, ops/time";
      case "avgt" -> "Average time, time/op";
      case "ss" -> "Single shot, time per shot";
      case "sample" -> "Sampling time";
      default -> mode;
    };
  }

  static String number(double value) {
    if (Double.isNaN(value)) return "";
    double abs = Math.abs(value);
    return abs >= 100 ? String.format("%,.0f", value) : abs >= 10 ? String.format("%.1f", value)
        : abs >= 1 ? String.format("%.2f", value) : String.format("%.3g", value);
  }

  private static String times(double ratio) { return Double.isNaN(ratio) ? "" : String.format("%.2f×", ratio); }

  static String percent(double share) {
    double p = share * 100;
    return (p >= 10 || p == Math.rint(p) ? String.format("%.0f", p) : String.format("%.1f", p)) + " %";
  }

  /** An error share: blank when unknown, bold above the limit. */
  private static String share(double share) {
    if (Double.isNaN(share)) return "";
    return Math.abs(share) > COMPARABLE_ERROR ? "**" + percent(Math.abs(share)) + "**" : percent(Math.abs(share));
  }

  static String megabytes(long bytes) {
    return bytes >= 1_000_000 ? String.format("%.1f MB", bytes / 1e6) : bytes >= 1000 ? String.format("%.1f KB", bytes / 1e3)
        : bytes + " B";
  }

  private void line(String text) { out.append(text).append('\n'); }
}
