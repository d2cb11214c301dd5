package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import transit.Fixtures;

/**
 * Every benchmark runs and gives a result, through the main `./mill jmh.runJmh` uses: one short iteration on
 * the tiny feed, zipped, one route. It checks that the suite runs, not how fast.
 */
class SmokeTest {
  @Test
  void everyBenchmarkRunsOnceAndTheSummaryIsWritten(@TempDir Path results) throws Exception {
    Path tiny = Fixtures.zip(Fixtures.tinyFeed(), "");
    try {
      Path dir = RunJmh.run(results, "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true", "-v", "SILENT",
          "-p", "feed=" + tiny, "-p", "route=large");
      Set<String> ran = new TreeSet<>();
      for (JsonNode result : new ObjectMapper().readTree(dir.resolve("results.json").toFile())) {
        ran.add(result.get("benchmark").asText());
        assertTrue(result.get("primaryMetric").get("score").asDouble() > 0, result.toString());
      }
      Set<String> all = new TreeSet<>();
      for (BenchmarkListEntry b : BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of()))
        all.add(b.getUsername());
      assertEquals(all, ran);
      String summary = Files.readString(results.resolve("latest").resolve("summary.md"));
      for (String clazz : List.of("FeedLoadBenchmark", "SerializationBenchmark", "QueryBenchmark", "SqliteImportBenchmark", "SqliteQueryBenchmark"))
        assertTrue(summary.contains("## " + clazz), clazz + " missing in summary.md:\n" + summary);
      assertTrue(summary.contains("Heap retained"), summary);
    } finally {
      Files.deleteIfExists(SqliteSchedules.cached(tiny)); // the query benchmark's database of this zip
    }
  }
}
