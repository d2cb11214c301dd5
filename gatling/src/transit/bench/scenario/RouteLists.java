package transit.bench.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import transit.Feed;
import transit.FeedSnapshot;
import transit.synth.SyntheticFeed;

/**
 * The routes the heavy and small scenarios request: the reference load tests' lists when the feed has every one
 * of their ids (the real MBTA feed and the generated one do), otherwise lists derived from the feed.
 */
public record RouteLists(List<String> heavy, List<String> small, String source) {
  static final int MAX_HEAVY = 100, SMALLEST = 12;
  static final long SMALL_MIN_BYTES = 50_000, SMALL_MAX_BYTES = 200_000;

  static List<String> referenceHeavy() { return SyntheticFeed.referenceRouteIds("mbta-heavy"); }

  static List<String> referenceSmall() { return SyntheticFeed.referenceRouteIds("mbta-small"); }

  public static RouteLists reference() {
    return new RouteLists(referenceHeavy(), referenceSmall(), "the reference lists (mbta-heavy, mbta-small)");
  }

  /**
   * From each route's response length (every route with trips): heavy is every route, or 100 spread evenly
   * across response sizes when there are more; small is the routes answering 50-200 KB, or when fewer than a
   * dozen do, the dozen nearest that band (by ratio of sizes), so a feed of long routes still gets a list of its smallest.
   */
  public static RouteLists derive(Map<String, Integer> lengths) {
    List<String> bySize = lengths.keySet().stream()
        .sorted(Comparator.comparing((String r) -> lengths.get(r)).thenComparing(Comparator.naturalOrder())).toList();
    int n = bySize.size();
    List<String> heavy = n <= MAX_HEAVY ? bySize
        : IntStream.range(0, MAX_HEAVY).mapToObj(i -> bySize.get((int) ((long) i * (n - 1) / (MAX_HEAVY - 1)))).toList();
    List<String> small = bySize.stream()
        .filter(r -> lengths.get(r) >= SMALL_MIN_BYTES && lengths.get(r) <= SMALL_MAX_BYTES).toList();
    if (small.size() < SMALLEST) {
      List<String> nearest = bySize.stream().sorted(Comparator.comparingDouble((String r) -> distanceToSmall(lengths.get(r))))
          .limit(SMALLEST).toList();
      small = bySize.stream().filter(nearest::contains).toList();
    }
    return new RouteLists(heavy, small, "derived from the feed (the reference route ids are not all in it)");
  }

  /** How far a response length is from 50-200 KB, as the log of the ratio to the nearer bound; 0 within. */
  private static double distanceToSmall(int length) {
    double bytes = Math.max(length, 1);
    return bytes < SMALL_MIN_BYTES ? Math.log(SMALL_MIN_BYTES / bytes) : bytes > SMALL_MAX_BYTES ? Math.log(bytes / SMALL_MAX_BYTES) : 0;
  }

  /** Every route of the feed that has trips, in feed order: from the snapshot the servers wrote, where it is there. */
  public static List<String> routesWithTrips(Path feedPath) {
    Feed feed = FeedSnapshot.load(feedPath, FeedSnapshot.defaultDir()).feed();
    return IntStream.range(0, feed.routeIds.size()).filter(r -> feed.tripsByRoute.size(r) > 0)
        .mapToObj(feed.routeIds::value).toList();
  }

  /** The lists as files beside the results, so a derived run can be repeated and checked. */
  public void save(Path dir) {
    try {
      Files.write(dir.resolve("routes-heavy.txt"), heavy);
      Files.write(dir.resolve("routes-small.txt"), small);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
