package transit.jmh;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;
import transit.ServiceCalendar;
import transit.SharedFeeds;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.FrameworkRegistry;
import transit.server.ServedFeed;
import transit.synth.SyntheticFeed;

/** The streaming writer's bytes are the servers' bytes: every framework's encoder's, for the benchmarked routes. */
class StreamingJsonTest {
  static final FrameworkRegistry REGISTRY = FrameworkRegistry.load();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {Feeds.BROOKLYN, Feeds.GENERATED})
  void theBenchmarkedRoutesAreEncodedAsEveryLibraryEncodesThem(String name) {
    Path path = name.equals(Feeds.BROOKLYN) ? SharedFeeds.require(Feeds.BROOKLYN_FILE) : ServedFeed.generated(SyntheticFeed.DEFAULT_SEED, 1);
    Feed feed = FeedLoader.load(path);
    for (String route : List.of("large", "medium", "small")) {
      int code = Feeds.route(feed, route);
      List<TripSchedule> model = new TransitApi(feed, 0, Clock.systemUTC()).schedules(feed.routeIds.value(code), null).body();
      byte[] streamed = streamed(feed, code, null);
      for (String framework : REGISTRY.names())
        assertArrayEquals(REGISTRY.framework(framework).encodeSchedules(model), streamed, route + " vs " + framework + "'s encoder");
    }
  }

  /** Escapes, UTF-8 (a character beyond U+FFFF too), empty times, hours past 99 and ?date=, against every framework's encoder. */
  @Test
  void datesAndEscapesAsTheContractWritesThem() {
    Feed feed = FeedLoader.load(Fixtures.tinyFeedWith(Map.of("trips.txt", """
        route_id,service_id,trip_id
        R1,WKD,"q""uote\\back/slash"
        R1,SAT,été 🚌
        R1,WKD,"tab\tnew
        line"
        """, "stop_times.txt", """
        trip_id,stop_id,arrival_time,departure_time,stop_sequence
        "q""uote\\back/slash",S1,5:02:00,,1
        été 🚌,S2,24:59:59,125:00:00,1
        "tab\tnew
        line",S3,,,1
        """)));
    TransitApi api = new TransitApi(feed, 0, Clock.systemUTC());
    int route = feed.routeIds.code("R1");
    for (String date : new String[] {null, "20260915", "20260919"}) {
      boolean[] active = date == null ? null : feed.calendar.activeOn(ServiceCalendar.parseDate(date));
      List<TripSchedule> model = api.schedules("R1", date).body();
      String streamed = new String(streamed(feed, route, active), UTF_8);
      for (String framework : REGISTRY.names())
        assertEquals(new String(REGISTRY.framework(framework).encodeSchedules(model), UTF_8), streamed, framework + ", date " + date);
    }
  }

  static byte[] streamed(Feed feed, int route, boolean[] active) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new StreamingJson().schedules(feed, route, active, out);
    return out.toByteArray();
  }
}
