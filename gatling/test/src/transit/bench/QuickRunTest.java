package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.server.ServerStartup;
import transit.synth.SyntheticFeed;

/**
 * The whole pipeline with --quick on the generated feed, for every framework the build lists: the report must
 * have a row per framework in every scenario's table, with every step's figures and no errors. How fast anything
 * was is not tested.
 */
class QuickRunTest {
  @Test
  void everyFrameworkAnswersEveryStepWithoutErrors(@TempDir Path results) throws Exception {
    Launchers launchers = Launchers.load();
    Path feed = ServerStartup.generatedFeed(SyntheticFeed.DEFAULT_SEED, 1);
    Options options = Options.parse(new String[] {"--quick", "--gtfs", feed.toString(), "--results", results.toString()},
        launchers.frameworks());
    Bench.Outcome outcome = Bench.run(options, launchers);
    assertEquals(List.of(), outcome.failures(), "frameworks whose runs broke off");
    String report = Files.readString(outcome.report());
    Path dir = results.resolve("latest");

    for (String scenario : Options.SCENARIOS) {
      String section = section(report, scenario);
      int steps = Step.defaultUsers(scenario).size() * (scenario.equals("hello") || scenario.equals("think-time") ? 2 : 1);
      List<String> header = cells(section.lines().filter(l -> l.startsWith("| Framework |")).findFirst().orElseThrow());
      assertEquals(1 + 5 * steps, header.size(), scenario + ": a column group per step");
      for (String framework : launchers.frameworks()) {
        assertRowComplete(section, header, scenario, framework);
        boolean cacheRun = !report.contains("No `--cache` run for " + framework + ":");
        if (cacheRun && (scenario.equals("heavy") || scenario.equals("small")))
          assertRowComplete(section, header, scenario, framework + " (cached)");
      }
    }
    for (String chart : List.of("small-requests-per-second.png", "heavy-latency.png", "max-rss.png"))
      assertTrue(Files.size(dir.resolve(chart)) > 1000, chart);
    for (String framework : launchers.frameworks())
      assertTrue(Files.isRegularFile(dir.resolve(report.replaceAll("(?s).*- " + framework + ", serializing per request: \\[([^\\]]+)\\].*", "$1"))),
          framework + ": a link to its Gatling report");
  }

  private static void assertRowComplete(String section, List<String> header, String scenario, String label) {
    List<String> row = section.lines().filter(l -> l.startsWith("| " + label + " |")).findFirst().map(QuickRunTest::cells)
        .orElseThrow(() -> new AssertionError(scenario + ": no row for " + label + " in\n" + section));
    assertEquals(header.size(), row.size(), scenario + ", " + label);
    for (int i = 1; i < header.size(); i++) {
      String what = scenario + ", " + label + ", " + header.get(i);
      assertNotEquals(Report.MISSING, row.get(i), what);
      if (header.get(i).endsWith("errors")) assertEquals("0", row.get(i), what);
    }
  }

  /** The report's text from "## scenario" to the next heading. */
  private static String section(String report, String scenario) {
    int start = report.indexOf("\n## " + scenario + "\n");
    assertTrue(start >= 0, "no section for " + scenario);
    int end = report.indexOf("\n## ", start + 1);
    return report.substring(start, end < 0 ? report.length() : end);
  }

  private static List<String> cells(String tableRow) {
    List<String> cells = new ArrayList<>(Arrays.asList(tableRow.split("\\|")));
    cells.remove(0); // before the first |
    return cells.stream().map(String::trim).toList();
  }
}
