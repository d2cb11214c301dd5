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
        (feed, route) -> new Summary.Route(route + ": R1 (3 trips)", 1_000_000));
  }

  private static final Map<String, String> LARGE = Map.of("feed", "brooklyn", "route", "large");

  private void encoders() {
    result("SerializationBenchmark.jackson", "thrpt", LARGE, 20, 1, "ops/s"); // 5 %
    result("SerializationBenchmark.circe", "thrpt", LARGE, 5, 1, "ops/s"); // 20 %
    result("SerializationBenchmark.streaming", "thrpt", LARGE, 40, 2, "ops/s"); // 5 %, but drifting
    result("SerializationBenchmark.upickle", "thrpt", LARGE, 10, Double.NaN, "ops/s");
    iterations("SerializationBenchmark.jackson", LARGE, new double[] {5, 19, 20, 21, 20}, new double[] {8, 20, 19, 20, 21});
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
    assertTrue(lines.get("jackson").contains("| 5 % |") && lines.get("jackson").endsWith("| ✓ |"), lines.get("jackson"));
    assertTrue(lines.get("circe").contains("| **20 %** |") && lines.get("circe").endsWith("| ✗ error over 10 % |"), lines.get("circe"));
    assertTrue(lines.get("streaming").contains("at measured 2 of 3") && lines.get("streaming").endsWith("| ✗ still drifting |"),
        lines.get("streaming"));
    assertTrue(lines.get("upickle").endsWith("| ✗ no error margin |"), lines.get("upickle"));
    assertTrue(lines.get("jackson").contains("| 18.0 | 20.0 |"), "min and median beside the mean: " + lines.get("jackson"));
    assertTrue(lines.get("jackson").contains("| after 1 of 2 warm-ups |"), lines.get("jackson"));
    assertTrue(lines.get("jackson").contains("| 1 % |"), "JIT: 20 ms of each 2,000 ms measured: " + lines.get("jackson"));
    assertTrue(lines.get("jackson").contains("| 20.0 |") && lines.get("jackson").contains("| 1.0 MB |"), "MB/s and response size");
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
    // throughput: circe's over Jackson's, 0.25×; 20 % and 5 % give 20.6 %
    assertEquals("| SerializationBenchmark.circe vs jackson | feed=brooklyn, large: R1 (3 trips) | 0.25× | ± 0.0515 | **21 %** | ✗ |",
        ratios.get("SerializationBenchmark.circe vs jackson"));
    // within 5 % and 5 %, but streaming was still drifting
    assertTrue(ratios.get("SerializationBenchmark.jackson vs streaming").endsWith("| 7.1 % | ✗ |"),
        ratios.get("SerializationBenchmark.jackson vs streaming"));
    assertFalse(ratios.containsKey("SerializationBenchmark.upickle vs circe"), "only the listed comparisons");
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

  /** The class tables' rows, by benchmark method. */
  private static Map<String, String> tableLines(String markdown) {
    Map<String, String> lines = new TreeMap<>();
    for (String line : markdown.split("\n"))
      if (line.startsWith("| ") && !line.startsWith("| Benchmark") && !line.contains(" vs ")) lines.put(line.substring(2, line.indexOf(" |")), line);
    return lines;
  }

  private static Map<String, String> ratioLines(String markdown) {
    Map<String, String> lines = new TreeMap<>();
    for (String line : markdown.split("\n")) if (line.contains(" vs ")) lines.put(line.substring(2, line.indexOf(" |")), line);
    return lines;
  }
}
