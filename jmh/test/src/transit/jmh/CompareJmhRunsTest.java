package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Two runs compared row by row: a row agrees when it holds in both and the scores differ by at most 10 %. */
class CompareJmhRunsTest {
  private static ArrayNode run(double... jacksonCirceStreaming) {
    ArrayNode results = new ObjectMapper().createArrayNode();
    String[] methods = {"jackson", "circe", "streaming"};
    for (int i = 0; i < jacksonCirceStreaming.length; i++) {
      ObjectNode r = results.addObject();
      r.put("benchmark", "transit.jmh.SerializationBenchmark." + methods[i]).put("mode", "thrpt").put("forks", 3)
          .put("warmupIterations", 5).put("warmupTime", "2 s").put("measurementIterations", 5).put("measurementTime", "2 s");
      r.putObject("params").put("route", "large");
      // circe's error is 20 %, the others' 2 %
      r.putObject("primaryMetric").put("score", jacksonCirceStreaming[i]).put("scoreUnit", "ops/s")
          .put("scoreError", jacksonCirceStreaming[i] * (i == 1 ? 0.2 : 0.02));
    }
    return results;
  }

  @Test
  void rowsAgreeWhenTheyHoldInBothRunsAndDifferByAtMostTenPercent() {
    String comparison = CompareJmhRuns.markdown("a", run(20, 5, 40), "b", run(21, 5, 30));
    assertTrue(comparison.startsWith("**1 of 3 rows hold in both runs and agree within 10 %**"), comparison);
    assertTrue(line(comparison, "jackson").endsWith("| +5.0 % | ✓ |"), comparison);
    assertTrue(line(comparison, "circe").endsWith("| +0.0 % | ✗ error over 10 % |"), comparison);
    assertTrue(line(comparison, "streaming").endsWith("| -25.0 % | ✗ runs differ by over 10 % |"), comparison);
  }

  @Test
  void aRowOnlyOneRunHasIsListedAndDoesNotAgree() {
    String comparison = CompareJmhRuns.markdown("a", run(20, 5, 40), "b", run(20));
    assertTrue(comparison.startsWith("**1 of 3 rows"), comparison);
    assertTrue(line(comparison, "streaming").endsWith("| ✗ only in the first |"), comparison);
  }

  private static String line(String markdown, String method) {
    return Arrays.stream(markdown.split("\n")).filter(l -> l.contains("SerializationBenchmark." + method + " ")).findFirst().orElseThrow();
  }
}
