package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
  void helpPrintsTheUsageRatherThanJmhsRefusal() throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.PrintStream stdout = System.out;
    System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      RunJmh.main(new String[] {"--help"});
    } finally {
      System.setOut(stdout);
    }
    String usage = out.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(usage.startsWith("Usage: ./mill jmh.runJmh"), usage);
    assertTrue(usage.contains("--compare=RUN RUN"), usage);
    assertTrue(usage.contains("--full"), usage);
  }

  @Test
  void everyBenchmarkRunsOnceAndTheSummaryIsWritten(@TempDir Path results) throws Exception {
    Path tiny = Fixtures.zip(Fixtures.tinyFeed(), "");
    try {
      Path dir = RunJmh.run(results, false, "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true", "-v", "SILENT",
          "-p", "feed=" + tiny, "-p", "route=large");
      Set<String> ran = new TreeSet<>();
      JsonNode rows = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
      for (JsonNode result : rows) {
        ran.add(result.get("benchmark").asText());
        assertScoreInItsRange(result);
      }
      Set<String> all = new TreeSet<>();
      for (BenchmarkListEntry b : BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of()))
        all.add(b.getUsername());
      assertEquals(all, ran);
      String summary = Files.readString(results.resolve("latest").resolve("summary.md"));
      for (String clazz : List.of("FeedLoadBenchmark", "SerializationBenchmark", "QueryBenchmark", "SqliteImportBenchmark", "SqliteQueryBenchmark"))
        assertTrue(summary.contains("## " + clazz), clazz + " missing in summary.md:\n" + summary);
      assertTrue(summary.contains("Heap retained"), summary);
      assertTrue(summary.matches("(?s).*\\*\\*\\d+ of " + rows.size() + " rows within 10 %\\*\\*.*"), "the verdict:\n" + summary);
      assertTrue(summary.contains("Forks' JVM flags: `" + String.join(" ", ForkConditions.serverFlags()) + "`, the servers'"), summary);
      assertEquals(all, loggedBenchmarks(dir), "iterations.csv holds every benchmark's iteration");
    } finally {
      Files.deleteIfExists(SqliteSchedules.cached(tiny)); // the query benchmark's database of this zip
    }
  }

  @Test
  void theDefaultSuiteRunsEachOfItsClassesWithTheCommandLinesParameters(@TempDir Path results) throws Exception {
    Path tiny = Fixtures.zip(Fixtures.tinyFeed(), "");
    Path dir = RunJmh.run(results, false, "--default", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true", "-v", "SILENT",
        "-p", "feed=" + tiny, "-p", "route=large");
    Set<String> expected = new TreeSet<>();
    for (BenchmarkListEntry b : BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of()))
      if (Suite.defaultSuite(transit.server.FrameworkRegistry.load()).stream()
          .anyMatch(e -> java.util.regex.Pattern.compile(e.include()).matcher(b.getUsername()).find()))
        expected.add(b.getUsername());
    Set<String> ran = new TreeSet<>();
    for (JsonNode result : new ObjectMapper().readTree(dir.resolve("results.json").toFile())) {
      ran.add(result.get("benchmark").asText());
      assertEquals(tiny.toString(), result.get("params").get("feed").asText(), "the command line's feed wins over the suite's");
    }
    assertEquals(expected, ran);
    assertEquals(expected, loggedBenchmarks(dir));
  }

  @Test
  void theDefaultSuiteRefusesBenchmarkNames(@TempDir Path results) {
    assertThrows(IllegalArgumentException.class, () -> RunJmh.run(results, false, "--default", "Query"));
  }

  /** The benchmarks iterations.csv has a measured iteration of. */
  private static Set<String> loggedBenchmarks(Path dir) throws Exception {
    Set<String> logged = new TreeSet<>();
    for (String line : Files.readAllLines(dir.resolve("iterations.csv")).subList(1, Files.readAllLines(dir.resolve("iterations.csv")).size()))
      if (line.contains(",measurement,")) logged.add(line.substring(0, line.indexOf(',')));
    return logged;
  }

  /**
   * A score within what its mode allows on the tiny feed, in the unit its mode gives: every operation, counted or
   * timed, takes more than nothing and less than a minute.
   */
  static void assertScoreInItsRange(JsonNode result) {
    JsonNode metric = result.get("primaryMetric");
    double score = metric.get("score").asDouble();
    String unit = metric.get("scoreUnit").asText(), mode = result.get("mode").asText(), what = result.get("benchmark").asText();
    assertTrue(Double.isFinite(score) && score > 0, what + ": " + score + " " + unit);
    if (mode.equals("thrpt")) {
      assertEquals("ops/s", unit, what);
      assertTrue(score > 1.0 / 60, what + ": an operation on the tiny feed within a minute, " + score + " ops/s");
    } else {
      double seconds = switch (unit) {
        case "s/op" -> score;
        case "ms/op" -> score / 1e3;
        case "us/op" -> score / 1e6;
        case "ns/op" -> score / 1e9;
        default -> throw new AssertionError(what + ": a time per operation, not " + unit);
      };
      assertTrue(seconds < 60, what + ": " + score + " " + unit + " on the tiny feed");
    }
  }
}
