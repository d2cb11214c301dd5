package transit.synth;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import transit.Feed;
import transit.FeedLoader;
import transit.api.TransitApi;

class SyntheticFeedTest {
  static Path write(long seed, int scale) throws Exception {
    Path zip = Files.createTempFile("generated", ".zip");
    SyntheticFeed.write(zip, seed, scale);
    return zip;
  }

  @Test
  void isMbtaShapedAndReadsBackThroughTheLoader() throws Exception {
    Feed feed = FeedLoader.load(write(SyntheticFeed.DEFAULT_SEED, 1));
    assertTrue(feed.tripCount() > 67_000 && feed.tripCount() < 83_000, "about 75k trips: " + feed.tripCount());
    assertTrue(feed.stopTimeCount() > 1_800_000 && feed.stopTimeCount() < 2_200_000, "about 2M stop_times: " + feed.stopTimeCount());
    Set<String> ids = new HashSet<>(SyntheticFeed.referenceRouteIds("mbta-heavy"));
    ids.addAll(SyntheticFeed.referenceRouteIds("mbta-small"));
    assertEquals(106, ids.size());
    int largest = 0, smallest = Integer.MAX_VALUE;
    for (String id : ids) {
      int route = feed.routeIds.code(id);
      assertTrue(route >= 0 && feed.tripsByRoute.size(route) > 0, "route " + id + " has trips");
      int stopTimes = 0;
      for (int i = feed.tripsByRoute.start(route); i < feed.tripsByRoute.end(route); i++)
        stopTimes += feed.stopTimesByTrip.size(feed.tripsByRoute.value(i));
      largest = Math.max(largest, stopTimes);
      smallest = Math.min(smallest, stopTimes);
    }
    // ~80 bytes of JSON per stop time: from a few KB to ~7 MB per route, like MBTA's.
    assertTrue(largest * 80L > 5_000_000 && largest * 80L < 9_000_000, "largest route: " + largest + " stop times");
    assertTrue(smallest * 80L < 20_000, "smallest route: " + smallest + " stop times");
    TransitApi api = new TransitApi(feed, 0, java.time.Clock.systemUTC());
    List<?> weekday = api.schedules("Orange", "20260915").body(), holiday = api.schedules("Orange", "20261225").body();
    assertTrue(weekday.size() > holiday.size() && !holiday.isEmpty(), "weekday service, and Sunday service on a holiday");
  }

  @Test
  void theSameSeedWritesTheSameBytesAndScaleMultipliesTrips() throws Exception {
    Path a = write(7, 1), b = write(7, 1);
    assertEquals(-1, Files.mismatch(a, b));
    assertNotEquals(-1, Files.mismatch(a, write(8, 1)), "another seed, another feed");
    assertEquals(2 * FeedLoader.load(a).tripCount(), FeedLoader.load(write(7, 2)).tripCount());
  }
}
