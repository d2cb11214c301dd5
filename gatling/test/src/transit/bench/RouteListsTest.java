package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RouteListsTest {
  /** n routes "r0".."r(n-1)" whose response lengths are given by index. */
  static Map<String, Integer> routes(int n, java.util.function.IntUnaryOperator length) {
    Map<String, Integer> lengths = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) lengths.put("r" + i, length.applyAsInt(i));
    return lengths;
  }

  @Test
  void heavyIsEveryRouteUpToAHundred() {
    RouteLists lists = RouteLists.derive(routes(100, i -> 1000 * (100 - i)));
    assertEquals(100, lists.heavy().size());
    assertEquals("r99", lists.heavy().get(0), "ordered by response size");
  }

  @Test
  void pastAHundredHeavySpreadsAHundredAcrossResponseSizes() {
    RouteLists lists = RouteLists.derive(routes(1000, i -> i * 100));
    assertEquals(100, lists.heavy().size());
    assertEquals(100, lists.heavy().stream().distinct().count());
    assertEquals("r0", lists.heavy().get(0), "the smallest");
    assertEquals("r999", lists.heavy().get(99), "the largest");
    assertEquals("r504", lists.heavy().get(50), "evenly spaced");
  }

  @Test
  void smallIsTheRoutesOfFiftyToTwoHundredKilobytes() {
    RouteLists lists = RouteLists.derive(Map.of("a", 49_999, "b", 50_000, "c", 120_000, "d", 200_000, "e", 200_001));
    assertEquals(List.of("b", "c", "d"), lists.small());
  }

  @Test
  void withoutSuchRoutesSmallIsTheSmallestDozen() {
    RouteLists lists = RouteLists.derive(routes(30, i -> 300_000 - i));
    assertEquals(12, lists.small().size());
    assertEquals("r29", lists.small().get(0));
    assertEquals(5, RouteLists.derive(routes(5, i -> 10)).small().size());
  }

  @Test
  void theReferenceListsAreOnTheClasspath() {
    RouteLists reference = RouteLists.reference();
    assertTrue(reference.heavy().size() > 50);
    assertTrue(reference.small().size() > 10);
  }
}
