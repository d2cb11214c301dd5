package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.server.FrameworkRegistry;
import transit.server.Mode;

/** Which steps and server runs a command line makes, in which order. */
class PlanTest {
  static List<Step> steps(Options o, List<Integer> rates) {
    Scenario.Settings settings = o.settings(rates);
    return o.scenarios().stream().flatMap(n -> Scenarios.named(n).steps(settings).stream()).toList();
  }

  static List<String> labels(List<Step> steps) { return steps.stream().map(Step::label).toList(); }

  static String[] with(String[] args, String... more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  @Test
  void theFullProfileHasEveryReferenceStep() {
    assertEquals(List.of("heavy 50 users", "small 1 user", "small 10 users", "small 50 users", "small 100 users",
        "compressed heavy 50 users", "compressed small 50 users", "hello keep-alive 50 users", "hello new connection 50 users", "think-time 1 s pause 100 users",
        "think-time 0.1 s pause 100 users", "latency 10 req/s", "latency 20 req/s", "latency 30 req/s", "connections 1000 users",
        "reload 50 users", "overload 120 users"),
        labels(steps(OptionsTest.parse("--profile", "full"), List.of(10, 20, 30))));
  }

  @Test
  void theStandardProfileMeasuresHeavyAndSmallAtFiftyUsers() {
    assertEquals(List.of("heavy 50 users", "small 50 users"), labels(steps(OptionsTest.parse(), List.of(5))));
  }

  @Test
  void aCompressedHeavyStepHoldsSeveralAnswersTimeAndTheQuickProfileAsksTheSmallListOnly() {
    List<Step> standard = steps(OptionsTest.parse("--scenarios", "compressed"), null);
    assertEquals(List.of("compressed heavy 50 users", "compressed small 50 users"), labels(standard));
    assertEquals(List.of(CompressedScenario.HEAVY_MIN_WARMUP_SECONDS, CompressedScenario.HEAVY_MIN_SECONDS),
        List.of(standard.get(0).warmupSeconds(), standard.get(0).durationSeconds()));
    assertEquals(List.of(3, 8), List.of(standard.get(1).warmupSeconds(), standard.get(1).durationSeconds()), "small as the profile says");
    Step longer = steps(OptionsTest.parse("--scenarios", "compressed", "--duration", "60", "--warmup", "20"), null).get(0);
    assertEquals(List.of(20, 60), List.of(longer.warmupSeconds(), longer.durationSeconds()), "longer when asked");
    assertEquals(List.of("compressed small 50 users"), labels(steps(OptionsTest.parse("--scenarios", "compressed", "--quick"), null)));
  }

  @Test
  void latencyRunsWhenAsked() {
    assertEquals(List.of("latency 5 req/s"), labels(steps(OptionsTest.parse("--scenarios", "latency"), List.of(5))));
  }

  @Test
  void thinkTimeSharesTenThousandRequestsAmongItsUsersOrFitsTheQuickDuration() {
    Step slow = steps(OptionsTest.parse("--scenarios", "think-time"), null).get(0);
    assertEquals(100, slow.requests());
    assertEquals(ThinkTimeScenario.Pause.SECOND, slow.variant(ThinkTimeScenario.Pause.class));
    assertEquals(100, slow.expectedSeconds(), "100 requests a second apart");
    Step quickFast = steps(OptionsTest.parse("--scenarios", "think-time", "--quick", "--duration", "2"), null).get(1);
    assertEquals(20, quickFast.requests());
  }

  @Test
  void usersReplaceEveryClosedScenariosUserCounts() {
    List<Step> steps = steps(OptionsTest.parse("--users", "3,7", "--scenarios", "heavy,hello"), null);
    assertEquals(List.of(3, 7, 3, 3, 7, 7), steps.stream().map(Step::load).toList());
  }

  @Test
  void latencyRatesAreAQuarterHalfAndThreeQuartersOfTheSlowest() {
    assertEquals(List.of(100, 200, 300), LatencyScenario.rates(400));
    assertEquals(List.of(1, 2), LatencyScenario.rates(2.2), "at least 1 request/s, each rate once");
    Step step = steps(OptionsTest.parse("--scenarios", "latency"), List.of(40)).get(0);
    assertTrue(step.open());
    assertEquals("latency 40 req/s", step.label());
    assertThrows(IllegalStateException.class, () -> steps(OptionsTest.parse("--scenarios", "latency"), null), "no rates yet");
  }

  @Test
  void eachRoundRotatesTheFrameworks() {
    List<String> frameworks = List.of("a", "b", "c");
    assertEquals(List.of("a", "b", "c"), RunPlan.rotation(frameworks, 1));
    assertEquals(List.of("b", "c", "a"), RunPlan.rotation(frameworks, 2));
    assertEquals(List.of("c", "a", "b"), RunPlan.rotation(frameworks, 3));
    assertEquals(List.of("a", "b", "c"), RunPlan.rotation(frameworks, 4));
  }

  @Test
  void serverRunsGoRoundByRoundEachFrameworksModesInTurn() {
    Options o = OptionsTest.parse("--repeat", "2", "--scenarios", "heavy,hello", "--frameworks", "cask,javalin", "--limits", "on");
    List<RunPlan.Run> runs = o.plan(o.frameworks(), "1g").rounds(o.settings(null));
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-tuned-1g", "r1-cask-cached-1g", "r1-javalin-idiomatic-1g",
        "r1-javalin-tuned-1g", "r1-javalin-cached-1g", "r2-javalin-idiomatic-1g", "r2-javalin-tuned-1g", "r2-javalin-cached-1g",
        "r2-cask-idiomatic-1g", "r2-cask-tuned-1g", "r2-cask-cached-1g"),
        runs.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("heavy 50 users", "hello keep-alive 50 users", "hello new connection 50 users"), labels(runs.get(0).steps()));
    assertEquals(List.of("heavy 50 users"), labels(runs.get(1).steps()), "hello runs only as the framework's users write it");
    assertEquals(3 + 12, runs.get(0).steps().get(0).warmupSeconds(), "a server's first step warms up longer");
    assertEquals(3 + 12, runs.get(0).steps().get(1).warmupSeconds(), "hello's paths are new to the server: its JIT starts cold on them");
    assertEquals(3, runs.get(0).steps().get(2).warmupSeconds());
  }

  @Test
  void heapsAddHeavyAtEachHeap() {
    Options o = OptionsTest.parse("--scenarios", "small", "--modes", "idiomatic", "--heaps", "512m,2g", "--frameworks", "cask", "--repeat", "1");
    List<RunPlan.Run> runs = o.plan(o.frameworks(), "1g").rounds(o.settings(null));
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-idiomatic-512m", "r1-cask-idiomatic-2g"), runs.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("heavy 50 users"), labels(runs.get(2).steps()));
  }

  static List<String> names(Options o) { return o.plan(o.runFrameworks(List.of()), "1g").rounds(o.settings(null)).stream().map(RunPlan.Run::name).toList(); }

  @Test
  void theFullProfilePairsTunedAndCachedWithLimitsOffOnFirstInOddRoundsOffFirstInEvenOnes() {
    Options o = OptionsTest.parse("--profile", "full", "--repeat", "2", "--scenarios", "heavy", "--frameworks", "cask");
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-tuned-1g", "r1-cask-tuned-1g-limits-off", "r1-cask-cached-1g",
        "r1-cask-cached-1g-limits-off", "r2-cask-idiomatic-1g", "r2-cask-tuned-1g-limits-off", "r2-cask-tuned-1g",
        "r2-cask-cached-1g-limits-off", "r2-cask-cached-1g"), names(o));
    List<RunPlan.Run> runs = o.plan(o.frameworks(), "1g").rounds(o.settings(null));
    assertEquals(List.of("--tuned", "--limits", "off"), runs.get(2).serverFlags(), "the limits-off run tells its server so");
    assertEquals(List.of("--tuned"), runs.get(1).serverFlags());
    assertEquals(runs.get(1).steps(), runs.get(2).steps(), "both halves of a pair take the same steps, warm-ups included");
    assertEquals(List.of("r1-cask-idiomatic-1g"), names(OptionsTest.parse("--profile", "full", "--repeat", "1", "--scenarios", "heavy",
        "--frameworks", "cask", "--modes", "idiomatic")), "the profile pairs only the chosen modes among its own");
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-tuned-1g", "r1-cask-cached-1g"), names(OptionsTest.parse("--repeat", "1",
        "--scenarios", "heavy", "--frameworks", "cask")), "the default pairs nothing: --limits both does");
  }

  @Test
  void theQuickProfilePairsCachedOnlyAndTheFullProfileTunedAndCached() {
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-tuned-1g", "r1-cask-cached-1g", "r1-cask-cached-1g-limits-off"),
        names(OptionsTest.parse("--quick", "--scenarios", "heavy", "--frameworks", "cask")));
    assertEquals(List.of("r1-javalin-cached-1g", "r1-javalin-cached-1g-limits-off", "r1-cask-cached-1g"),
        names(OptionsTest.parse("--quick", "--scenarios", "heavy", "--frameworks", "javalin,cask", "--modes", "cached")),
        "quick pairs the first framework only: it checks the path and measures nothing");
    assertEquals(new RunPlan.Limits(true, List.of(Mode.TUNED, Mode.CACHED)), OptionsTest.parse("--profile", "full").limits());
  }

  @Test
  void theQuickProfileTakesTheFirstFrameworkThroughEveryScenarioAndTheOthersThroughHeavyAndSmall() {
    Options quick = OptionsTest.parse("--quick", "--scenarios", "heavy,small,hello,overload", "--frameworks", "javalin,cask", "--modes", "idiomatic");
    List<RunPlan.Run> runs = quick.plan(quick.frameworks(), "1g").rounds(quick.settings(null));
    assertEquals(List.of("r1-javalin-idiomatic-1g", "r1-cask-idiomatic-1g"), runs.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("heavy", "small", "small", "hello", "hello", "overload"), runs.get(0).steps().stream().map(Step::scenario).toList());
    assertEquals(List.of("heavy", "small", "small"), runs.get(1).steps().stream().map(Step::scenario).toList());
    assertEquals(List.of("r1-javalin-idiomatic-1g"), names(OptionsTest.parse("--quick", "--scenarios", "overload", "--frameworks", "javalin,cask",
        "--modes", "idiomatic")), "a framework with no step has no run");
    Options standard = OptionsTest.parse("--scenarios", "heavy,hello", "--frameworks", "javalin,cask", "--modes", "idiomatic", "--repeat", "1");
    assertEquals(List.of("heavy", "hello", "hello"), standard.plan(standard.frameworks(), "1g").rounds(standard.settings(null)).get(1).steps().stream()
        .map(Step::scenario).toList(), "any other profile takes every framework through every scenario");
  }

  @Test
  void theOverloadScenarioIsNotPairedWithLimitsOffItWouldMeasureTheirAbsence() {
    Options quick = OptionsTest.parse("--quick", "--first-warmup", "1", "--scenarios", "small,overload", "--frameworks", "cask", "--modes", "cached");
    List<RunPlan.Run> runs = quick.plan(quick.frameworks(), "1g").rounds(quick.settings(null));
    assertEquals(List.of("r1-cask-cached-1g", "r1-cask-cached-1g-limits-off"), runs.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("small", "small", "overload"), runs.get(0).steps().stream().map(Step::scenario).toList());
    assertEquals(List.of("small", "small"), runs.get(1).steps().stream().map(Step::scenario).toList());
    assertTrue(runs.get(1).steps().get(0).warmupSeconds() > runs.get(1).steps().get(1).warmupSeconds(), "the off run's first step warms longer");
    Options overloadOnly = OptionsTest.parse("--quick", "--scenarios", "overload", "--frameworks", "cask", "--modes", "cached");
    assertEquals(List.of("r1-cask-cached-1g"), names(overloadOnly), "nothing to pair");
  }

  @Test
  void limitsBothPairsEveryChosenModeOnPairsNoneAndOffStartsEveryServerWithout() {
    String[] run = {"--scenarios", "heavy", "--frameworks", "cask", "--repeat", "1", "--modes", "idiomatic,cached"};
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-idiomatic-1g-limits-off", "r1-cask-cached-1g", "r1-cask-cached-1g-limits-off"),
        names(OptionsTest.parse(with(run, "--limits", "both"))));
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask-cached-1g"), names(OptionsTest.parse(with(run, "--limits", "on"))));
    Options off = OptionsTest.parse("--scenarios", "small,latency", "--frameworks", "cask", "--repeat", "1", "--modes", "idiomatic",
        "--heaps", "2g", "--limits", "off");
    RunPlan plan = off.plan(off.frameworks(), "1g");
    assertEquals(List.of("r1-cask-idiomatic-1g-limits-off", "r1-cask-idiomatic-2g-limits-off"),
        plan.rounds(off.settings(List.of(10))).stream().map(RunPlan.Run::name).toList(), "every server, at every heap");
    assertEquals(List.of("calibration-cask-idiomatic-1g-limits-off"), plan.calibration(off.settings(null)).stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("--limits", "off"), plan.calibration(off.settings(null)).get(0).serverFlags());
  }

  @Test
  void theExpectedTimeCountsTheLimitsOffRuns() {
    Options paired = OptionsTest.parse("--limits", "both", "--modes", "tuned,cached"), on = OptionsTest.parse("--limits", "on", "--modes", "tuned,cached");
    List<RunPlan.Run> runs = paired.plan(paired.frameworks(), "1g").rounds(paired.settings(null));
    int offSeconds = runs.stream().filter(r -> !r.limits()).mapToInt(RunPlan.Run::expectedSeconds).sum();
    assertEquals(3 * 2 * 2, runs.stream().filter(r -> !r.limits()).count(), "3 frameworks, tuned and cached, 2 rounds");
    assertEquals(on.plan(on.frameworks(), "1g").expectedSeconds(on.settings(null)) + offSeconds,
        paired.plan(paired.frameworks(), "1g").expectedSeconds(paired.settings(null)));
  }

  @Test
  void againstRunsEachFrameworkNextToItselfBuiltAtTheRevisionInTheRotation() {
    Options o = OptionsTest.parse("--against", "HEAD", "--frameworks", "cask,javalin", "--modes", "idiomatic", "--scenarios", "heavy",
        "--repeat", "2");
    assertEquals("HEAD", o.against());
    assertEquals(List.of("cask", "cask@HEAD", "javalin", "javalin@HEAD"), o.runFrameworks(List.of()));
    assertEquals(List.of("cask", "javalin"), o.frameworks(), "the chosen frameworks are today's");
    assertEquals(List.of("r1-cask-idiomatic-1g", "r1-cask@HEAD-idiomatic-1g", "r1-javalin-idiomatic-1g", "r1-javalin@HEAD-idiomatic-1g",
        "r2-cask@HEAD-idiomatic-1g", "r2-javalin-idiomatic-1g", "r2-javalin@HEAD-idiomatic-1g", "r2-cask-idiomatic-1g"), names(o));
    assertEquals(List.of("cask"), OptionsTest.parse("--frameworks", "cask").runFrameworks(List.of()));
    assertEquals("cask", Against.framework("cask@HEAD~2"));
    assertEquals("HEAD~2", Against.revision("cask@HEAD~2"));
    assertNull(Against.revision("cask"));
    assertEquals("r1-cask@origin_main-idiomatic-1g", new RunPlan.Run(1, "cask@origin/main", Mode.IDIOMATIC, "1g", true, List.of()).name(),
        "a revision's / does not make a folder of the run's files");
    assertEquals(Path.of("/w/out/against/7d60676/out/frameworkRegistry.dest"),
        Against.registryFolder("\"ref:v0:1a2b3c4d:/w/out/against/7d60676/out/frameworkRegistry.dest\"\n"), "the path part of mill show's PathRef");
  }

  /** git in dir, as the test's own user. */
  static void git(Path dir, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "user.name=test", "-c", "user.email=test@localhost"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + output);
  }

  @Test
  void againstChecksTheRevisionOutBesideTheWorkspaceAndNamesWhatIsWrong(@TempDir Path repo) throws Exception {
    git(repo, "init", "-q");
    Files.writeString(repo.resolve("README"), "a checkout without ./mill");
    git(repo, "add", "README");
    git(repo, "commit", "-q", "-m", "first");
    String rev = "no-such-revision";
    assertTrue(assertThrows(transit.cli.Cli.UsageException.class, () -> Against.build(repo, rev, List.of("cask"), line -> {}))
        .getMessage().startsWith("--against: \"no-such-revision\" is not a commit of " + repo));
    List<String> progress = new java.util.ArrayList<>();
    for (int attempt = 1; attempt <= 2; attempt++) {
      var e = assertThrows(transit.cli.Cli.UsageException.class, () -> Against.build(repo, "HEAD", List.of("cask"), progress::add));
      assertEquals("--against HEAD: its checkout has no ./mill to build with", e.getMessage());
    }
    try (var checkouts = Files.list(repo.resolve("out").resolve("against"))) {
      Path checkout = checkouts.findFirst().orElseThrow();
      assertTrue(Files.isRegularFile(checkout.resolve("README")), "HEAD checked out under out/against/<short sha>");
      assertTrue(progress.get(0).startsWith("checking out HEAD (" + checkout.getFileName() + ") into out/against/"), progress.toString());
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("reusing the checkout of HEAD")), "the second time: " + progress);
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("building HEAD's servers")), progress.toString());
    }
  }

  /** A made-up registry folder: cask (and javalin) with one library, a class path and a setting of its own. */
  static Path registry(Path dir, String classpath, String setting, String... frameworks) throws Exception {
    StringBuilder p = new StringBuilder("frameworks=" + String.join(",", frameworks) + "\njvm.flags=-Xmx1g -XX:+UseG1GC\njvm.heap=1g\nworkspace=" + dir + "\n");
    for (String f : frameworks) {
      p.append(f).append(".main=transit.").append(f).append(".Main\n").append(f).append(".classpath=").append(classpath).append('\n')
          .append(f).append(".library.0.name=lib\n").append(f).append(".library.0.version=").append(classpath).append('\n')
          .append(f).append(".json.name=json\n").append(f).append(".json.version=1\n").append(f).append(".encoding=a.b\n");
      for (Mode m : Mode.values()) p.append(f).append(".serves.").append(m.label).append("=as ").append(classpath).append('\n');
      p.append(f).append(".setting.0.name=").append(setting).append("\n").append(f).append(".setting.0.value=1\n")
          .append(f).append(".setting.0.default=2\n").append(f).append(".setting.0.modes=tuned\n").append(f).append(".setting.0.limit=false\n")
          .append(f).append(".setting.0.why=w\n").append(f).append(".setting.0.cost=c\n");
    }
    Files.createDirectories(dir.resolve("transit"));
    Files.writeString(dir.resolve(FrameworkRegistry.RESOURCE), p.toString());
    return dir;
  }

  @Test
  void aFrameworkBuiltAtTheRevisionComesFromThatBuildsRegistryWithTodaysFlags(@TempDir Path dir) throws Exception {
    FrameworkRegistry today = FrameworkRegistry.load(registry(dir.resolve("today"), "/today.jar", "now", "cask", "javalin"));
    FrameworkRegistry before = FrameworkRegistry.load(registry(dir.resolve("before"), "/before.jar", "then", "cask"));
    Launchers launchers = new Launchers(today, null, List.of()).with(new Against("HEAD", "7d60676", dir.resolve("before"), before));
    assertEquals("then", launchers.description("cask@HEAD").settings().get(0).name());
    assertEquals("now", launchers.description("cask").settings().get(0).name());
    List<String> command = launchers.javaCommand("cask@HEAD", "2g");
    String java = Launchers.java(); // no JDK chosen: the harness's
    assertEquals(List.of(java, "-Xmx2g", "-XX:+UseG1GC", "-cp", "/before.jar", "transit.cask.Main"), command);
    assertEquals(List.of(java, "-Xmx2g", "-XX:+UseG1GC", "-cp", "/today.jar", "transit.cask.Main"), launchers.javaCommand("cask", "2g"));
    assertEquals("lib /today.jar, lib /before.jar, univocity", launchers.versions(List.of("cask", "cask@HEAD"), "h").replaceAll(" [^ ]+, h$", ""),
        "both builds' libraries in the conditions");
    assertThrows(IllegalArgumentException.class, () -> launchers.description("cask@v1"), "no build of v1 in this run");
    assertThrows(IllegalArgumentException.class, () -> new Launchers(today, null, List.of()).description("cask@HEAD"), "no --against");

    Results results = ReportTest.results(OptionsTest.parse("--scenarios", "heavy"));
    for (String f : List.of("cask", "cask@HEAD", "javalin"))
      results.rows.add(new Results.Row(f, Mode.IDIOMATIC, "1g", 1, Step.closed("heavy", "", 50, 5, 10), ReportTest.measured(100, 5, 50)));
    java.awt.Color cask = Charts.colour(results, "cask"), caskBefore = Charts.colour(results, "cask@HEAD"), javalin = Charts.colour(results, "javalin");
    assertNotEquals(cask, caskBefore);
    assertNotEquals(javalin, caskBefore);
    assertEquals(Charts.lighter(cask), caskBefore, "cask@HEAD in a lighter shade of cask's colour");
    Results alone = ReportTest.results(OptionsTest.parse("--scenarios", "heavy"));
    for (String f : List.of("cask", "javalin"))
      alone.rows.add(new Results.Row(f, Mode.IDIOMATIC, "1g", 1, Step.closed("heavy", "", 50, 5, 10), ReportTest.measured(100, 5, 50)));
    assertEquals(Charts.colour(alone, "javalin"), javalin, "today's frameworks keep their colours beside a revision's");
  }

  /** A JDK home as the harness reads one: bin/java and a release file. */
  static Path jdk(Path home, String version, String implementor) throws Exception {
    Files.createDirectories(home.resolve("bin"));
    Files.writeString(home.resolve("bin").resolve("java"), "#!/bin/sh\n");
    home.resolve("bin").resolve("java").toFile().setExecutable(true);
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"" + implementor + "\"\nJAVA_VERSION=\"" + version + "\"\n");
    return home;
  }

  @Test
  void severalJdksRunEachFrameworkOnEachNextToEachOtherEachServerOnItsOwn(@TempDir Path dir) throws Exception {
    Path j17 = jdk(dir.resolve("debian-17"), "17.0.15", "Debian"), j25 = jdk(dir.resolve("temurin-25"), "25.0.3", "Eclipse Adoptium");
    Map<Integer, Path> found = Map.of(17, j17, 25, j25);
    Options o = OptionsTest.parse("--java", "17,25", "--frameworks", "cask,javalin", "--modes", "idiomatic", "--scenarios", "heavy",
        "--repeat", "2");
    List<Jdk> jdks = Jdk.resolve(o.javaGiven(), j25, found);
    assertEquals(List.of(17, 25), jdks.stream().map(Jdk::version).toList());
    assertEquals("Temurin 25.0.3 (" + j25 + ")", jdks.get(1).toString());
    assertEquals(List.of("cask/jdk17", "cask/jdk25", "javalin/jdk17", "javalin/jdk25"), o.runFrameworks(jdks));
    assertEquals(List.of("r1-cask_jdk17-idiomatic-1g", "r1-cask_jdk25-idiomatic-1g", "r1-javalin_jdk17-idiomatic-1g",
        "r1-javalin_jdk25-idiomatic-1g", "r2-cask_jdk25-idiomatic-1g", "r2-javalin_jdk17-idiomatic-1g", "r2-javalin_jdk25-idiomatic-1g",
        "r2-cask_jdk17-idiomatic-1g"), o.plan(o.runFrameworks(jdks), "1g").rounds(o.settings(null)).stream().map(RunPlan.Run::name).toList(),
        "rotated within each round like the frameworks");

    FrameworkRegistry today = FrameworkRegistry.load(registry(dir.resolve("today"), "/today.jar", "now", "cask"));
    Launchers launchers = new Launchers(today, null, List.of()).on(jdks);
    assertEquals(j17.resolve("bin").resolve("java").toString(), launchers.javaCommand("cask/jdk17", "1g").get(0));
    assertEquals(List.of(j25.resolve("bin").resolve("java").toString(), "-Xmx1g", "-XX:+UseG1GC", "-cp", "/today.jar", "transit.cask.Main"),
        launchers.javaCommand("cask/jdk25", "1g"));
    assertEquals("now", launchers.description("cask/jdk17").settings().get(0).name());
    assertEquals("cask", Against.framework("cask@HEAD/jdk25"));
    assertEquals("HEAD", Against.revision("cask@HEAD/jdk25"));
    assertEquals("cask@HEAD", Jdk.base("cask@HEAD/jdk25"));
    assertThrows(IllegalArgumentException.class, () -> launchers.javaCommand("cask/jdk21", "1g"), "not one of the run's JDKs");

    assertEquals(Map.of(), today.unavailable(), "a registry without the key: none");
    List<String> leftOut = new java.util.ArrayList<>();
    assertEquals(List.of("cask/jdk17", "cask/jdk25"), launchers.runnable(List.of("cask/jdk17", "cask/jdk25"), leftOut::add));
    Path newer = registry(dir.resolve("java21"), "/today.jar", "now", "cask");
    Files.writeString(newer.resolve(FrameworkRegistry.RESOURCE), "cask.java=21\n", java.nio.file.StandardOpenOption.APPEND);
    assertEquals(List.of("cask/jdk25"), new Launchers(FrameworkRegistry.load(newer), null, List.of()).on(jdks)
        .runnable(List.of("cask/jdk17", "cask/jdk25"), leftOut::add), "a framework built for Java 21 is not run on 17");
    assertEquals(List.of("Not run: cask/jdk17 (built for Java 21, and JDK 17 is older)."), leftOut);
    Path older = registry(dir.resolve("jdk17-only"), "/today.jar", "now", "cask");
    Files.writeString(older.resolve(FrameworkRegistry.RESOURCE), "unavailable=helidon\\=needs Java 21; the newest JDK found here is 17\n",
        java.nio.file.StandardOpenOption.APPEND);
    assertEquals(Map.of("helidon", "needs Java 21; the newest JDK found here is 17"), FrameworkRegistry.load(older).unavailable(),
        "a framework the machine cannot run, with why");

    List<Jdk> byDefault = Jdk.resolve(List.of(), j25, found);
    assertEquals(List.of("cask", "javalin"), o.runFrameworks(byDefault), "one JDK: the names stay as they are");
    assertEquals(j25.resolve("bin").resolve("java").toString(), new Launchers(today, null, List.of()).on(byDefault).javaCommand("cask", "1g").get(0));
    assertEquals(25, Jdk.resolve(List.of(j25.resolve("bin").resolve("java").toString()), j17, found).get(0).version(), "its java binary names it");

    String missing = assertThrows(transit.cli.Cli.UsageException.class, () -> Jdk.resolve(List.of("21"), j25, found)).getMessage();
    assertTrue(missing.startsWith("--java: no JDK 21") && missing.contains("found: 17, 25"), missing);
    assertTrue(assertThrows(transit.cli.Cli.UsageException.class, () -> Jdk.resolve(List.of("25", j25.toString()), j25, found)).getMessage()
        .contains("JDK 25 given twice"));
    assertTrue(assertThrows(transit.cli.Cli.UsageException.class, () -> Jdk.resolve(List.of(dir.toString()), j25, found)).getMessage()
        .startsWith("--java: " + dir + " is not a JDK home"));

    Results results = ReportTest.results(OptionsTest.parse("--scenarios", "heavy"));
    for (String f : List.of("cask/jdk17", "cask/jdk25"))
      results.rows.add(new Results.Row(f, Mode.IDIOMATIC, "1g", 1, Step.closed("heavy", "", 50, 5, 10), ReportTest.measured(100, 5, 50)));
    assertEquals(Charts.lighter(Charts.colour(results, "cask/jdk25")), Charts.colour(results, "cask/jdk17"), "the older JDK a lighter shade");
  }

  @Test
  void theCalibrationRunsEachFrameworkOnceWhenTheRatesAreNotGiven() {
    Options o = OptionsTest.parse("--scenarios", "small,latency", "--frameworks", "cask,javalin");
    RunPlan plan = o.plan(o.frameworks(), "1g");
    List<RunPlan.Run> calibration = plan.calibration(o.settings(null));
    assertEquals(List.of("calibration-cask-idiomatic-1g", "calibration-javalin-idiomatic-1g"), calibration.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("small 50 users"), labels(calibration.get(0).steps()));
    assertEquals(List.of(), plan.calibration(o.settings(List.of(10))), "--rates given: nothing to calibrate");
    assertTrue(plan.expectedSeconds(o.settings(null)) > plan.expectedSeconds(o.settings(List.of(10, 20, 30))), "the calibration takes time");
    Options quick = OptionsTest.parse("--quick", "--scenarios", "small,latency", "--frameworks", "javalin,cask");
    assertEquals(List.of("calibration-javalin-idiomatic-1g"),
        quick.plan(quick.frameworks(), "1g").calibration(quick.settings(null)).stream().map(RunPlan.Run::name).toList(),
        "the quick profile, which measures nothing, calibrates on the first framework only");
    assertEquals(1, quick.plan(quick.frameworks(), "1g").calibration(quick.settings(null)).get(0).steps().get(0).warmupSeconds(),
        "a cold server's 1 s calibration step answers next to nothing: warmed up even in the quick profile");
    assertEquals(List.of(0), quick.plan(quick.frameworks(), "1g").rounds(quick.settings(List.of(1, 2, 3))).stream()
        .flatMap(r -> r.steps().stream()).map(Step::warmupSeconds).distinct().toList(), "and nothing else is");
  }


  @Test
  void aPlanSurvivesItsFile(@TempDir Path dir) {
    Options quick = OptionsTest.parse("--quick");
    SimulationPlan plan = new SimulationPlan("http://127.0.0.1:1234", steps(quick, List.of(7, 9)), List.of("Red", "B82+"),
        List.of("CR-Fitchburg"), Map.of("/", 12, Requests.schedule("B82+"), 345));
    plan.save(dir.resolve("plan.properties"));
    assertEquals(plan, SimulationPlan.load(dir.resolve("plan.properties")));
    assertEquals("/schedules/B82%2B", Requests.schedule("B82+"));
    assertEquals("/schedules/a%20b", Requests.schedule("a b"));
  }

  @Test
  void gatlingStartedBeforeItsServerWaitsForThePlan(@TempDir Path dir) throws Exception {
    SimulationPlan plan = new SimulationPlan("http://127.0.0.1:1234", steps(OptionsTest.parse("--quick"), List.of(7)), List.of("Red"),
        List.of("CR-Fitchburg"), Map.of("/", 12));
    Path file = dir.resolve("plan.properties");
    var loaded = java.util.concurrent.CompletableFuture.supplyAsync(() -> SimulationPlan.load(file));
    Thread.sleep(300);
    assertFalse(loaded.isDone(), "no plan yet: the load waits");
    plan.save(file);
    assertEquals(plan, loaded.get(10, java.util.concurrent.TimeUnit.SECONDS));
    assertEquals(List.of("plan.properties"), java.nio.file.Files.list(dir).map(f -> f.getFileName().toString()).toList(),
        "written whole, by a move");
  }
}
