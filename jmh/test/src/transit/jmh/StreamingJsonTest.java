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
import transit.Fixtures;
import transit.ServiceCalendar;
import transit.SharedFeeds;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;
import transit.cask.UpickleJson;
import transit.http4s.CirceJson;
import transit.javalin.JacksonJson;
import transit.server.ServerStartup;
import transit.synth.SyntheticFeed;

/** The streaming writer's bytes are the servers' bytes: Jackson's, upickle's and circe's, for the benchmarked routes. */
class StreamingJsonTest {
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {Feeds.BROOKLYN, Feeds.GENERATED})
  void theBenchmarkedRoutesAreEncodedAsEveryLibraryEncodesThem(String name) {
    Path path = name.equals(Feeds.BROOKLYN) ? SharedFeeds.require(Feeds.BROOKLYN_FILE) : ServerStartup.generatedFeed(SyntheticFeed.DEFAULT_SEED, 1);
    Feed feed = Feed.load(path);
    for (String route : List.of("large", "medium", "small")) {
      int code = Feeds.route(feed, route);
      List<TripSchedule> model = new TransitApi(feed, 0, Clock.systemUTC()).schedules(feed.routeIds.value(code), null).body();
      byte[] streamed = streamed(feed, code, null);
      assertArrayEquals(JacksonJson.schedules(model), streamed, route + " vs Jackson");
      assertArrayEquals(UpickleJson.schedules(model), streamed, route + " vs upickle");
      assertArrayEquals(CirceJson.schedules(model), streamed, route + " vs circe");
    }
  }

  /**
   * Escapes, UTF-8, empty times, hours past 99 and ?date=, against upickle and circe. Not Jackson: it writes a
   * character beyond U+FFFF as two \\u escapes (a surrogate pair) where the contract wants UTF-8.
   */
  @Test
  void datesAndEscapesAsTheContractWritesThem() {
    Feed feed = Feed.load(Fixtures.tinyFeedWith(Map.of("trips.txt", """
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
      assertEquals(new String(UpickleJson.schedules(model), UTF_8), streamed, "upickle, date " + date);
      assertEquals(new String(CirceJson.schedules(model), UTF_8), streamed, "circe, date " + date);
    }
  }

  static byte[] streamed(Feed feed, int route, boolean[] active) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new StreamingJson().schedules(feed, route, active, out);
    return out.toByteArray();
  }
}
