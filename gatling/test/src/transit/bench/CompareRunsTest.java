package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.server.Mode;

/** Two runs' results.csv compared median by median, as `--compare` does, from made-up rounds. */
class CompareRunsTest {
  /** A run's folder: small at 50 users and latency at its own two rates, three rounds of cask idiomatic each. */
  static Path run(Path dir, String name, long[] small, long[] rates, double clientCpu) throws Exception {
    Results results = ReportTest.results(OptionsTest.parse("--scenarios", "small,latency", "--modes", "idiomatic", "--repeat", "3"));
    for (int round = 1; round <= 3; round++) {
      results.rows.add(new Results.Row("cask", Mode.IDIOMATIC, "1g", round, Step.closed("small", "", 50, 5, 10),
          ReportTest.measured(small[round - 1], 20, clientCpu)));
      for (long rate : rates)
        results.rows.add(new Results.Row("cask", Mode.IDIOMATIC, "1g", round, Step.open("latency", (int) rate, 5, 10),
            ReportTest.measured(rate * 10, 4, 20)));
    }
    Path folder = Files.createDirectories(dir.resolve(name));
    Report.write(results, folder);
    return folder;
  }

  @Test
  void mediansWithinTenPercentAgreeAndOpenStepsMatchByTheirRatesPlace(@TempDir Path dir) throws Exception {
    Path first = run(dir, "a", new long[] {1000, 1100, 900}, new long[] {100, 200}, 50);
    Path second = run(dir, "b", new long[] {1050, 2000, 1060}, new long[] {90, 180}, 50); // medians 1,000 → 1,060: +6 %
    String md = CompareRuns.write(first, second);
    assertTrue(md.contains("| small cask idiomatic 1g 50 users | 50 users | 100 → 106 (+6 %) |"), md);
    assertTrue(md.contains("| latency cask idiomatic 1g rate 1 of 2 | 100 req/s / 90 req/s | 100 → 90.0 (-10 %) |"), md);
    assertTrue(md.contains("| latency cask idiomatic 1g rate 2 of 2 | 200 req/s / 180 req/s | 200 → 180 (-10 %) |"), md);
    assertTrue(md.startsWith("# Comparison\n\n**9 of 9 medians agree within 10 %**"), md);
    assertTrue(md.contains("## What moved beyond 10 %\n\nNothing."), md);
    assertEquals(md, Files.readString(second.resolve("comparison.md")));
    assertTrue(Files.readString(second.resolve("comparison.html")).contains("<h2 id=\"verdicts-side-by-side\">"), "the same, as a page");
  }

  @Test
  void aDifferenceBeyondTenPercentIsMarkedAndClientBoundRowsCountApart(@TempDir Path dir) throws Exception {
    Path first = run(dir, "a", new long[] {1000, 1000, 1000}, new long[] {100}, 95);
    Path second = run(dir, "b", new long[] {1300, 1300, 1300}, new long[] {100}, 95);
    String md = CompareRuns.write(first, second);
    assertTrue(md.contains("| small cask idiomatic 1g 50 users **client-bound** | 50 users | 100 → 130 (+30 %) ✗ |"), md);
    assertTrue(md.startsWith("# Comparison\n\n**3 of 3 medians agree within 10 %** (and 2 of 3 in client-bound rows"), md);
    assertTrue(md.contains("- small cask idiomatic 1g 50 users: req/s 100 → 130 (+30 %) (client-bound: lower bounds)"), "what moved:\n" + md);
    Path third = run(dir, "c", new long[] {1000, 1000, 1000}, new long[] {100, 200}, 50);
    String more = CompareRuns.markdown(CompareRuns.Run.read(second), CompareRuns.Run.read(third));
    assertTrue(more.contains("| latency cask idiomatic 1g rate 2 of 2 (only in the second run) | 200 req/s | — | — | — |"), more);
  }

  @Test
  void bothRunsVerdictsStandSideBySide(@TempDir Path dir) throws Exception {
    Results heavy = ReportTest.heavyRun();
    Path first = Files.createDirectories(dir.resolve("a")), second = Files.createDirectories(dir.resolve("b"));
    Report.write(heavy, first);
    // the second run: http4s tuned twice as fast, ahead of javalin now
    heavy.rows.replaceAll(r -> r.framework().equals("http4s") && r.mode() == Mode.TUNED
        ? new Results.Row(r.framework(), r.mode(), r.heap(), r.round(), r.step(), ReportTest.measured(r.m().ok() * 2, 5, 50)) : r);
    Report.write(heavy, second);
    String md = CompareRuns.write(first, second);
    assertTrue(md.contains("### heavy: requests/s\n\n| Mode | First run | Second run |"), md);
    assertTrue(md.contains("| tuned | at 50 users: **cask** 407 › javalin 338 (0.83×) › http4s 190 (0.47×) "
        + "| at 50 users: **cask** 407 › http4s 380 (0.93×) › javalin 338 (0.83×) |"), md);
    assertTrue(md.contains("| cached | at 50 users: **javalin** 840 › http4s 189 (0.23×); not ranked: cask ≥ 1,135 (client-bound) |"), md);
    assertTrue(md.contains("- heavy http4s tuned 1g 50 users: req/s 190 → 380 (+100 %), p50 ms 105 → 5.0 (-95 %), p99 ms 105 → 5.0 (-95 %)"), md);
  }

  @Test
  void aComparisonReadsTheMediansTheReportGave(@TempDir Path dir) throws Exception {
    // two rounds of 25 s: 57.36 and 57.52 req/s, median 57.44; results.csv rounds them to 57.4 and 57.5 (median 57.45)
    Results results = ReportTest.results(OptionsTest.parse("--scenarios", "small", "--modes", "idiomatic", "--repeat", "2"));
    for (int round = 1; round <= 2; round++)
      results.rows.add(new Results.Row("cask", Mode.IDIOMATIC, "1g", round, Step.closed("small", "", 50, 5, 25),
          ReportTest.measured(round == 1 ? 1434 : 1438, 20, 50, 25)));
    Path run = Files.createDirectories(dir.resolve("a"));
    Report.write(results, run);
    assertTrue(Files.readString(run.resolve("report.md")).contains("| idiomatic | **cask** 57.4 |"));
    assertTrue(CompareRuns.write(run, run).contains("| idiomatic | at 50 users: **cask** 57.4 | at 50 users: **cask** 57.4 |"));
  }

  @Test
  void resultsCsvKeepsEachServersLimitsAndAFileWithoutThemHadEveryServerKeepThem(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("a"));
    Report.write(ReportTest.pairedRun(), run);
    List<String> lines = Files.readAllLines(run.resolve("results.csv"));
    assertTrue(lines.get(0).startsWith("framework,mode,heap,limits,round,"), lines.get(0));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("cask,tuned,1g,off,1,heavy,")), "each round's line says its limits");
    List<Standing> read = Standing.read(run);
    assertEquals(6, read.size(), "three frameworks, each with limits on and off");
    Standing caskOff = read.stream().filter(s -> s.framework().equals("cask") && !s.limits()).findFirst().orElseThrow();
    assertEquals(102, caskOff.requestsPerSecond().median(), 1e-9);
    assertEquals(100, caskOff.requestsPerSecond().min(), 1e-9);
    Standing caskOn = read.stream().filter(s -> s.framework().equals("cask") && s.limits()).findFirst().orElseThrow();
    assertEquals(92.5, caskOn.requestsPerSecond().median(), 1e-9);

    // a run from before --limits: its results.csv has no limits column, and every server kept its limits
    Path old = Files.createDirectories(dir.resolve("old"));
    Report.write(ReportTest.heavyRun(), old);
    List<String> withColumn = Files.readAllLines(old.resolve("results.csv"));
    int column = List.of(withColumn.get(0).split(",")).indexOf("limits");
    Files.write(old.resolve("results.csv"), withColumn.stream().map(l -> {
      List<String> cells = new java.util.ArrayList<>(List.of(l.split(",", -1)));
      cells.remove(column);
      return String.join(",", cells);
    }).toList());
    assertFalse(Files.readString(old.resolve("results.csv")).contains("limits"));
    List<Standing> before = Standing.read(old);
    assertEquals(9, before.size());
    assertTrue(before.stream().allMatch(Standing::limits), "no column: limits on");
    assertTrue(CompareRuns.Run.read(old).limits());
  }

  @Test
  void aComparisonMatchesRowsByTheirLimitsAndItsVerdictsMarkTheCost(@TempDir Path dir) throws Exception {
    Results paired = ReportTest.pairedRun();
    Path first = Files.createDirectories(dir.resolve("a")), second = Files.createDirectories(dir.resolve("b"));
    Report.write(paired, first);
    // the second run: cask with limits off 30 % faster; with them on as before
    paired.rows.replaceAll(r -> r.framework().equals("cask") && !r.limits()
        ? new Results.Row(r.framework(), r.mode(), r.heap(), false, r.round(), r.step(), ReportTest.measured(r.m().ok() * 13 / 10, 18, 50)) : r);
    Report.write(paired, second);
    String md = CompareRuns.write(first, second);
    assertTrue(md.contains("| heavy cask tuned 1g limits off 50 users | 50 users | 102 → 133 (+30 %) ✗ |"), md);
    assertTrue(md.contains("| heavy cask tuned 1g 50 users | 50 users | 92.5 → 92.5 (+0 %) |"), md);
    assertTrue(md.contains("| tuned | at 50 users: **javalin** 99.0 ≈ cask 92.5 (0.93×) ⚑ limits −9 % › http4s 51.0 (0.52×) "
        + "| at 50 users: **javalin** 99.0 ≈ cask 92.5 (0.93×) ⚑ limits −30 % › http4s 51.0 (0.52×) |"), md);
  }

  @Test
  void aFolderWithoutResultsIsAClearError(@TempDir Path dir) {
    var e = assertThrows(java.io.IOException.class, () -> CompareRuns.Run.read(dir));
    assertTrue(e.getMessage().contains("no results.csv"), e.getMessage());
  }
}
