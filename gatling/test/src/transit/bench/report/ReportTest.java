package transit.bench.report;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.results.Made;
import transit.bench.results.Measurement;
import transit.bench.results.Ratio;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.results.Slice;
import transit.bench.run.CpuProfile;
import transit.bench.scenario.Profile;
import transit.bench.scenario.Step;
import transit.measure.ProcessSampler;
import transit.measure.Spread;
import transit.server.Mode;
import transit.server.Setting;

/** The figures of a run, gathered over its rounds and written as the report: the verdict first, from made-up slices. */
public class ReportTest {
  static final Step HEAVY = Step.closed("heavy", "", 50, 3).withRequests(10, 3);

  static Results results(List<String> scenarios, boolean limits) {
    return new Results(scenarios, Profile.STANDARD, "1g", List.of(), limits, 0.05, 1);
  }

  static Group group(Mode mode) { return new Group(1, 1, mode, List.of()); }

  /** Adds a server's measured rounds of a step, each round's figure from its requests/s, the rest as Made#measured. */
  static void add(Results results, Mode mode, Contestant c, Step step, double... rps) {
    Measurement[] each = new Measurement[rps.length];
    for (int i = 0; i < rps.length; i++) each[i] = Made.measured(rps[i], Math.round(20_000 / rps[i]), 98, 50, 2);
    results.slices.addAll(Made.slices(group(mode), c, step, each));
  }

  static void add(Results results, Mode mode, Contestant c, Step step, Measurement... each) {
    results.slices.addAll(Made.slices(group(mode), c, step, each));
  }

  static Contestant server(String framework, Mode mode) { return Contestant.of(framework, mode, "1g", true); }

  /**
   * Heavy at 50 users, five rounds, in every mode; idiomatic: javalin and cask level (1-2 % apart in every round), http4s
   * far behind; tuned: cask and javalin swapping places from round to round (undecided); cached: cask client-bound
   * (Gatling at 95 %) in every round.
   */
  static Results heavyRun() {
    Results results = results(List.of("heavy"), true);
    add(results, Mode.IDIOMATIC, server("javalin", Mode.IDIOMATIC), HEAVY, 50, 51, 49, 50, 52);
    add(results, Mode.IDIOMATIC, server("cask", Mode.IDIOMATIC), HEAVY, 49.5, 50, 48.5, 49.5, 51);
    add(results, Mode.IDIOMATIC, server("http4s", Mode.IDIOMATIC), HEAVY, 6.5, 6.4, 6.6, 6.5, 6.7);
    add(results, Mode.TUNED, server("cask", Mode.TUNED), HEAVY, 400, 330, 420, 320, 410);
    add(results, Mode.TUNED, server("javalin", Mode.TUNED), HEAVY, 340, 380, 330, 390, 350);
    add(results, Mode.TUNED, server("http4s", Mode.TUNED), HEAVY, 190, 188, 192, 191, 189);
    Measurement bound = Made.measured(1135, 18, 70, 95, 2);
    add(results, Mode.CACHED, server("cask", Mode.CACHED), HEAVY, bound, bound, bound, bound, bound);
    add(results, Mode.CACHED, server("javalin", Mode.CACHED), HEAVY, 840, 850, 830, 845, 835);
    add(results, Mode.CACHED, server("http4s", Mode.CACHED), HEAVY, 189, 190, 188, 191, 187);
    for (Mode m : Mode.values()) results.stopped.add(new Results.Stopped(group(m), HEAVY, 5, 60, "its share of the budget spent"));
    return results;
  }

  @Test
  void theReportOpensWithTheVerdictEachNeighbourBesideTheNextWithItsRatioItsIntervalAndItsDecision(@TempDir Path dir) throws Exception {
    Report.write(heavyRun(), dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.indexOf("## Verdict") < report.indexOf("## Conditions"), "the verdict comes first:\n" + report);
    String verdict = section(report, "Verdict");
    assertTrue(verdict.contains("**4 of 5 pairs of neighbours decided (3 ›, 1 ≈), 1 undecided (?)**"), verdict);
    assertTrue(verdict.contains("### heavy: requests/s at 50 users"), verdict);
    List<Double> logs = new ArrayList<>();
    double[] javalin = {50, 51, 49, 50, 52}, cask = {49.5, 50, 48.5, 49.5, 51};
    for (int i = 0; i < 5; i++) logs.add(Math.log(javalin[i] / cask[i]));
    String level = Format.ratio(Ratio.of(logs));
    assertTrue(verdict.contains("| idiomatic | **javalin** 50.4 · " + level + " ≈ cask 49.7 · "), "javalin and cask level:\n" + verdict);
    assertTrue(verdict.matches("(?s).*\\| idiomatic \\| [^\n]*≈ cask 49\\.7 · [0-9.]+× \\[[0-9.]+–[0-9.]+\\] › http4s 6\\.5 \\| 5 \\|.*"), verdict);
    assertTrue(verdict.matches("(?s).*\\| tuned \\| \\*\\*(cask|javalin)\\*\\* [0-9]+ · [0-9.]+× \\[[0-9.]+–[0-9.]+\\] \\? (cask|javalin) [0-9]+ · .*› http4s 190 \\|.*"),
        "cask and javalin undecided:\n" + verdict);
    assertTrue(verdict.contains("| cached | **javalin** 840 · ") && verdict.contains("cask ≥ 1,135 (client-bound in 5 of 5 rounds)"), verdict);
    String figures = section(report, "The verdict's figures");
    assertTrue(figures.contains("| cached | — client-bound in 5 of 5 rounds | cask | 1,135 | — |"), figures);
    assertTrue(figures.contains("| idiomatic | 1 | javalin | 50.0 (49.0–52.0) | 1.00 |"), figures);
    String ended = section(report, "How each comparison ended");
    assertTrue(ended.contains("| tuned | heavy 50 users | 3 | 10 requests per user (500) | 10.0 | 5 | 60 s | its share of the budget spent |"), ended);
    assertTrue(ended.matches("(?s).*\\| tuned \\| heavy 50 users \\|[^\n]*\\| (cask|javalin) \\? (cask|javalin) \\|.*"), "the pair left undecided:\n" + ended);
  }

  @Test
  void aSpreadIsWrittenAsItsMedianAndRange() {
    Spread s = Spread.of(Arrays.asList(100.0, 120.0, null, 104.0));
    assertEquals("104 (100–120)", Format.spread(s, Format::count));
    assertEquals("104", Format.spread(Spread.of(List.of(104.0)), Format::count), "one round: no range");
    assertEquals(Format.MISSING, Format.spread(null, Format::count));
    assertEquals("1.08× [1.04–1.12]", Format.ratio(new Ratio(1.08, 1.04, 1.12, 5)));
    assertEquals("1.08× [—]", Format.ratio(new Ratio(1.08, 0, Double.POSITIVE_INFINITY, 1)), "one round: no interval");
  }

  @Test
  void aSliceIsClientBoundWhenGatlingUsedNinetyPercentOfItsCpusAndDisturbedWhenOthersTookAFifthOfTheServers(@TempDir Path dir) throws Exception {
    assertTrue(Made.measured(100, 5, 98, 91, 2).clientBound());
    assertFalse(Made.measured(100, 5, 98, 85, 2).clientBound());
    assertTrue(Made.measured(100, 5, 98, 50, 20).disturbed());
    assertFalse(Made.measured(100, 5, 98, 50, 19).disturbed());
    Measurement beside = Made.measured(100, 5, 98, 50, 0);
    assertTrue(beside.withServer(new Measurement.ServerUse(beside.serverProcess(), null, null, null, List.of(), null, 25.0)).disturbed(),
        "the other servers' own CPU counts where the CPUs' ticks hide it");
    assertNull(beside.withServer(null).othersPercent(), "a server not started here: nothing known of its CPUs");
    assertFalse(beside.withServer(null).disturbed());
    Results results = results(List.of("heavy"), true);
    add(results, Mode.TUNED, server("cask", Mode.TUNED), HEAVY, Made.measured(100), Made.measured(102), Made.measured(101));
    add(results, Mode.TUNED, server("javalin", Mode.TUNED), HEAVY, Made.measured(100), Made.measured(90, 10, 90, 50, 40), Made.measured(99));
    Report.write(results, dir);
    String heavy = section(Files.readString(dir.resolve("report.md")), "heavy");
    assertTrue(heavy.contains("| javalin | tuned | 50 | 99.0 (90.0–100) **disturbed** (1) |"), heavy);
    assertFalse(heavy.contains("| cask | tuned | 50 | 101 (100–102) **disturbed**"), heavy);
    assertTrue(heavy.contains("| others on server CPUs % |"), heavy);
  }

  @Test
  void roundsSayWhichThreadsTheirAnswersWereBuiltOn() {
    java.util.function.Function<Map<String, Long>, Measurement> round = threads -> {
      Measurement m = Made.measured(10);
      return m.withServer(m.server().withProfile(null, threads));
    };
    Rounds spring = Made.rounds("spring", round.apply(Map.of("virtual threads", 80L, "qtpN-N", 5L)), round.apply(Map.of("virtual threads", 10L, "qtpN-N", 5L)));
    assertEquals("virtual threads (90 %), qtpN-N (10 %)", spring.threads());
    Rounds vertx = Made.rounds("vertx", round.apply(Map.of("vert.x-eventloop-thread-N", 95L, "vert.x-worker-thread-N", 5L)));
    assertEquals("vert.x-eventloop-thread-N (95 %)", vertx.threads(), "the next left out below a tenth");
    assertNull(Made.rounds("cask", Made.measured(10)).threads(), "no recording");
  }

  /** A slice of 10 s that answered ok requests on 50 ms of user CPU each, split as the samples in counts. */
  static Measurement profiled(long ok, CpuProfile.Counts counts) {
    double[] byKind = new double[ProcessSampler.Kind.values().length];
    byKind[ProcessSampler.Kind.USER.ordinal()] = ok * 0.05;
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(10, ok);
    return new Measurement(new Measurement.Answers(ok, 0, 0), 10, latency, new Measurement.ServerUse(new ProcessSampler.Window(10, ok * 0.05,
        100, 100, 300 * 1024, byKind, 0.0), null, counts, null, List.of(), null, null), null, ok, Measurement.Timeline.NONE, null, -1);
  }

  @Test
  void deflateIsAPartOfTheCpuWhereCpuTimeSamplesSawItAndOnlyWhereSomethingWasGzipped(@TempDir Path dir) throws Exception {
    Results results = results(List.of("heavy", "compressed"), true);
    Step gzipped = Step.closed("compressed", "heavy", 50, 3).withRequests(10, 3);
    add(results, Mode.TUNED, server("spring", Mode.TUNED), HEAVY, profiled(100, new CpuProfile.Counts(new long[] {10, 60, 30, 0}, true)));
    add(results, Mode.TUNED, server("spring", Mode.TUNED), gzipped, profiled(100, new CpuProfile.Counts(new long[] {0, 10, 10, 80}, true)));
    // on a JDK without CPU-time samples zlib's time hides in the others: deflate is not told apart
    add(results, Mode.TUNED, server("cask", Mode.TUNED), gzipped, profiled(100, new CpuProfile.Counts(new long[] {0, 50, 49, 1}, false)));
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
    assertEquals(1 + 9 * 5, Files.readAllLines(dir.resolve("results.csv")).size(), "a line per slice, and the header");
  }

  /**
   * Heavy tuned at 50 users, five rounds, --limits both: cask's limits cost it 10 % in every round, javalin's nothing
   * that matters (±1 %), http4s's server with its limits off client-bound.
   */
  static Results pairedRun() {
    Results results = results(List.of("heavy"), true);
    Contestant caskOff = new Contestant("cask", null, null, Mode.TUNED, "1g", false, 0);
    Contestant javalinOff = new Contestant("javalin", null, null, Mode.TUNED, "1g", false, 0);
    Contestant http4sOff = new Contestant("http4s", null, null, Mode.TUNED, "1g", false, 0);
    add(results, Mode.TUNED, server("cask", Mode.TUNED), HEAVY, 90, 80, 95, 85, 90);
    add(results, Mode.TUNED, caskOff, HEAVY, 100, 89, 105, 94, 100);
    add(results, Mode.TUNED, server("javalin", Mode.TUNED), HEAVY, 120, 100, 130, 110, 120);
    add(results, Mode.TUNED, javalinOff, HEAVY, 121, 100, 129, 111, 120);
    add(results, Mode.TUNED, server("http4s", Mode.TUNED), HEAVY, 50, 45, 52, 48, 50);
    Measurement bound = Made.measured(60, 30, 70, 95, 2);
    add(results, Mode.TUNED, http4sOff, HEAVY, bound, bound, bound, bound, bound);
    return results;
  }

  @Test
  void whatTheLimitsCostSetsEachPairSideBySideDecidedByItsInterval(@TempDir Path dir) throws Exception {
    Results paired = pairedRun();
    paired.settings.put("cask", List.of());
    Report.write(paired, dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.indexOf("## The verdict's figures") < report.indexOf("## What the limits cost")
        && report.indexOf("## What the limits cost") < report.indexOf("## Settings beyond") && report.indexOf("## Settings beyond") < report.indexOf("## Charts"),
        "after the verdict's figures, before the charts:\n" + report);
    String cost = section(report, "What the limits cost");
    assertTrue(cost.contains("`--limits off`") && cost.contains("side by side in every round"), cost);
    assertTrue(cost.contains("| Scenario | Framework | Mode | Load | req/s limits on | req/s limits off | ratio | change | decided |"), cost);
    assertTrue(cost.matches("(?s).*\\| heavy \\| cask \\| tuned \\| 50 users \\| 90\\.0 \\(80\\.0–95\\.0\\) \\| 100 \\(89\\.0–105\\) \\| 0\\.9[01]× \\[[0-9.–]+\\] \\| −10 % \\| \\*\\*worse\\*\\* \\|.*"), cost);
    assertTrue(cost.matches("(?s).*\\| heavy \\| javalin \\| tuned \\|[^\n]*\\| level \\(≈\\) \\|.*"), cost);
    assertTrue(cost.contains("| client-bound in 5 of 5 rounds (limits off) |"), cost);
    String verdict = section(report, "Verdict");
    assertTrue(verdict.contains("cask 87.9 ⚑ limits −10 %"), "cask's cost marked in the verdict:\n" + verdict);
    assertEquals(1, verdict.split("⚑ limits −", -1).length - 1, "one mark, cask's:\n" + verdict);
    assertFalse(section(report, "The verdict's figures").contains("limits off"), "the verdict ranks the run's own setting only");
    String settings = section(report, "Settings beyond each framework's defaults");
    assertTrue(settings.contains("measured above, in [What the limits cost](#what-the-limits-cost)"), settings);
    assertTrue(section(report, "heavy").contains("| Framework | Mode | Limits | Users | req/s |"), section(report, "heavy"));
  }

  @Test
  void whatTheJdkChangesAndWhatAChangeDoesSetEachServerBesideItsOtherBuild(@TempDir Path dir) throws Exception {
    Results results = results(List.of("heavy"), true);
    add(results, Mode.TUNED, new Contestant("cask", null, 25, Mode.TUNED, "1g", true, 0), HEAVY, 110, 100, 115, 105, 110);
    add(results, Mode.TUNED, new Contestant("cask", null, 17, Mode.TUNED, "1g", true, 0), HEAVY, 100, 91, 104, 95, 100);
    add(results, Mode.TUNED, new Contestant("javalin", null, null, Mode.TUNED, "1g", true, 0), HEAVY, 110, 100, 115, 105, 110);
    add(results, Mode.TUNED, new Contestant("javalin", "HEAD", null, Mode.TUNED, "1g", true, 0), HEAVY, 110, 101, 114, 105, 111);
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    String jdk = section(report, "What the JDK changes");
    assertTrue(jdk.matches("(?s).*\\| heavy \\| cask/jdk25 \\| tuned \\|[^\n]*\\| \\+10 % \\| better \\|.*"), jdk);
    String change = section(report, "What the change does");
    assertTrue(change.matches("(?s).*\\| heavy \\| javalin \\| tuned \\|[^\n]*\\| level \\(≈\\) \\|.*"), change);
    Report.write(heavyRun(), Files.createDirectories(dir.resolve("one")));
    String one = Files.readString(dir.resolve("one").resolve("report.md"));
    assertFalse(one.contains("## What the JDK changes") || one.contains("## What the change does") || one.contains("## What the limits cost"), one);
  }

  @Test
  void aChangeMeasuredOnTwoInstancesASideShowsEachInstanceAndHowFarTwinsWereApart(@TempDir Path dir) throws Exception {
    Results results = results(List.of("heavy"), true);
    Contestant today = new Contestant("javalin", null, null, Mode.TUNED, "1g", true, 0), before = new Contestant("javalin", "HEAD", null, Mode.TUNED, "1g", true, 0);
    add(results, Mode.TUNED, today.instance(1), HEAVY, 121, 110, 126, 115, 121);
    add(results, Mode.TUNED, today.instance(2), HEAVY, 110, 101, 114, 105, 111);
    add(results, Mode.TUNED, before.instance(1), HEAVY, 110, 100, 115, 105, 110);
    add(results, Mode.TUNED, before.instance(2), HEAVY, 111, 100, 115, 104, 110);
    Report.write(results, dir);
    String change = section(Files.readString(dir.resolve("report.md")), "What the change does");
    assertTrue(change.contains("| instances |"), change);
    assertTrue(change.matches("(?s).*\\| heavy \\| javalin \\| tuned \\| 50 users \\| 121 \\(110–126\\); 110 \\(101–114\\) \\|[^\n]*\\| undecided \\(\\?\\) \\|[^\n]*\\| 1\\.10× \\[[^\n]*\\]; 1\\.00× \\[.*"),
        "one row for the set-up, each instance's figures, the twins' ratios; a 10 % instance apart leaves the change undecided:\n" + change);
  }

  @Test
  void aRunWithLimitsOffRanksItsServersAsTheyRan(@TempDir Path dir) throws Exception {
    Results results = results(List.of("heavy"), false);
    add(results, Mode.IDIOMATIC, new Contestant("cask", null, null, Mode.IDIOMATIC, "1g", false, 0), HEAVY, 50, 51, 49);
    add(results, Mode.IDIOMATIC, new Contestant("javalin", null, null, Mode.IDIOMATIC, "1g", false, 0), HEAVY, 40, 41, 39);
    Report.write(results, dir);
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.contains("| idiomatic | **cask** 50.0 · 1.25× ["), report);
    assertFalse(report.contains("## What the limits cost"), "no pairs");
    assertTrue(report.contains("· limits off · conditions"), "the header says how the servers ran:\n" + report);
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
    String settings = section(report, "Settings beyond each framework's defaults");
    assertTrue(settings.contains("### cask\n\n| Setting | Value | Framework's default | Modes | Limit | Why | Cost |"), settings);
    assertTrue(settings.contains("| idle timeout | 30 s | none | every mode | yes | a client that stops reading frees what its answer holds | none measured |"), settings);
    assertTrue(settings.contains("| write buffer | 64 KB | 8 KB | tuned | no | fewer copies \\| larger writes | — |"), settings);
    assertTrue(settings.contains("### javalin\n\nNone listed."), settings);
    assertFalse(settings.contains("### spring") || settings.contains("### http4s"), "only the frameworks that ran and were described:\n" + settings);
    assertTrue(settings.contains("this run did not measure what they cost"), settings);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("<td>fewer copies | larger writes</td>"), "one cell in the page");
  }

  @Test
  void howEachComparisonEndedSaysEachServersWarmUpAndWhatItTookIdle(@TempDir Path dir) throws Exception {
    Results results = heavyRun();
    Group tuned = group(Mode.TUNED);
    results.warmups.add(new Results.Warmup(tuned, server("cask", Mode.TUNED), HEAVY, 3, 8.6, true));
    results.warmups.add(new Results.Warmup(tuned, server("javalin", Mode.TUNED), HEAVY, 6, 15.2, false));
    results.atOnce.add(new Results.AtOnce(tuned, 3, 1_500_000_000L));
    // javalin idle at 2 % and then 6 % of a core beside two of cask's slices
    List<Slice> caskSlices = results.slices.stream().filter(s -> s.group().equals(tuned) && s.contestant().framework().equals("cask")).toList();
    for (int i = 0; i < 2; i++) {
      Slice s = caskSlices.get(i);
      results.slices.set(results.slices.indexOf(s), new Slice(s.group(), s.contestant(), s.step(), s.kind(), s.round(), s.seed(), s.startMillis(), s.m(),
          Map.of(server("javalin", Mode.TUNED), i == 0 ? 2.0 : 6.0)));
    }
    Report.write(results, dir);
    String ended = section(Files.readString(dir.resolve("report.md")), "How each comparison ended");
    assertTrue(ended.contains("| tuned | heavy 50 users | cask 3 (9 s), javalin 6 (15 s) **not settled** |"), ended);
    assertTrue(ended.contains("| tuned | 3 | 1.5 GB | javalin 4.0 / 6.0 | 0 of 15 |"), ended);
  }

  /** The report's text from "## name" to the next heading of its level. */
  public static String section(String report, String name) {
    int start = report.indexOf("\n## " + name + "\n");
    if (start < 0 && report.startsWith("## " + name + "\n")) start = 0;
    assertTrue(start >= 0, "no section for " + name + " in\n" + report);
    int end = report.indexOf("\n## ", start + 1);
    return report.substring(start, end < 0 ? report.length() : end);
  }

  public static List<String> cells(String tableRow) {
    List<String> cells = new ArrayList<>(Arrays.asList(tableRow.split("\\|")));
    cells.remove(0); // before the first |
    return cells.stream().map(String::trim).toList();
  }
}
