package transit.bench.run;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.bench.scenario.Requests;
import transit.bench.scenario.RouteLists;
import transit.bench.scenario.Step;

/** What the harness hands a Gatling JVM: its plan, whole, and its decisions on the plan's slices as the run goes. */
class SimulationPlanTest {
  static final Step HEAVY = Step.closed("heavy", "", 50, 3).withRequests(10, 3);

  static SimulationPlan plan(Step... steps) {
    List<SimulationPlan.Slice> slices = java.util.Arrays.stream(steps).map(s -> new SimulationPlan.Slice("http://127.0.0.1:1234", s, -7)).toList();
    return new SimulationPlan(slices, new RouteLists(List.of("Red", "B82+"), List.of("CR-Fitchburg"), "made up"),
        Map.of("/", 12, Requests.schedule("B82+"), 345));
  }

  @Test
  void aPlanSurvivesItsFile(@TempDir Path dir) {
    SimulationPlan plan = plan(HEAVY, Step.open("latency", 7, 3), Step.closed("hello", "keep-alive", 50, 3));
    plan.save(dir.resolve("plan.properties"));
    assertEquals(plan, SimulationPlan.load(dir.resolve("plan.properties")));
    assertEquals("/schedules/B82%2B", Requests.schedule("B82+"));
    assertEquals("/schedules/a%20b", Requests.schedule("a b"));
  }

  @Test
  void slicesOfOneStepsFixedWorkLoopInOnePopulationAndAnyOtherPlanChainsAPopulationPerSlice() {
    assertTrue(plan(HEAVY, HEAVY.withRequests(20, 3)).looping(), "one comparison's slices, whatever their work");
    assertFalse(plan(HEAVY, Step.closed("small", "", 50, 3).withRequests(10, 3)).looping(), "two steps");
    assertFalse(plan(HEAVY.forSeconds(3)).looping(), "a slice of time");
    assertFalse(plan(Step.open("latency", 7, 3)).looping(), "an open model's arrivals");
  }

  @Test
  void gatlingStartedBeforeItsPlanWaitsForIt(@TempDir Path dir) throws Exception {
    SimulationPlan plan = plan(HEAVY);
    Path file = dir.resolve("plan.properties");
    var loaded = java.util.concurrent.CompletableFuture.supplyAsync(() -> SimulationPlan.load(file));
    Thread.sleep(300);
    assertFalse(loaded.isDone(), "no plan yet: the load waits");
    plan.save(file);
    assertEquals(plan, loaded.get(10, java.util.concurrent.TimeUnit.SECONDS));
    assertEquals(List.of("plan.properties"), Files.list(dir).map(f -> f.getFileName().toString()).toList(), "written whole, by a move");
  }

  @Test
  void theSimulationSeesTheHarnesssDecisionsAsTheyArePublished(@TempDir Path dir) throws Exception {
    Control.Reading reading = new Control.Reading(dir);
    assertFalse(reading.decided(0), "no file yet: nothing decided");
    Control control = new Control(dir);
    control.go(0);
    control.go(12);
    assertFalse(reading.decided(0), "not published yet: still the empty file");
    Thread.sleep(20);
    control.publish();
    Thread.sleep(20);
    assertTrue(reading.decided(1));
    assertFalse(reading.decided(2));
    assertEquals(0, reading.requests(0), "its step's own work");
    assertEquals(12, reading.requests(1));
    assertEquals(12, control.requests(1));
    control.skip();
    control.publish();
    Thread.sleep(20);
    assertTrue(reading.decided(2));
    assertTrue(reading.skipped(2));
    assertFalse(reading.skipped(1));
    assertEquals(3, control.decided());
  }
}
