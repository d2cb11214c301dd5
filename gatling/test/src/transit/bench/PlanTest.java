package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which steps and server runs a command line makes, in which order. */
class PlanTest {
  static List<Step> steps(Options o, List<Integer> rates) {
    Scenario.Settings settings = o.settings(rates);
    return o.scenarios().stream().flatMap(n -> Scenarios.named(n).steps(settings).stream()).toList();
  }

  static List<String> labels(List<Step> steps) { return steps.stream().map(Step::label).toList(); }

  @Test
  void theFullProfileHasEveryReferenceStep() {
    assertEquals(List.of("heavy 50 users", "small 1 user", "small 10 users", "small 50 users", "small 100 users",
        "hello keep-alive 50 users", "hello new connection 50 users", "think-time 1 s pause 100 users",
        "think-time 0.1 s pause 100 users", "latency 10 req/s", "latency 20 req/s", "latency 30 req/s", "connections 1000 users",
        "reload 50 users", "overload 120 users"),
        labels(steps(OptionsTest.parse("--profile", "full"), List.of(10, 20, 30))));
  }

  @Test
  void theStandardProfileMeasuresHeavyAndSmallAtFiftyUsers() {
    assertEquals(List.of("heavy 50 users", "small 50 users"), labels(steps(OptionsTest.parse(), List.of(5))));
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
    Options o = OptionsTest.parse("--repeat", "2", "--scenarios", "heavy,hello", "--frameworks", "cask,javalin");
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

  @Test
  void theCalibrationRunsEachFrameworkOnceWhenTheRatesAreNotGiven() {
    Options o = OptionsTest.parse("--scenarios", "small,latency", "--frameworks", "cask,javalin");
    RunPlan plan = o.plan(o.frameworks(), "1g");
    List<RunPlan.Run> calibration = plan.calibration(o.settings(null));
    assertEquals(List.of("calibration-cask-idiomatic-1g", "calibration-javalin-idiomatic-1g"), calibration.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("small 50 users"), labels(calibration.get(0).steps()));
    assertEquals(List.of(), plan.calibration(o.settings(List.of(10))), "--rates given: nothing to calibrate");
    assertTrue(plan.expectedSeconds(o.settings(null)) > plan.expectedSeconds(o.settings(List.of(10, 20, 30))), "the calibration takes time");
  }

  @Test
  void unlimitedAnswersAddHeavyWithTheAnswersHeapOff() {
    Options o = OptionsTest.parse("--scenarios", "small", "--modes", "tuned", "--unlimited-answers", "--frameworks", "cask", "--repeat", "1");
    List<RunPlan.Run> runs = o.plan(o.frameworks(), "1g").rounds(o.settings(null));
    assertEquals(List.of("r1-cask-tuned-1g", "r1-cask-idiomatic-1g-unlimited"), runs.stream().map(RunPlan.Run::name).toList());
    assertEquals(List.of("heavy 50 users"), labels(runs.get(1).steps()));
    assertEquals("1g " + RunPlan.UNLIMITED, runs.get(1).heapLabel());
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
}
