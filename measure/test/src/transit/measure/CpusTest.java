package transit.measure;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpusTest {
  @Test
  void cpuListsAreRangesAndSingleCpus() {
    assertEquals(List.of(0, 1, 2, 5), Cpus.parseList("0-2,5"));
    assertEquals(List.of(3), Cpus.parseList(" 3 "));
    assertThrows(IllegalArgumentException.class, () -> Cpus.parseList("2-1"));
    assertThrows(IllegalArgumentException.class, () -> Cpus.parseList("x"));
  }

  @Test
  void onTwoCpusTheMeasuredProcessGetsTheFirstAndTheMeasuringSideTheOther() {
    Cpus.Split cpus = Cpus.split(List.of(2, 3), null, null);
    assertEquals(List.of(2), cpus.measured(), "the CPUs this process may use, not 0..n-1");
    assertEquals(List.of(3), cpus.measuring());
    assertEquals(List.of(2, 3), cpus.allowed(), "what the run may use, which the report states");
  }

  @Test
  void onMoreTheMeasuredProcessGetsHalfAvoidingCpuZero() {
    Cpus.Split cpus = Cpus.split(List.of(0, 1, 2, 3, 4, 5, 6, 7), null, null);
    assertEquals(List.of(1, 2, 3, 4), cpus.measured());
    assertEquals(List.of(0, 5, 6, 7), cpus.measuring());
  }

  @Test
  void oneCpuIsShared() {
    assertTrue(Cpus.split(List.of(0), null, null).shared());
  }

  @Test
  void givenListsMustBeUsable() {
    Cpus.Split cpus = Cpus.split(List.of(0, 1, 2, 3), List.of(3), null);
    assertEquals(List.of(0, 1, 2), cpus.measuring(), "the rest goes to the measuring side");
    assertThrows(IllegalArgumentException.class, () -> Cpus.split(List.of(0, 1), List.of(4), null));
    assertThrows(IllegalArgumentException.class, () -> Cpus.split(List.of(0, 1), List.of(0, 1), null), "nothing left for the measuring side");
  }

  @Test
  void thisProcessMayRunOnTheCpusItsAffinityNames() throws java.io.IOException {
    List<Integer> mine = Cpus.ofThisProcess();
    assertEquals(Runtime.getRuntime().availableProcessors(), mine.size(), "the JVM counts the CPUs its affinity allows: " + mine);
    Path status = Path.of("/proc/self/status");
    assumeTrue(Files.isReadable(status), "no /proc/self/status to check the list against (not Linux)");
    String allowed = Files.readAllLines(status).stream().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
        .substring("Cpus_allowed_list:".length());
    assertEquals(Cpus.parseList(allowed), mine, "the CPUs the kernel lets this process run on");
  }
}
