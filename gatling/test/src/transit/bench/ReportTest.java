package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.measure.ProcessSampler;
import transit.measure.Spread;
import transit.server.Mode;
import transit.server.Setting;

/** The figures of a run, gathered over its rounds and written as the report's long tables, from made-up rows. */
class ReportTest {
  /** A step of 10 s that answered `ok` requests, each in `millis` ms, with the client at clientCpu % of its one CPU. */
  static Results.Measurement measured(long ok, long millis, double clientCpu) { return measured(ok, millis, clientCpu, 10); }

  /** The same, over a step of the given seconds. */
  static Results.Measurement measured(long ok, long millis, double clientCpu, double seconds) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(millis, ok);
    return new Results.Measurement(new Results.Answers(ok, 0, 0), seconds, latency,
        new Results.ServerUse(new ProcessSampler.Window(5, 50, 90, 300 * 1024), new JvmProbe.Window(100, 4, 200L << 20, ok * 1000), null, null, List.of(), null),
        new Results.ClientUse(new ProcessSampler.Window(9, clientCpu, clientCpu, 100 * 1024), null, 1), ok, Results.Timeline.NONE, null);
  }

  static Results results(Options options) {
    return new Results(options.scenarios(), options.repeat(), options.profile(), "1g", options.heaps(), options.limits().on());
  }

  @Test
  void aGroupSaysWhichThreadsItsAnswersWereBuiltOnOverItsRounds() {
    Step fifty = Step.closed("small", "", 50, 5, 10);
    java.util.function.Function<Map<String, Long>, Results.Row> round = threads -> new Results.Row("spring", Mode.TUNED, "1g", 1, fifty,
        new Results.Measurement(new Results.Answers(100, 0, 0), 10, null, new Results.ServerUse(null, null, null, threads, List.of(), null),
            null, -1, Results.Timeline.NONE, null));
    Results.Group g = new Results.Group("spring", Mode.TUNED, "1g", true, fifty, List.of(round.apply(Map.of("virtual threads", 80L, "qtpN-N", 5L)),
        round.apply(Map.of("virtual threads", 10L, "qtpN-N", 5L))));
    assertEquals("virtual threads (90 %), qtpN-N (10 %)", g.threads());
    Results.Group alone = new Results.Group("vertx", Mode.TUNED, "1g", true, fifty, List.of(round.apply(Map.of("vert.x-eventloop-thread-N", 95L,
        "vert.x-worker-thread-N", 5L))));
    assertEquals("vert.x-eventloop-thread-N (95 %)", alone.threads(), "the next left out below a tenth");
    assertNull(new Results.Group("cask", Mode.TUNED, "1g", true, fifty, List.of(round.apply(null))).threads(), "no recording");
  }

  /** A step of 10 s that answered `ok` requests on 50 ms of user CPU each, split as the samples in counts. */
  static Results.Measurement profiled(long ok, CpuProfile.Counts counts) {
    double[] byKind = new double[ProcessSampler.Kind.values().length];
    byKind[ProcessSampler.Kind.USER.ordinal()] = ok * 0.05;
    return new Results.Measurement(new Results.Answers(ok, 0, 0), 10, null, new Results.ServerUse(new ProcessSampler.Window(ok * 0.05, 50, 90,
        300 * 1024, byKind, null), null, counts, null, List.of(), null), null, ok, Results.Timeline.NONE, null);
  }

  @Test
  void deflateIsAPartOfTheCpuWhereCpuTimeSamplesSawItAndOnlyWhereSomethingWasGzipped(@TempDir Path dir) throws Exception {
    Results results = results(OptionsTest.parse("--scenarios", "heavy,compressed", "--modes", "tuned"));
    Step heavy = Step.closed("heavy", "", 50, 5, 10), gzipped = Step.closed("compressed", "heavy", 50, 5, 10);
    CpuProfile.Counts identity = new CpuProfile.Counts(new long[] {10, 60, 30, 0}, true);
    results.rows.add(new Results.Row("spring", Mode.TUNED, "1g", 1, heavy, profiled(100, identity)));
    results.rows.add(new Results.Row("spring", Mode.TUNED, "1g", 1, gzipped, profiled(100, new CpuProfile.Counts(new long[] {0, 10, 10, 80}, true))));
    // on a JDK without CPU-time samples zlib's time hides in the others: deflate is not told apart
    results.rows.add(new Results.Row("cask", Mode.TUNED, "1g", 1, gzipped, profiled(100, new CpuProfile.Counts(new long[] {0, 50, 49, 1}, false))));
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    String compressed = section(report, "compressed");
    assertTrue(compressed.contains("| CPU ms per req | query | encoding | framework | deflate | kernel |"), compressed);
    List<String> spring = cells(compressed.lines().filter(l -> l.startsWith("| spring | tuned | heavy | 50 |") && l.contains("40.00")).findFirst()
        .orElseThrow(() -> new AssertionError("spring's deflate, 80 % of 50 ms:\n" + compressed)));
    List<String> cask = cells(compressed.lines().filter(l -> l.startsWith("| cask | tuned | heavy | 50 |") && l.contains("24.50")).findFirst()
        .orElseThrow(() -> new AssertionError("cask's framework, 49 % of 50 ms:\n" + compressed)));
    assertEquals(spring.indexOf("40.00"), cask.indexOf(Format.MISSING), "cask's deflate not told apart");
    assertFalse(section(report, "heavy").contains("deflate |"), "identity answers have no deflate column");
  }

  @Test
  void aSpreadIsWrittenAsItsMedianAndRangeMarkedWhenWide() {
    Spread s = Spread.of(Arrays.asList(100.0, 120.0, null, 104.0));
    assertEquals("104 (100–120) ⚠", Format.spread(s, Format::count));
    assertEquals("104", Format.spread(Spread.of(List.of(104.0)), Format::count), "one round: no range");
    assertEquals(Format.MISSING, Format.spread(null, Format::count));
  }

  @Test
  void aStepIsClientBoundWhenGatlingUsedNinetyPercentOfItsCpus() {
    assertTrue(measured(100, 5, 91).clientBound());
    assertFalse(measured(100, 5, 85).clientBound());
    Results.Measurement twoCpus = new Results.Measurement(new Results.Answers(100, 0, 0), 10, null, null,
        new Results.ClientUse(new ProcessSampler.Window(9, 150, 150, 0), null, 2), -1, Results.Timeline.NONE, null);
    assertFalse(twoCpus.clientBound(), "150 % of two CPUs is 75 %");
  }

  @Test
  void aStepIsDisturbedWhenOtherProcessesTookTenPercentOfTheServersCpus(@TempDir Path dir) throws Exception {
    Results.Measurement quiet = measured(100, 5, 50), busy = new Results.Measurement(new Results.Answers(100, 0, 0), 10, null,
        new Results.ServerUse(new ProcessSampler.Window(5, 60, 90, 300 * 1024, null, 35.0), null, null, null, List.of(), null), null, -1,
        Results.Timeline.NONE, null);
    assertFalse(quiet.disturbed(), "others unknown");
    assertTrue(busy.disturbed());
    Options options = OptionsTest.parse("--scenarios", "small", "--modes", "idiomatic");
    Results results = results(options);
    Step fifty = Step.closed("small", "", 50, 5, 10);
    results.rows.add(new Results.Row("cask", Mode.IDIOMATIC, "1g", 1, fifty, quiet));
    results.rows.add(new Results.Row("javalin", Mode.IDIOMATIC, "1g", 1, fifty, busy));
    Report.write(results, dir);
    String small = section(Files.readString(dir.resolve("report.md")), "small");
    assertTrue(small.contains("| javalin | idiomatic | 50 | 10.0 **disturbed** |"), small);
    assertFalse(small.contains("| cask | idiomatic | 50 | 10.0 **disturbed**"), small);
    assertTrue(small.contains("| others on server CPUs % |"), small);
  }

  @Test
  void theReportHasOneRowPerFrameworkModeAndUsersWithMediansAndRanges(@TempDir Path dir) throws Exception {
    Options options = OptionsTest.parse("--scenarios", "small,latency", "--repeat", "3", "--rates", "50");
    Results results = results(options);
    Step one = Step.closed("small", "", 1, 5, 10), fifty = Step.closed("small", "", 50, 5, 10);
    Step rate = Step.open("latency", 50, 5, 10);
    results.rates = List.of(50);
    for (int round = 1; round <= 3; round++) {
      for (String framework : RunPlan.rotation(List.of("cask", "javalin"), round)) {
        for (Mode mode : Mode.values()) {
          results.rows.add(new Results.Row(framework, mode, "1g", round, one, measured(1000 + round * 100, 2, 30)));
          long fiftyOk = Math.round(5000 * (mode == Mode.TUNED ? 2 : mode == Mode.CACHED ? 4 : 1) * (framework.equals("cask") ? 1 : 0.8));
          results.rows.add(new Results.Row(framework, mode, "1g", round, fifty, measured(fiftyOk, 10, framework.equals("cask") ? 95 : 50)));
        }
        results.rows.add(new Results.Row(framework, Mode.IDIOMATIC, "1g", round, rate, measured(framework.equals("cask") ? 500 : 300, 3, 20)));
      }
    }
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    String small = section(report, "small");
    List<String> rows = small.lines().filter(l -> l.startsWith("| cask |") || l.startsWith("| javalin |")).toList();
    assertEquals(12 + 12 + 12, rows.size(), "throughput, resource and ratio rows (2 frameworks × 3 modes × 2 loads)");
    String caskOneUser = rows.get(0);
    assertTrue(caskOneUser.startsWith("| cask | idiomatic | 1 | 120 (110–130) ⚠ |"), caskOneUser);
    assertTrue(small.contains("| cask | idiomatic | 50 | 500 **client-bound** |"), "cask's client was at 95 %:\n" + small);
    assertFalse(small.contains("| javalin | idiomatic | 50 | 500 **client-bound**"));
    assertTrue(small.contains("| of cached | × cask idiomatic |"), small);
    assertTrue(small.contains("| cask | idiomatic | 50 | 0.25 | 1.00 |"), "requests/s beside cached and cask idiomatic:\n" + small);
    assertTrue(small.contains("| javalin | tuned | 50 | 0.50 | 1.60 |"), small);
    assertTrue(small.contains("| javalin | cached | 50 | — | 3.20 |"), small);
    String latency = section(report, "latency");
    assertTrue(latency.contains("| javalin | idiomatic | 50 req/s | 30.0 **fell behind** |"), latency);
    assertTrue(latency.contains("| cask | idiomatic | 50 req/s | 50.0 |"), latency);
    assertTrue(Files.size(dir.resolve("latency-50.png")) > 1000);
    assertTrue(Files.size(dir.resolve("small-requests-per-second.png")) > 1000);
    assertEquals(1 + 3 * (2 * 3 * 2 + 2), Files.readAllLines(dir.resolve("results.csv")).size(), "a line per round and step, and the header");
  }

  /**
   * Heavy at 50 users, two rounds, in every mode: requests/s per framework and mode, {round 1, round 2}; cask cached
   * client-bound (Gatling at 95 %).
   */
  static Results heavyRun() {
    Results results = results(OptionsTest.parse("--scenarios", "heavy", "--repeat", "2"));
    Step heavy = Step.closed("heavy", "", 50, 5, 10);
    Map<String, long[][]> rps = new LinkedHashMap<>(); // framework → per mode {round 1, round 2}
    rps.put("cask", new long[][] {{44, 50}, {393, 421}, {1100, 1170}});
    rps.put("http4s", new long[][] {{6, 7}, {187, 193}, {169, 209}});
    rps.put("javalin", new long[][] {{49, 51}, {311, 365}, {814, 866}});
    for (int round = 1; round <= 2; round++)
      for (String framework : RunPlan.rotation(List.copyOf(rps.keySet()), round))
        for (Mode mode : Mode.values()) {
          long perSecond = rps.get(framework)[mode.ordinal()][round - 1];
          boolean clientBound = framework.equals("cask") && mode == Mode.CACHED;
          results.rows.add(new Results.Row(framework, mode, "1g", round, heavy, measured(perSecond * 10, 20_000 / perSecond, clientBound ? 95 : 50)));
        }
    return results;
  }

  @Test
  void theReportOpensWithTheVerdictRankingEachModeWithRatiosAndOverlapsAndNeverRanksAClientBoundFigure(@TempDir Path dir) throws Exception {
    Report.write(heavyRun(), dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.indexOf("## Verdict") < report.indexOf("## Conditions"), "the verdict comes first:\n" + report);
    String verdict = report.substring(report.indexOf("## Verdict"), report.indexOf("## Charts"));
    assertTrue(verdict.contains("### heavy: requests/s at 50 users"), verdict);
    // javalin 50 (49–51) leads cask 47 (44–50): their ranges overlap; http4s is far behind
    assertTrue(verdict.contains("| idiomatic | **javalin** 50.0 ≈ cask 47.0 (0.94×) › http4s 6.5 (0.13×) |"), verdict);
    assertTrue(verdict.contains("| tuned | **cask** 407 › javalin 338 (0.83×) › http4s 190 (0.47×) |"), verdict);
    assertTrue(verdict.contains("| cached | **javalin** 840 › http4s 189 (0.23×) | cask ≥ 1,135 (client-bound) |"), verdict);
    String figures = report.substring(report.indexOf("## The verdict's figures"), report.indexOf("## How to read"));
    assertTrue(figures.contains("| cached | — client-bound | cask | 1,135 (1,100–1,170) | — |"), figures);
    assertTrue(figures.contains("| tuned | 1 | cask | 407 (393–421) | 1.00 |"), figures);
  }

  @Test
  void aFrameworkWhoseRunBrokeOffBeforeTheRankedLoadIsListedApart(@TempDir Path dir) throws Exception {
    Results results = results(OptionsTest.parse("--scenarios", "small", "--modes", "idiomatic"));
    Step one = Step.closed("small", "", 1, 5, 10), fifty = Step.closed("small", "", 50, 5, 10);
    for (String framework : List.of("cask", "javalin")) results.rows.add(new Results.Row(framework, Mode.IDIOMATIC, "1g", 1, one, measured(1000, 2, 30)));
    results.rows.add(new Results.Row("cask", Mode.IDIOMATIC, "1g", 1, fifty, measured(5000, 10, 50)));
    results.brokeOff.put("javalin", "javalin (round 1/1, javalin idiomatic): the server exited");
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    String verdict = report.substring(report.indexOf("## Verdict"), report.indexOf("## Charts"));
    assertTrue(verdict.contains("| idiomatic | **cask** 500 | javalin (its run broke off) |"), verdict);
    assertTrue(verdict.contains("| idiomatic | — its run broke off | javalin | — |"), verdict);
  }

  @Test
  void reportHtmlIsOnePageWithTheChartsInlineAndNothingToFetch(@TempDir Path dir) throws Exception {
    Report.write(heavyRun(), dir);
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("<h2 id=\"verdict\">Verdict</h2>"), "the verdict, as in report.md");
    long charts = html.split("<span class=\"chart\"", -1).length - 1;
    assertEquals(4, charts, "requests/s, latency, memory and live heap, inline");
    assertEquals(charts, html.split("<svg", -1).length - 1, "each chart an inline SVG");
    assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing fetched from the network");
    assertFalse(html.matches("(?s).*(src|href)=\"[^\"]*\\.png\".*"), "no chart left as a link to its PNG");
    assertTrue(html.contains("<script>") && html.contains("aria-sort"), "the table sorter, inline");
    assertTrue(Files.size(dir.resolve("heavy-requests-per-second.png")) > 1000, "the same charts as PNG for report.md");
  }

  /**
   * Heavy tuned at 50 users, two rounds, --limits both: requests/s {round 1, round 2} with limits on and off per
   * framework; http4s's client bound with limits off (Gatling at 95 %).
   */
  static Results pairedRun() {
    Results results = results(OptionsTest.parse("--scenarios", "heavy", "--modes", "tuned", "--repeat", "2", "--limits", "both"));
    Step heavy = Step.closed("heavy", "", 50, 5, 10);
    Map<String, long[][]> rps = new LinkedHashMap<>(); // framework → {on: round 1, round 2}, {off: round 1, round 2}
    rps.put("cask", new long[][] {{90, 95}, {100, 104}}); // ranges apart: beyond the spread
    rps.put("javalin", new long[][] {{95, 103}, {100, 104}}); // 103 ≥ 100: within the spread
    rps.put("http4s", new long[][] {{50, 52}, {60, 62}}); // apart, but client-bound with limits off
    for (int round = 1; round <= 2; round++)
      for (String framework : RunPlan.rotation(List.copyOf(rps.keySet()), round))
        for (boolean limits : round == 1 ? List.of(true, false) : List.of(false, true)) {
          long perSecond = rps.get(framework)[limits ? 0 : 1][round - 1];
          boolean clientBound = framework.equals("http4s") && !limits;
          results.rows.add(new Results.Row(framework, Mode.TUNED, "1g", limits, round, heavy,
              measured(perSecond * 10, limits ? 20 : 18, clientBound ? 95 : 50)));
        }
    return results;
  }

  @Test
  void whatTheLimitsCostSetsEachPairSideBySideAndJudgesItAgainstTheSpread(@TempDir Path dir) throws Exception {
    Results paired = pairedRun();
    paired.settings.put("cask", List.of());
    Report.write(paired, dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.indexOf("## The verdict's figures") < report.indexOf("## What the limits cost")
        && report.indexOf("## What the limits cost") < report.indexOf("## Settings beyond") && report.indexOf("## Settings beyond") < report.indexOf("## Charts"),
        "after the verdict's figures, before the charts:\n" + report);
    String cost = section(report, "What the limits cost");
    assertTrue(cost.contains("`--limits off`") && cost.contains("back to back in every round"), cost);
    assertTrue(cost.contains("| Framework | Mode | Load | req/s limits on | req/s limits off | cost | against the spread | p99 ms limits on | p99 ms limits off |"), cost);
    // medians 92.5 and 102: 92.5 / 102 − 1 = −9 %; 90–95 and 100–104 are apart
    assertTrue(cost.contains("| cask | tuned | 50 users | 92.5 (90.0–95.0) | 102 (100–104) | −9 % | beyond the spread | 20 | 18 |"), cost);
    // medians 99 and 102: −3 %; 95–103 reaches into 100–104
    assertTrue(cost.contains("| javalin | tuned | 50 users | 99.0 (95.0–103) | 102 (100–104) | −3 % | within the spread | 20 | 18 |"), cost);
    assertTrue(cost.contains("| http4s | tuned | 50 users | 51.0 (50.0–52.0) | 61.0 (60.0–62.0) | −16 % | client-bound with limits off | 20 | 18 |"),
        cost);
    assertEquals(3, cost.lines().filter(l -> l.matches("\\| (cask|javalin|http4s) \\|.*")).count(), "a row per pair:\n" + cost);
    String settings = section(report, "Settings beyond each framework's defaults");
    assertTrue(settings.contains("measured above, in [What the limits cost](#what-the-limits-cost)"), settings);
  }

  @Test
  void whatTheJdkChangesSetsEachServerOnTheNewestJdkBesideItselfOnTheOldest(@TempDir Path dir) throws Exception {
    Results results = results(OptionsTest.parse("--scenarios", "heavy", "--modes", "tuned", "--repeat", "2", "--java", "17,25"));
    Step heavy = Step.closed("heavy", "", 50, 5, 10);
    Map<String, long[]> rps = new LinkedHashMap<>(); // framework/jdk → round 1, round 2
    rps.put("cask/jdk17", new long[] {90, 95});
    rps.put("cask/jdk25", new long[] {100, 104}); // apart from 90–95: beyond the spread
    rps.put("javalin/jdk17", new long[] {95, 103});
    rps.put("javalin/jdk25", new long[] {100, 104}); // 103 ≥ 100: within
    for (int round = 1; round <= 2; round++)
      for (String framework : RunPlan.rotation(List.copyOf(rps.keySet()), round))
        results.rows.add(new Results.Row(framework, Mode.TUNED, "1g", round, heavy, measured(rps.get(framework)[round - 1] * 10,
            framework.endsWith("25") ? 18 : 20, 50)));
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    String jdk = section(report, "What the JDK changes");
    assertTrue(jdk.contains("Each framework ran on JDK 17 and on JDK 25 in the same rounds"), jdk);
    assertTrue(jdk.contains("| Framework | Mode | Load | req/s JDK 25 | req/s JDK 17 | change | against the spread | p99 ms JDK 25 | p99 ms JDK 17 |"), jdk);
    // medians 102 and 92.5: 102 / 92.5 − 1 = +10 %
    assertTrue(jdk.contains("| cask | tuned | 50 users | 102 (100–104) | 92.5 (90.0–95.0) | +10 % | beyond the spread | 18 | 20 |"), jdk);
    assertTrue(jdk.contains("| javalin | tuned | 50 users | 102 (100–104) | 99.0 (95.0–103) | +3 % | within the spread | 18 | 20 |"), jdk);
    assertEquals(2, jdk.lines().filter(l -> l.matches("\\| (cask|javalin) \\|.*")).count(), "a row per framework:\n" + jdk);
    String verdict = report.substring(report.indexOf("## Verdict"), report.indexOf("## The verdict's figures"));
    assertTrue(verdict.contains("cask/jdk25") && verdict.contains("cask/jdk17"), "each JDK ranked:\n" + verdict);
    Report.write(heavyRun(), Files.createDirectories(dir.resolve("one")));
    assertFalse(Files.readString(dir.resolve("one").resolve("report.md")).contains("## What the JDK changes"), "one JDK: no such section");
  }

  @Test
  void theVerdictRanksTheRunsOwnLimitsSettingAndMarksOnlyACostBeyondTheSpreadThatWasNotClientBound(@TempDir Path dir) throws Exception {
    Report.write(pairedRun(), dir);
    String report = Files.readString(dir.resolve("report.md"));
    String verdict = report.substring(report.indexOf("## Verdict"), report.indexOf("## The verdict's figures"));
    // javalin 99 (95–103) ≈ cask 92.5 (90–95): ranked with limits on only; cask's limits cost beyond the spread, javalin's
    // within, and http4s's pair says nothing (client-bound with limits off)
    assertTrue(verdict.contains("| tuned | **javalin** 99.0 ≈ cask 92.5 (0.93×) ⚑ limits −9 % › http4s 51.0 (0.52×) |"), verdict);
    assertEquals(1, verdict.split("⚑ limits −", -1).length - 1, "one mark, cask's:\n" + verdict);
    assertTrue(verdict.contains("**⚑ limits** and a percent: the same server with its limits off"), "the legend says what ⚑ is:\n" + verdict);
    String figures = section(report, "The verdict's figures");
    assertFalse(figures.contains("102"), "nothing ranked twice:\n" + figures);
    String heavy = section(report, "heavy");
    assertTrue(heavy.contains("| Framework | Mode | Limits | Users | req/s |"), heavy);
    assertTrue(heavy.contains("| cask | tuned | on | 50 | 92.5 (90.0–95.0) |") && heavy.contains("| cask | tuned | off | 50 | 102 (100–104) |"), heavy);
    Report.write(heavyRun(), Files.createDirectories(dir.resolve("unpaired")));
    String unpaired = Files.readString(dir.resolve("unpaired").resolve("report.md"));
    assertFalse(unpaired.contains("## What the limits cost") || unpaired.contains("⚑") || unpaired.contains("| Limits |"), unpaired);
  }

  @Test
  void aRunWithLimitsOffRanksItsServersAsTheyRan(@TempDir Path dir) throws Exception {
    Results results = results(OptionsTest.parse("--scenarios", "heavy", "--modes", "idiomatic", "--limits", "off"));
    for (String framework : List.of("cask", "javalin"))
      results.rows.add(new Results.Row(framework, Mode.IDIOMATIC, "1g", false, 1, Step.closed("heavy", "", 50, 5, 10),
          measured(framework.equals("cask") ? 500 : 400, 20, 50)));
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.contains("| idiomatic | **cask** 50.0 › javalin 40.0 (0.80×) |"), report);
    assertFalse(report.contains("## What the limits cost"), "no pairs");
    assertTrue(report.contains("standard profile · 2 rounds · limits off · conditions"), "the header says how the servers ran:\n" + report);
    assertTrue(section(report, "heavy").contains("| cask | idiomatic | off | 50 |"), report);
  }

  @Test
  void theSettingsTableListsEachFrameworkThatRanFromItsDescription(@TempDir Path dir) throws Exception {
    Results results = heavyRun();
    results.settings.put("cask", List.of(
        Setting.limit("idle timeout", "30 s", "none", "a client that stops reading frees what its answer holds", "none measured"),
        Setting.in(Mode.TUNED, "write buffer", "64 KB", "8 KB", "fewer copies | larger writes", "")));
    results.settings.put("javalin", List.of());
    results.settings.put("spring", List.of(Setting.always("threads", "4", "200", "w", "c"))); // did not run
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.indexOf("## The verdict's figures") < report.indexOf("## Settings beyond") && report.indexOf("## Settings beyond") < report.indexOf("## Charts"),
        "after the verdict's figures when nothing was paired:\n" + report);
    String settings = section(report, "Settings beyond each framework's defaults");
    assertTrue(settings.contains("### cask\n\n| Setting | Value | Framework's default | Modes | Limit | Why | Cost |"), settings);
    assertTrue(settings.contains("| idle timeout | 30 s | none | every mode | yes | a client that stops reading frees what its answer holds | none measured |"), settings);
    assertTrue(settings.contains("| write buffer | 64 KB | 8 KB | tuned | no | fewer copies \\| larger writes | — |"), settings);
    assertTrue(settings.contains("### javalin\n\nNone listed."), settings);
    assertFalse(settings.contains("### spring") || settings.contains("### http4s"), "only the frameworks that ran and were described:\n" + settings);
    assertTrue(settings.contains("this run did not measure what they cost"), settings);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("<td>fewer copies | larger writes</td>"), "one cell in the page");
  }

  /** The report's text from "## name" to the next heading. */
  static String section(String report, String name) {
    int start = report.indexOf("\n## " + name + "\n");
    assertTrue(start >= 0, "no section for " + name + " in\n" + report);
    int end = report.indexOf("\n## ", start + 1);
    return report.substring(start, end < 0 ? report.length() : end);
  }

  static List<String> cells(String tableRow) {
    List<String> cells = new ArrayList<>(Arrays.asList(tableRow.split("\\|")));
    cells.remove(0); // before the first |
    return cells.stream().map(String::trim).toList();
  }
}
