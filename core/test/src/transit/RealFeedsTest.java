package transit;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import transit.api.Model.StopTime;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/**
 * Every feed in ../shared/gtfs loads with the row counts its README lists, and one route of each answers
 * with the values read from the raw files by an independent script (Python's csv module).
 */
class RealFeedsTest {
  @ParameterizedTest
  @CsvSource({
    // feed, trips, stop_times, route, trips of route, first trip, its service, stop times, first stop, first time, last stop, last time, last trip
    "nyc-bus-brooklyn-2026.zip, 58357, 2400187, B82+, 608, EN_O6-Weekday-028500_SBS82_901, EN_O6-Weekday, 23, 304083, 04:45:00, 300497, 05:28:00, EN_D6-Weekday-SDon-087100_SBS82_922",
    "nyc-subway-2026.zip, 20621, 565093, 1, 1142, ASP26GEN-1038-Sunday-00_000600_1..S03R, Sunday, 38, 101S, 00:06:00, 142S, 01:04:00, XL0S1-1-1094-S02_149900_1..N15R",
    "nyc-lirr-2026.zip, 2081, 22730, 1, 387, GO202_26_2_1, 7926218B, 2, 102, 01:05:00, 27, 01:42:00, GO202_26_6275_1",
    "mbta-commuter-rail-2025.zip, 1688, 19268, CR-Worcester, 207, WMLWKND-732139-5591, SPRING2025-SOUTHSS-Weekend-11-Sb0e4ed14, 6, WML-0214-02, 24:15:00, WML-0442-CS, 24:59:00, canonical-CR-Worcester-C1-1",
    "mbta-2009.zip, 12407, 338008, 24_-1054, 104, 10884185-BUSS29-hbb29011-Weekday-03, BUSS29-hbb29011-Weekday-03, 38, 185, 05:44:00, 6411, 06:01:00, 10888366-BUSS29-hbb29ns1-Weekday-03",
    "caltrain-2019.zip, 143, 2148, 12867, 26, 803, c_16884_b_19708_d_96, 9, 70261, 17:21:00, 70011, 18:30:00, 386",
  })
  void loadsWithTheReadmeCountsAndAnswersARouteFieldByField(String file, long trips, long stopTimes, String route,
      int routeTrips, String firstTrip, String service, int firstTripStops, String firstStop, String firstTime,
      String lastStop, String lastTime, String lastTrip) {
    Feed feed = FeedLoader.load(SharedFeeds.require(file));
    assertEquals(trips, feed.rowsPerFile.get("trips.txt"));
    assertEquals(stopTimes, feed.rowsPerFile.get("stop_times.txt"));

    List<TripSchedule> schedules = new TransitApi(feed, 0, java.time.Clock.systemUTC()).schedules(route, null).body();
    assertEquals(routeTrips, schedules.size());
    TripSchedule first = schedules.get(0);
    assertEquals(List.of(firstTrip, service, route), List.of(first.tripId(), first.serviceId(), first.routeId()));
    assertEquals(firstTripStops, first.schedules().size());
    assertEquals(new StopTime(firstStop, firstTime, firstTime), first.schedules().get(0));
    assertEquals(new StopTime(lastStop, lastTime, lastTime), first.schedules().get(firstTripStops - 1));
    assertEquals(lastTrip, schedules.get(routeTrips - 1).tripId());
  }

  @ParameterizedTest
  @CsvSource({"nyc-lirr-2026.zip", "nyc-subway-2026.zip"})
  void everyTripBelongsToExactlyOneRoute(String file) {
    Feed feed = FeedLoader.load(SharedFeeds.require(file));
    int total = 0;
    for (int r = 0; r < feed.routeIds.size(); r++) total += feed.tripsByRoute.size(r);
    assertEquals(feed.tripCount(), total);
  }
}
