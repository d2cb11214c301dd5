package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import transit.cli.Cli;

class CpusTest {
  @Test
  void cpuListsAreRangesAndSingleCpus() {
    assertEquals(List.of(0, 1, 2, 5), Cpus.parseList("0-2,5"));
    assertEquals(List.of(3), Cpus.parseList(" 3 "));
    assertThrows(IllegalArgumentException.class, () -> Cpus.parseList("2-1"));
    assertThrows(IllegalArgumentException.class, () -> Cpus.parseList("x"));
  }

  @Test
  void onTwoCpusTheServerGetsTheFirstAndTheClientTheOther() {
    Cpus cpus = Cpus.choose(List.of(2, 3), null, null);
    assertEquals(List.of(2), cpus.server(), "the CPUs this process may use, not 0..n-1");
    assertEquals(List.of(3), cpus.client());
    assertEquals(List.of(2, 3), cpus.allowed(), "what the run may use, which the report states");
  }

  @Test
  void onMoreTheServerGetsHalfAvoidingCpuZero() {
    Cpus cpus = Cpus.choose(List.of(0, 1, 2, 3, 4, 5, 6, 7), null, null);
    assertEquals(List.of(1, 2, 3, 4), cpus.server());
    assertEquals(List.of(0, 5, 6, 7), cpus.client());
  }

  @Test
  void oneCpuIsShared() {
    assertTrue(Cpus.choose(List.of(0), null, null).shared());
  }

  @Test
  void givenListsMustBeUsable() {
    Cpus cpus = Cpus.choose(List.of(0, 1, 2, 3), List.of(3), null);
    assertEquals(List.of(0, 1, 2), cpus.client(), "the rest goes to the client");
    assertThrows(Cli.UsageException.class, () -> Cpus.choose(List.of(0, 1), List.of(4), null));
    assertThrows(Cli.UsageException.class, () -> Cpus.choose(List.of(0, 1), List.of(0, 1), null), "nothing left for the client");
  }
}
