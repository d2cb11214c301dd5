package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The summary's verdict, marks and ratios, computed from a fixture of JMH results (shaped as -rf json writes them)
 * and of iterations (as the log records them).
 */
class SummaryTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ArrayNode results = JSON.createArrayNode();
  private final List<IterationLog.Iteration> iterations = new ArrayList<>();

  /** One JMH result row: 2 forks × (2 warm-up + 3 measured) iterations; error NaN is written as JMH writes it. */
  private void result(String benchmark, String mode, Map<String, String> params, double score, double error, String unit) {
    ObjectNode r = results.addObject();
    r.put("benchmark", "transit.jmh." + benchmark).put("mode", mode).put("forks", 2)
        .put("warmupIterations", 2).put("warmupTime", "2 s").put("measurementIterations", 3).put("measurementTime", "2 s");
    ObjectNode p = r.putObject("params");
    params.forEach(p::put);
    ObjectNode primary = r.putObject("primaryMetric").put("score", score).put("scoreUnit", unit);
    if (Double.isNaN(error)) primary.put("scoreError", "NaN");
    else primary.put("scoreError", error);
    primary.putObject("scorePercentiles").put("0.0", score * 0.9).put("50.0", score);
    r.putObject("secondaryMetrics").putObject(IterationLog.ALLOC).put("score", 2_000_000.0);
  }

  /** Each fork's two warm-up scores, then its three measured ones. */
  private void iterations(String benchmark, Map<String, String> params, double[]... forks) {
    for (int f = 0; f < forks.length; f++)
      for (int i = 0; i < forks[f].length; i++)
        iterations.add(new IterationLog.Iteration("transit.jmh." + benchmark, "thrpt", new TreeMap<>(params), Integer.toString(f + 1),
            i < 2, i < 2 ? i + 1 : i - 1, forks[f][i], "ops/s", 2000, i < 2 ? 300 : 20, 1000));
  }

  private Summary summary() {
    return new Summary(results, iterations, List.of("# title"), List.of("CPUs: a fixture"), List.of(), Map.of(),
        (feed, route) -> new Summary.Route(route + ": R1 (3 trips)", 1_000_000),
        Map.of("javalin", "javalin: Jackson", "http4s", "http4s: circe", "cask", "cask: upickle"));
  }

  private static final Map<String, String> LARGE = Map.of("feed", "brooklyn", "route", "large");

  private static Map<String, String> large(String framework) { return Map.of("feed", "brooklyn", "route", "large", "framework", framework); }

  private void encoders() {
    result("SerializationBenchmark.encode", "thrpt", large("javalin"), 20, 1, "ops/s"); // 5 %
    result("SerializationBenchmark.encode", "thrpt", large("http4s"), 5, 1, "ops/s"); // 20 %
    result("SerializationBenchmark.streaming", "thrpt", LARGE, 40, 2, "ops/s"); // 5 %, but drifting
    result("SerializationBenchmark.encode", "thrpt", large("cask"), 10, Double.NaN, "ops/s");
    iterations("SerializationBenchmark.encode", large("javalin"), new double[] {5, 19, 20, 21, 20}, new double[] {8, 20, 19, 20, 21});
    iterations("SerializationBenchmark.streaming", LARGE, new double[] {10, 20, 30, 40, 41}, new double[] {38, 40, 40, 41, 40});
  }

  @Test
  void theVerdictCountsRowsWithinTenPercentAndRowsThatSettled() {
    encoders();
    Summary summary = summary();
    assertTrue(summary.verdict().startsWith("**2 of 4 rows within 10 %**"), summary.verdict());
    assertTrue(summary.verdict().contains("3 of 4 settled before measurement"), summary.verdict());
    assertTrue(summary.verdict().contains("The 3 rows marked ✗ are not to be compared"), summary.verdict());
    String markdown = summary.markdown();
    assertTrue(markdown.indexOf(summary.verdict()) < markdown.indexOf("## Conditions"), "the verdict comes first:\n" + markdown);
  }

  @Test
  void eachRowShowsItsErrorAsAShareOfItsScoreAndWhyItIsMarked() {
    encoders();
    Map<String, String> lines = tableLines(summary().markdown());
    String jackson = lines.get("encode javalin: Jackson"), circe = lines.get("encode http4s: circe"), streaming = lines.get("streaming ");
    assertTrue(jackson.contains("| 5 % |") && jackson.endsWith("| ✓ |"), jackson);
    assertTrue(circe.contains("| **20 %** |") && circe.endsWith("| ✗ error over 10 % |"), circe);
    assertTrue(streaming.contains("at measured 2 of 3") && streaming.endsWith("| ✗ still drifting |"), streaming);
    assertTrue(lines.get("encode cask: upickle").endsWith("| ✗ no error margin |"), lines.get("encode cask: upickle"));
    assertTrue(jackson.contains("| 18.0 | 20.0 |"), "min and median beside the mean: " + jackson);
    assertTrue(jackson.contains("| after 1 of 2 warm-ups |"), jackson);
    assertTrue(jackson.contains("| 1 % |"), "JIT: 20 ms of each 2,000 ms measured: " + jackson);
    assertTrue(jackson.contains("| 20.0 |") && jackson.contains("| 1.0 MB |"), "MB/s and response size");
  }

  @Test
  void ratiosCarryBothRowsErrors() {
    Map<String, String> small = Map.of("feed", "brooklyn");
    result("FeedLoadBenchmark.columnar", "ss", small, 1000, 50, "ms/op");
    result("FeedLoadBenchmark.objects", "ss", small, 2000, 100, "ms/op");
    encoders();
    Map<String, String> ratios = ratioLines(summary().markdown());
    // times: objects' time over columnar's, 2×; relative errors 5 % and 5 % give 7.1 %
    assertEquals("| FeedLoadBenchmark.columnar vs objects | feed=brooklyn | 2.00× | ± 0.141 | 7.1 % | ✓ |",
        ratios.get("FeedLoadBenchmark.columnar vs objects"));
    // throughput: circe's over the streaming writer's, 0.125×; 20 % and 5 % give 20.6 %
    assertEquals("| SerializationBenchmark.encode vs streaming | feed=brooklyn, http4s: circe, large: R1 (3 trips) | 0.13× | ± 0.0258 | **21 %** | ✗ |",
        ratios.get("SerializationBenchmark.encode vs streaming http4s"));
    // within 5 % and 5 %, but streaming was still drifting
    assertTrue(ratios.get("SerializationBenchmark.encode vs streaming javalin").endsWith("| 7.1 % | ✗ |"),
        ratios.get("SerializationBenchmark.encode vs streaming javalin"));
    assertEquals(4, ratios.size(), "only the listed comparisons, each encoder against the streaming writer: " + ratios.keySet());
  }

  @Test
  void rowsWithoutLoggedIterationsAreJudgedOnTheirErrorAlone() {
    result("QueryBenchmark.schedules", "avgt", Map.of("feed", "brooklyn", "route", "large", "date", "none"), 5000, 100, "us/op");
    Summary summary = summary();
    assertTrue(summary.rows().get(0).comparable());
    assertTrue(summary.verdict().contains("Every row can be compared"), summary.verdict());
  }

  @Test
  void anEmptyRunSaysSo() {
    assertTrue(summary().markdown().contains("No benchmark gave a result"));
  }

  /** The encoders' table rows, by benchmark method and framework cell ("encode javalin: Jackson", "streaming "). */
  private static Map<String, String> tableLines(String markdown) {
    Map<String, String> lines = new TreeMap<>();
    for (String line : markdown.split("\n")) {
      if (!line.startsWith("| ") || line.startsWith("| Benchmark") || line.contains(" vs ") || line.startsWith("|---")) continue;
      String[] cells = line.split(" \\| ");
      lines.put(cells[0].substring(2) + " " + (cells.length > 2 ? cells[2] : ""), line);
    }
    return lines;
  }

  /** The ratios, by comparison and, for an encoder, its framework. */
  private static Map<String, String> ratioLines(String markdown) {
    Map<String, String> lines = new TreeMap<>();
    for (String line : markdown.split("\n")) {
      if (!line.contains(" vs ")) continue;
      String key = line.substring(2, line.indexOf(" |"));
      java.util.regex.Matcher framework = java.util.regex.Pattern.compile(", (\\w+): ").matcher(line);
      lines.put(key + (framework.find() ? " " + framework.group(1) : ""), line);
    }
    return lines;
  }
}
