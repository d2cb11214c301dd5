package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanTest {
  @Test
  void theDefaultStepsAreTheBenchmarksSteps() {
    List<String> labels = Step.plan(OptionsTest.parse()).stream().map(Step::label).toList();
    assertEquals(List.of("heavy 50 users", "small 1 user", "small 10 users", "small 50 users", "small 100 users",
        "hello keep-alive 50 users", "hello new connection 50 users", "think-time 1 s pause 100 users",
        "think-time 0.1 s pause 100 users"), labels);
  }

  @Test
  void thinkTimeSharesTenThousandRequestsAmongItsUsersOrFitsTheQuickDuration() {
    Step slow = Step.plan(OptionsTest.parse("--scenarios", "think-time")).get(0);
    assertEquals(100, slow.requestsPerUser());
    assertEquals(1000, slow.pauseMillis());
    Step quickFast = Step.plan(OptionsTest.parse("--scenarios", "think-time", "--quick", "--duration", "2")).get(1);
    assertEquals(20, quickFast.requestsPerUser());
  }

  @Test
  void usersReplaceEveryScenariosUserCounts() {
    List<Step> steps = Step.plan(OptionsTest.parse("--users", "3,7", "--scenarios", "heavy,hello"));
    assertEquals(List.of(3, 7, 3, 3, 7, 7), steps.stream().map(Step::users).toList());
  }

  @Test
  void aPlanSurvivesItsFile(@TempDir Path dir) {
    Plan plan = new Plan("http://127.0.0.1:1234", Step.plan(OptionsTest.parse("--quick")), List.of("Red", "B82+"),
        List.of("CR-Fitchburg"), Map.of("/", 12, Plan.schedulePath("B82+"), 345));
    plan.save(dir.resolve("plan.properties"));
    assertEquals(plan, Plan.load(dir.resolve("plan.properties")));
    assertEquals("/schedules/B82%2B", Plan.schedulePath("B82+"));
    assertEquals("/schedules/a%20b", Plan.schedulePath("a b"));
  }
}
