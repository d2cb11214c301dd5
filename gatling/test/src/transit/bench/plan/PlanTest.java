package transit.bench.plan;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import transit.bench.scenario.Profile;
import transit.bench.scenario.RouteScenario;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.Step;
import transit.server.Mode;

/** Which servers a run keeps up together, which comparisons each group makes, and how long the least of it takes. */
class PlanTest {
  static final long PLENTY = Long.MAX_VALUE / 4, GB = 1L << 30;

  static Plan plan(List<String> frameworks, String revision, List<Integer> jdks, List<String> scenarios, List<Mode> modes, List<String> heaps,
      Plan.Limits limits, boolean quick, long memory) {
    return plan(frameworks, revision, jdks, scenarios, modes, heaps, limits, 1, quick, memory);
  }

  static Plan plan(List<String> frameworks, String revision, List<Integer> jdks, List<String> scenarios, List<Mode> modes, List<String> heaps,
      Plan.Limits limits, int instances, boolean quick, long memory) {
    return new Plan(frameworks, revision, jdks, scenarios.stream().map(Scenarios::named).toList(), modes, "1g", heaps, limits, 5, instances, quick, memory,
        heap -> heap.endsWith("g") ? Long.parseLong(heap.replace("g", "")) * GB : Long.parseLong(heap.replace("m", "")) << 20);
  }

  static Plan plan(List<String> frameworks, List<String> scenarios, List<Mode> modes, Plan.Limits limits) {
    return plan(frameworks, null, List.of(), scenarios, modes, List.of(), limits, false, PLENTY);
  }

  static Scenario.Settings settings(Profile profile, List<Integer> rates) { return new Scenario.Settings(profile, profile.sliceSeconds, profile.warmupSeconds, null, rates); }

  static List<String> labels(List<Contestant> servers) { return servers.stream().map(c -> c.label("1g")).toList(); }

  static List<String> steps(List<Comparison> comparisons) { return comparisons.stream().map(c -> c.step().label()).toList(); }

  @Test
  void eachModesServersAreAGroupUpAtOnceThatMakesAComparisonPerStep() {
    Plan p = plan(List.of("cask", "javalin"), List.of("heavy", "small", "hello"), List.of(Mode.values()), Plan.Limits.ON);
    assertEquals(List.of("idiomatic", "tuned", "cached"), p.groups().stream().map(Group::label).toList());
    Group idiomatic = p.groups().get(0);
    assertEquals(List.of("cask idiomatic", "javalin idiomatic"), labels(idiomatic.contestants()));
    List<Comparison> comparisons = p.comparisons(idiomatic, settings(Profile.STANDARD, null));
    assertEquals(List.of("heavy 50 users", "small 50 users", "hello keep-alive 50 users", "hello new connection 50 users"), steps(comparisons));
    assertEquals(List.of("heavy 50 users", "small 50 users"), steps(p.comparisons(p.groups().get(1), settings(Profile.STANDARD, null))),
        "hello runs only as its users write it");
    assertEquals(List.of(List.of(idiomatic.contestants().get(0)), List.of(idiomatic.contestants().get(1))), comparisons.get(0).blocks());
    assertEquals(5, p.leastRounds());
  }

  @Test
  void limitsBothPutsEachServerWithItsLimitsOffBesideItInItsBlockAndTheOverloadScenarioTakesOnlyTheLimitsOn() {
    Plan p = plan(List.of("cask", "javalin"), List.of("heavy", "overload"), List.of(Mode.CACHED), new Plan.Limits(true, List.of(Mode.CACHED)));
    Group cached = p.groups().get(0);
    assertEquals(List.of("cask cached", "cask cached, limits off", "javalin cached", "javalin cached, limits off"), labels(cached.contestants()));
    List<Comparison> comparisons = p.comparisons(cached, settings(Profile.STANDARD, null));
    assertEquals(4, comparisons.get(0).contestants().size());
    assertEquals(2, comparisons.get(0).blocks().size(), "a framework's servers side by side");
    assertEquals(List.of("cask cached", "javalin cached"), labels(comparisons.get(1).contestants()), "limits off would measure their absence");
    assertEquals(List.of("--cache", "--limits", "off"), cached.contestants().get(1).serverFlags());
    assertTrue(cached.contestants().get(0).differsOnlyInLimits(cached.contestants().get(1)));
    Plan off = plan(List.of("cask"), List.of("heavy"), List.of(Mode.TUNED), Plan.Limits.OFF);
    assertEquals(List.of("cask tuned, limits off"), labels(off.groups().get(0).contestants()), "every server without them");
  }

  @Test
  void againstAndSeveralJdksRunEachFrameworksBuildsSideBySide() {
    Plan p = plan(List.of("cask", "javalin"), "HEAD", List.of(17, 25), List.of("heavy"), List.of(Mode.TUNED), List.of(), Plan.Limits.ON, false, PLENTY);
    List<Contestant> servers = p.groups().get(0).contestants();
    assertEquals(List.of("cask/jdk17", "cask/jdk25", "cask@HEAD/jdk17", "cask@HEAD/jdk25", "javalin/jdk17", "javalin/jdk25", "javalin@HEAD/jdk17",
        "javalin@HEAD/jdk25"), servers.stream().map(Contestant::build).toList());
    assertTrue(servers.get(1).differsOnlyInJdk(servers.get(0)));
    assertTrue(servers.get(0).differsOnlyInBuild(servers.get(2)));
    assertFalse(servers.get(0).differsOnlyInBuild(servers.get(3)), "two differences: no pair");
    assertEquals("cask@origin_main-tuned-1g", new Contestant("cask", "origin/main", null, Mode.TUNED, "1g", true, 0).fileName(),
        "a revision's / makes no folder of the server's files");
    assertEquals(List.of("cask", "javalin"), plan(List.of("cask", "javalin"), null, List.of(25), List.of("heavy"), List.of(Mode.TUNED), List.of(),
        Plan.Limits.ON, false, PLENTY).groups().get(0).contestants().stream().map(Contestant::build).toList(), "one JDK: no JDK in the names");
  }

  @Test
  void instancesStartEachSetUpSeveralTimesSideBySideEachWithItsOwnFiles() {
    Plan p = plan(List.of("cask", "javalin"), "HEAD", List.of(), List.of("heavy"), List.of(Mode.TUNED), List.of(), Plan.Limits.ON, 2, false, PLENTY);
    List<Contestant> servers = p.groups().get(0).contestants();
    assertEquals(List.of("cask#1", "cask#2", "cask@HEAD#1", "cask@HEAD#2", "javalin#1", "javalin#2", "javalin@HEAD#1", "javalin@HEAD#2"),
        servers.stream().map(Contestant::name).toList());
    assertEquals("cask", servers.get(1).build(), "the same build");
    assertEquals(servers.size(), servers.stream().map(Contestant::fileName).distinct().count(), "a log and a recording each");
    assertEquals(servers.get(0).instance(0), servers.get(1).instance(0), "the same set-up");
    assertNotEquals(servers.get(0).instance(0), servers.get(2).instance(0));
    assertTrue(servers.get(0).differsOnlyInBuild(servers.get(3)), "any instance pairs with any of the other build");
    assertEquals(2, p.comparisons(p.groups().get(0), settings(Profile.STANDARD, null)).get(0).blocks().size(), "a framework's instances side by side");
    Plan one = plan(List.of("cask", "javalin"), "HEAD", List.of(), List.of("heavy"), List.of(Mode.TUNED), List.of(), Plan.Limits.ON, 1, false, PLENTY);
    assertTrue(p.leastSeconds(settings(Profile.STANDARD, null)) > 1.9 * one.leastSeconds(settings(Profile.STANDARD, null)) - 2 * Plan.BATCH_SECONDS,
        "twice the servers, twice the rounds' time");
  }

  @Test
  void aModesServersThatDoNotFitInMemoryAreSplitIntoGroupsEachFrameworksBuildsTogether() {
    // each server 1 GB of heap and SERVER_OVERHEAD_BYTES: five fit in 8 GB
    Plan p = plan(List.of("a", "b", "c", "d", "e", "f"), null, List.of(), List.of("heavy"), List.of(Mode.TUNED), List.of(),
        new Plan.Limits(true, List.of(Mode.TUNED)), false, 8 * GB);
    List<Group> groups = p.groups();
    assertEquals(List.of("tuned, group 1 of 3", "tuned, group 2 of 3", "tuned, group 3 of 3"), groups.stream().map(Group::label).toList());
    assertEquals(List.of("a tuned", "a tuned, limits off", "b tuned", "b tuned, limits off"), labels(groups.get(0).contestants()));
    assertTrue(groups.stream().allMatch(g -> g.contestants().size() == 4));
    assertEquals(1, plan(List.of("a", "b", "c"), List.of("heavy"), List.of(Mode.TUNED), Plan.Limits.ON).groups().size(), "plenty: one group");
  }

  @Test
  void otherHeapsJoinTheIdiomaticGroupForHeavyOnly() {
    Plan p = plan(List.of("cask"), null, List.of(), List.of("heavy", "small"), List.of(Mode.IDIOMATIC, Mode.TUNED), List.of("512m", "2g"),
        Plan.Limits.ON, false, PLENTY);
    Group idiomatic = p.groups().get(0);
    assertEquals(List.of("cask idiomatic", "cask idiomatic (heap 512m)", "cask idiomatic (heap 2g)"), labels(idiomatic.contestants()));
    List<Comparison> comparisons = p.comparisons(idiomatic, settings(Profile.STANDARD, null));
    assertEquals(3, comparisons.get(0).contestants().size(), "heavy at every heap");
    assertEquals(List.of("cask idiomatic"), labels(comparisons.get(1).contestants()), "small at the run's heap");
    assertEquals(List.of("cask tuned"), labels(p.groups().get(1).contestants()));
  }

  @Test
  void theQuickProfileTakesTheFirstFrameworkThroughEveryScenarioAndPairsItAlone() {
    Plan p = plan(List.of("javalin", "cask"), null, List.of(), List.of("heavy", "small", "hello", "overload"), List.of(Mode.IDIOMATIC, Mode.CACHED),
        List.of(), new Plan.Limits(true, List.of(Mode.CACHED)), true, PLENTY);
    Scenario.Settings quick = settings(Profile.QUICK, null);
    List<Comparison> idiomatic = p.comparisons(p.groups().get(0), quick);
    assertEquals(List.of("heavy 50 users", "small 1 user", "small 100 users", "hello keep-alive 50 users", "hello new connection 50 users",
        "overload 12 users"), steps(idiomatic));
    assertEquals(2, idiomatic.get(0).contestants().size());
    assertEquals(List.of("javalin idiomatic"), labels(idiomatic.get(3).contestants()), "every scenario on the first framework only");
    assertEquals(List.of("javalin cached", "javalin cached, limits off", "cask cached"), labels(p.groups().get(1).contestants()));
    assertEquals(List.of("heavy", "small"), Plan.takenThroughWhenQuick("heavy", List.of("heavy", "small")));
  }

  @Test
  void theCalibrationRunsBeforeTheLatencyScenarioWhenItsRatesAreNotGiven() {
    Plan p = plan(List.of("cask", "javalin"), List.of("small", "latency"), List.of(Mode.IDIOMATIC, Mode.TUNED), Plan.Limits.ON);
    Comparison calibration = p.calibration(p.groups().get(0), settings(Profile.STANDARD, null));
    assertTrue(calibration.calibration());
    assertEquals("small 50 users", calibration.step().label());
    assertEquals(2, calibration.contestants().size());
    assertNull(p.calibration(p.groups().get(0), settings(Profile.STANDARD, List.of(10))), "--rates given: nothing to calibrate");
    assertNull(p.calibration(p.groups().get(1), settings(Profile.STANDARD, null)), "latency runs as its users write it: not in tuned");
    assertEquals(List.of("small 50 users", "latency 10 req/s", "latency 20 req/s"),
        steps(p.comparisons(p.groups().get(0), settings(Profile.STANDARD, List.of(10, 20)))));
    assertTrue(p.leastSeconds(settings(Profile.STANDARD, null)) > plan(List.of("cask", "javalin"), List.of("small", "latency"),
        List.of(Mode.IDIOMATIC, Mode.TUNED), Plan.Limits.ON).leastSeconds(settings(Profile.STANDARD, List.of(1, 2, 3))), "the calibration takes time");
  }

  @Test
  void theLeastSecondsCountEveryServersStartWarmUpAndLeastRounds() {
    Plan p = plan(List.of("a", "b"), List.of("heavy"), List.of(Mode.TUNED), Plan.Limits.ON);
    List<Integer> each = p.leastSecondsEach(settings(Profile.STANDARD, null));
    // two servers started; a group's first comparison: warm-up rounds until each has had the cap of load, then 5 rounds
    // of two slices, in one Gatling run
    int slice = Profile.STANDARD.sliceSeconds, warmups = (Profile.STANDARD.warmupSeconds + slice - 1) / slice;
    assertTrue(warmups > Plan.FIRST_WARMUP_ROUNDS, "the cap takes more rounds than the first warm-up's");
    assertEquals(List.of(2 * Plan.START_SECONDS + (warmups + 5) * 2 * slice + Plan.BATCH_SECONDS), each);
    assertEquals(each.get(0), p.leastSeconds(settings(Profile.STANDARD, null)));
    Step heavy = RouteScenario.HEAVY.steps(settings(Profile.STANDARD, null)).get(0);
    assertEquals(2 * slice, Plan.roundSeconds(new Comparison(heavy, p.groups().get(0).contestants(), false)));
  }
}
