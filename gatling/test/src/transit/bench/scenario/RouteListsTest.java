package transit.bench.scenario;

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
    Map<String, Integer> lengths = new java.util.HashMap<>(routes(14, i -> 50_000 + i * 10_000)); // r0 50 KB … r13 180 KB
    lengths.putAll(Map.of("a", 49_999, "z", 200_001));
    RouteLists lists = RouteLists.derive(lengths);
    assertEquals(14, lists.small().size());
    assertFalse(lists.small().contains("a") || lists.small().contains("z"), "outside 50-200 KB: " + lists.small());
  }

  @Test
  void withFewerThanADozenSuchRoutesSmallIsTheDozenNearestTheBand() {
    RouteLists lists = RouteLists.derive(routes(30, i -> 300_000 - i));
    assertEquals(12, lists.small().size());
    assertEquals("r29", lists.small().get(0), "the smallest first");
    assertEquals("r18", lists.small().get(11));
    Map<String, Integer> lengths = new java.util.HashMap<>(routes(20, i -> 1_000_000 + i)); // long routes, and one small
    lengths.putAll(Map.of("small", 100_000, "tiny", 100, "near", 40_000));
    List<String> small = RouteLists.derive(lengths).small();
    assertEquals(12, small.size());
    assertEquals(List.of("near", "small", "r0"), small.subList(0, 3), "within the band, then the nearest by ratio: " + small);
    assertFalse(small.contains("tiny"), "100 bytes is further from 50 KB than 1 MB is from 200 KB");
    assertEquals(5, RouteLists.derive(routes(5, i -> 10)).small().size());
  }

  @Test
  void theReferenceListsAreTheK6TestsOwn() {
    RouteLists reference = RouteLists.reference();
    assertEquals(List.of("CR-Fairmount", "CR-Fitchburg", "CR-Worcester", "CR-Franklin", "CR-Greenbush", "CR-Haverhill", "CR-Kingston",
        "CR-Lowell", "CR-Middleborough", "CR-Needham", "CR-Newburyport", "CR-Providence", "CR-Foxboro", "Boat-F4", "Boat-F1",
        "Boat-EastBoston", "121", "201", "202", "210", "245", "351", "354"), reference.small(), "the small test's routes, in its order");
    assertEquals(99, reference.heavy().size());
    assertEquals(99, reference.heavy().stream().distinct().count(), "no route twice");
    assertEquals(List.of("Mattapan", "Orange", "Green-B"), reference.heavy().subList(0, 3), "in the heavy test's order");
    assertEquals(List.of("84", "85"), reference.heavy().subList(97, 99));
  }
}
