package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import transit.bench.plan.Plan;
import transit.bench.report.Format;
import transit.bench.scenario.Profile;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.cli.Cli;
import transit.server.Mode;

class OptionsTest {
  static final List<String> KNOWN = List.of("cask", "http4s", "javalin");

  static Options parse(String... args) { return Options.parse(args, KNOWN); }

  static String error(String... args) {
    return assertThrows(Cli.UsageException.class, () -> parse(args)).getMessage();
  }

  @Test
  void theDefaultIsTheStandardProfile() {
    Options o = parse();
    assertEquals(Profile.STANDARD, o.profile());
    assertEquals(KNOWN, o.frameworks());
    assertEquals(List.of("heavy", "small"), o.scenarios());
    assertEquals(List.of(Mode.values()), o.modes());
    assertEquals(4, o.leastRounds());
    assertEquals(2, o.sliceSeconds());
    assertEquals(12, o.warmupSeconds());
    assertEquals(15 * 60, o.budgetSeconds());
    assertEquals(0.05, o.margin());
    assertNotEquals(parse().seed(), o.seed(), "a fresh seed each run");
    assertNull(o.users());
    assertNull(o.rates());
    assertNull(o.heap());
    assertEquals(List.of(), o.heaps());
    assertNull(o.target());
    assertNull(o.against());
    assertEquals(Plan.Limits.ON, o.limits(), "the default leaves the pairs to --limits both");
    assertFalse(o.quick() || o.help());
  }

  @Test
  void quickIsOneShortRoundOfEveryScenario() {
    for (Options o : List.of(parse("--quick"), parse("--profile", "quick"))) {
      assertTrue(o.quick());
      assertEquals(1, o.leastRounds());
      assertEquals(1, o.sliceSeconds());
      assertEquals(0, o.budgetSeconds(), "no rounds added");
      assertEquals(Scenarios.names(), o.scenarios());
    }
    assertEquals(7, parse("--quick", "--slice", "7").sliceSeconds(), "a flag wins over the profile");
    assertEquals(120 * 60, parse("--profile=full").budgetSeconds());
  }

  @Test
  void everyFlagTakesItsValueSeparatelyOrAfterAnEqualsSign() {
    Options o = parse("--frameworks", "javalin,cask", "--scenarios=small,hello", "--gtfs", "feed.zip", "--slice", "10",
        "--warmup=0", "--users", "1,5,5", "--results", "out/r", "--rounds", "2", "--budget", "90s", "--margin", "3", "--seed", "42",
        "--rates", "100,200", "--modes", "cached", "--heap", "512m", "--heaps", "512m,1g", "--server-cpus", "0", "--client-cpus", "1");
    assertEquals(List.of("javalin", "cask"), o.frameworks());
    assertEquals(List.of("small", "hello"), o.scenarios());
    assertEquals(Path.of("feed.zip"), o.gtfs());
    assertEquals(0, o.warmupSeconds());
    assertEquals(List.of(1, 5), o.users());
    assertEquals(Path.of("out/r"), o.results());
    assertEquals(2, o.leastRounds());
    assertEquals(10, o.sliceSeconds());
    assertEquals(90, o.budgetSeconds());
    assertEquals(0.03, o.margin(), 1e-12);
    assertEquals(42, o.seed());
    assertEquals(List.of(100, 200), o.rates());
    assertEquals(List.of(Mode.CACHED), o.modes());
    assertEquals("512m", o.heap());
    assertEquals(List.of("512m", "1g"), o.heaps());
    assertEquals(List.of(0), o.serverCpus());
    assertEquals(List.of(1), o.clientCpus());
    assertTrue(o.arguments().contains("--heaps"), "the command line is kept for the report");
  }

  @Test
  void aTargetIsAnAlreadyRunningServer() {
    assertEquals("http://127.0.0.1:4000", parse("--target", "http://127.0.0.1:4000/").target().toString());
    assertTrue(error("--target", "http://127.0.0.1:4000", "--heaps", "1g").startsWith("--heaps"));
  }

  @Test
  void limitsAreOnOffOrBothAndTheProfilesPairsOtherwise() {
    assertEquals(Plan.Limits.ON, parse("--limits", "on").limits());
    assertEquals(Plan.Limits.OFF, parse("--limits=off").limits());
    assertEquals(new Plan.Limits(true, List.of(Mode.IDIOMATIC, Mode.CACHED)), parse("--limits", "both", "--modes", "idiomatic,cached").limits(),
        "both: every chosen mode");
    assertEquals(new Plan.Limits(true, List.of(Mode.CACHED)), parse("--quick").limits(), "quick pairs cached only");
    assertEquals(new Plan.Limits(true, List.of(Mode.CACHED)), parse("--profile", "full", "--modes", "idiomatic,cached").limits(),
        "of the chosen modes");
    assertEquals(Plan.Limits.ON, parse("--modes", "idiomatic,cached").limits(), "the default pairs none");
    assertEquals(Plan.Limits.ON, parse("--target", "http://127.0.0.1:4000").limits(), "a running server: nothing to pair");
    assertTrue(error("--limits", "maybe").startsWith("--limits: \"maybe\" is not on, off or both"), error("--limits", "maybe"));
    assertTrue(error("--limits", "both", "--target", "http://127.0.0.1:4000").startsWith("--limits: not with --target"));
    assertTrue(error("--target", "http://127.0.0.1:4000", "--limits", "on").startsWith("--limits: not with --target"));
  }

  @Test
  void againIsARevisionAndNotWithATarget() {
    assertEquals("HEAD~1", parse("--against", "HEAD~1").against());
    assertTrue(error("--against", "HEAD", "--target", "http://127.0.0.1:4000").startsWith("--against: not with --target"));
    assertTrue(error("--against", "two words").startsWith("--against: \"two words\" is not a git revision"));
    assertTrue(error("--against").contains("'--against'"), "a revision is required");
  }

  @Test
  void againstStartsTwoInstancesOfEachSetUpUnlessToldAndOtherRunsOne() {
    assertEquals(Options.AGAINST_INSTANCES, parse("--against", "HEAD").instances());
    assertEquals(1, parse("--against", "HEAD", "--instances", "1").instances());
    assertEquals(1, parse().instances());
    assertEquals(3, parse("--limits", "both", "--instances", "3").instances());
    assertTrue(error("--instances", "0").startsWith("--instances: \"0\""));
    assertTrue(error("--instances", "2", "--target", "http://127.0.0.1:4000").startsWith("--instances: not with --target"));
  }

  @Test
  void wrongFlagsAndValuesAreNamed() {
    assertTrue(error("--fast").contains("'--fast'"));
    assertTrue(error("--frameworks", "cask,spring").contains("\"spring\""));
    assertTrue(error("--scenarios", "heavy,nope").contains("--scenarios"));
    assertTrue(error("--slice", "0").startsWith("--slice: \"0\""));
    assertTrue(error("--budget", "soon").startsWith("--budget: \"soon\""));
    assertEquals(3600, parse("--budget", "1h").budgetSeconds());
    assertEquals(20 * 60, parse("--budget", "20").budgetSeconds(), "a bare number is minutes");
    assertEquals(0, parse("--budget", "0").budgetSeconds(), "none added");
    assertTrue(error("--margin", "0").startsWith("--margin: \"0\""));
    assertTrue(error("--margin", "100").startsWith("--margin"));
    assertTrue(error("--warmup", "-1").startsWith("--warmup"));
    assertTrue(error("--users", "10,x").contains("\"x\""));
    assertTrue(error("--target", "127.0.0.1:4000").startsWith("--target"));
    assertTrue(error("--profile", "fast").startsWith("--profile: \"fast\""));
    assertTrue(error("--modes", "turbo").startsWith("--modes: \"turbo\""));
    assertTrue(error("--heap", "10m").startsWith("--heap: \"10m\""));
    assertTrue(error("--server-cpus", "1-0").startsWith("--server-cpus"));
    assertTrue(error("--java", "/no/such/jdk").startsWith("--java: \"/no/such/jdk\""));
    assertTrue(error("--java", "17,seventeen").startsWith("--java: \"seventeen\""));
    assertTrue(error("--target", "http://127.0.0.1:4000", "--java", "25").startsWith("--java: not with --target"));
    assertEquals(List.of("17", "25"), parse("--java", "17, 25,17").javaGiven(), "each once, in order");
    assertTrue(error("--gtfs").contains("'--gtfs'"));
  }

  @Test
  void helpListsEveryOptionAndEveryProfile() {
    assertTrue(parse("--help").help());
    String usage = Options.usage(KNOWN, "1g");
    for (String flag : List.of("--frameworks", "--scenarios", "--modes", "--profile", "--gtfs", "--slice", "--warmup", "--rounds",
        "--budget", "--margin", "--seed", "--users", "--rates", "--heap", "--heaps", "--limits", "--against", "--instances", "--server-cpus", "--client-cpus", "--java", "--target", "--quick", "--help",
        "quick", "standard", "full"))
      assertTrue(usage.contains(flag), flag);
    for (Scenario scenario : Scenarios.ALL)
      assertTrue(usage.contains("  " + scenario.name() + " ") && usage.contains(scenario.help()), "--help describes " + scenario.name());
    String flat = usage.replaceAll("\\s+", " ");
    assertTrue(flat.contains("--against=REV compare each server with the same server built at REV (e.g. HEAD), in one run: run it before "
        + "changing a server's write path"), usage);
    assertTrue(flat.contains("small at 50 users; limits on only"), "standard without pairs:\n" + usage);
    assertTrue(flat.contains("small at 1, 10, 50, 100 users; tuned and cached also with limits off"), "full's pairs:\n" + usage);
    assertTrue(flat.contains("small at 1, 100 users; cached also with limits off"), "quick's pairs:\n" + usage);
  }

  @Test
  void eachProfilesTimeInTheHelpIsItsBudgetOrItsLeastRounds() {
    String usage = Options.usage(KNOWN, "1g").replaceAll("\\s+", " ");
    assertTrue(usage.contains("standard the default: at most 15 min (its least rounds about "), usage);
    Options quick = parse("--profile", "quick");
    String least = Format.duration(quick.plan(KNOWN, List.of(), "1g", Long.MAX_VALUE).leastSeconds(quick.settings(null)));
    assertTrue(usage.contains("quick checks the pipeline, measures nothing: about " + least + ";"), usage);
  }
}
