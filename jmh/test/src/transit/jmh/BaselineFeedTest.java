package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;

/** The baseline holds what core holds, so the load benchmark compares two representations of the same rows. */
class BaselineFeedTest {
  @Test
  void readsAsManyTripsAndStopTimesAsCore() {
    Path zip = Fixtures.zip(Fixtures.tinyFeed(), "");
    Feed core = FeedLoader.load(zip);
    BaselineFeed baseline = BaselineFeed.load(zip);
    assertEquals(core.tripCount(), baseline.trips.size());
    assertEquals(core.stopTimeCount(), baseline.stopTimes.size());
  }

  @Test
  void indexesStopTimesByTripInStopSequenceOrder() {
    BaselineFeed baseline = BaselineFeed.load(Fixtures.zip(Fixtures.tinyFeed(), ""));
    List<String> t1 = baseline.stopTimesByTrip.get("T1").stream().map(i -> baseline.stopTimes.get(i).stopId()).toList();
    assertEquals(List.of("S1", "S2", "S3"), t1);
  }
}
