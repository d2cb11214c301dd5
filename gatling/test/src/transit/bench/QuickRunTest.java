package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.bench.plan.Plan;
import transit.bench.report.ReportInBrowser;
import transit.bench.report.ReportTest;
import transit.bench.run.Launchers;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.server.Mode;
import transit.server.ServedFeed;
import transit.synth.SyntheticFeed;

/**
 * The whole pipeline with --profile quick on the generated feed, for every framework the build lists: every
 * scenario's table must have a row per mode and load with every figure and no errors for each framework the profile
 * takes through it (Plan#takenThroughWhenQuick), the server's and the client's resources sampled; report.html as a
 * reader sees it in Chromium (ReportInBrowser). How fast anything was is not tested.
 */
class QuickRunTest {
  static final java.util.Set<String> NOT_IN_A_QUICK_STEP = java.util.Set.of("reload took ms", "p99 ms around swaps", "max ms around swaps");

  @Test
  void everyFrameworkAnswersEveryStepWithoutErrors(@TempDir Path results) throws Exception {
    Launchers launchers = Launchers.load();
    Path feed = ServedFeed.generated(SyntheticFeed.DEFAULT_SEED, 1);
    Options options = Options.parse(new String[] {"--quick", "--gtfs", feed.toString(), "--results", results.toString()},
        launchers.frameworks());
    Bench.Outcome outcome = Bench.run(options, launchers);
    assertEquals(List.of(), outcome.failures(), "frameworks whose runs broke off");
    String report = Files.readString(outcome.report());
    Path dir = results.resolve("latest");

    // the latency steps are the distinct rates the calibration gave (a cold server's 1 s step may give one or two)
    java.util.regex.Matcher calibrated = java.util.regex.Pattern.compile("→ \\[([\\d, ]+)\\] requests/s").matcher(report);
    assertTrue(calibrated.find(), "the rates the calibration gave");
    Scenario.Settings settings = options.settings(java.util.Arrays.stream(calibrated.group(1).split(", ")).map(Integer::valueOf).toList());
    for (String scenario : Scenarios.names()) {
      String section = ReportTest.section(report, scenario);
      List<String> header = ReportTest.cells(section.lines().filter(l -> l.startsWith("| Framework |")).findFirst().orElseThrow());
      for (String framework : Plan.takenThroughWhenQuick(scenario, launchers.frameworks())) {
        for (Mode mode : Mode.values()) {
          if (!Scenarios.named(scenario).runsIn(mode) || report.contains("No " + framework + " " + mode.label + " server:")) continue;
          List<List<String>> rows = section.lines().filter(l -> l.startsWith("| " + framework + " | " + mode.label + " |"))
              .map(ReportTest::cells).toList();
          int steps = Scenarios.named(scenario).steps(settings).size();
          assertTrue(rows.size() >= steps, scenario + ", " + framework + " " + mode.label + ": a row per step in\n" + section);
          List<String> first = rows.get(0);
          assertEquals(header.size(), first.size());
          for (int i = 0; i < header.size(); i++) {
            // a quick step may end before a reload of the generated feed is in service: the move itself must happen
            if (header.get(i).equals("swaps in service")) assertTrue(first.get(i).endsWith(" of 2"), scenario + ", " + framework);
            // a quick overload step sheds most of its slow readers and may end before any collection
            else if (scenario.equals("overload") && header.get(i).equals("heap after GC MB")) continue;
            else if (!NOT_IN_A_QUICK_STEP.contains(header.get(i)))
              assertNotEquals(transit.bench.report.Format.MISSING, first.get(i), scenario + ", " + framework + ", " + header.get(i));
            if (header.get(i).equals("errors")) assertEquals("0", first.get(i), scenario + ", " + framework);
          }
        }
      }
      assertTrue(section.contains("server CPU %"), scenario + ": the resources table");
    }
    assertTrue(report.contains("Rates: [25, 50, 75] % of the slowest"), "the latency rates come from the calibration");
    assertTrue(report.contains("## How each comparison ended") && report.contains("the quick profile takes one round"), "how each comparison ended");
    assertTrue(report.contains("### Servers side by side"), "what the servers took idle beside each other");
    assertTrue(report.contains("The first framework runs every scenario, the others heavy and small"), "the report says which frameworks ran what");
    assertTrue(report.contains("**tuned** (`--tuned`): /schedules written by core's SchedulesJson"), "the conditions say what each mode is");
    for (String framework : launchers.frameworks()) {
      var description = launchers.description(framework);
      assertTrue(report.contains(framework + ": " + description.serves().get(Mode.TUNED)), "how " + framework + " serves tuned");
      assertTrue(report.contains(description.json().toString()), "the libraries name " + framework + "'s JSON library and its version");
      assertTrue(report.matches("(?s).*Feed load, as each server's /health gave it \\|[^\n]*" + framework + " [\\d,]+ ms from the (csv|snapshot).*"),
          framework + "'s load figures, from its /health");
    }
    java.awt.image.BufferedImage memory = javax.imageio.ImageIO.read(dir.resolve("memory.png").toFile());
    for (int place = 0; place < launchers.frameworks().size(); place++) {
      int rgb = transit.bench.report.Charts.COLOURS[place].getRGB(), drawn = 0;
      for (int y = 0; y < memory.getHeight(); y++)
        for (int x = 0; x < memory.getWidth(); x++) if (memory.getRGB(x, y) == rgb) drawn++;
      assertTrue(drawn > 100, "memory.png draws " + launchers.frameworks().get(place) + "'s RSS in its colour: " + drawn + " pixels");
    }
    try (ReportInBrowser browser = new ReportInBrowser()) {
      browser.assertReadable(outcome.html(), options.scenarios(), scenario -> Plan.takenThroughWhenQuick(scenario, launchers.frameworks()));
    }
    assertTrue(report.contains("## Gatling's records"), "where Gatling's own records are");
    try (var batches = Files.list(dir.resolve("gatling"))) {
      assertEquals(4, batches.filter(b -> Files.isRegularFile(b.resolve("gatling.log"))).count(),
          "a Gatling run per group after the calibration's: the calibration, idiomatic's comparisons, tuned's and cached's");
    }
  }
}
