package transit.api;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;
import transit.api.Model.*;

class TransitApiTest {
  // 2026-09-15 is a Tuesday; 13:30 UTC is 09:30 in the tiny feed's America/New_York.
  static final Clock TUESDAY_0930 = Clock.fixed(Instant.parse("2026-09-15T13:30:00Z"), ZoneOffset.UTC);
  static final TransitApi API = new TransitApi(FeedLoader.load(Fixtures.tinyFeed()), 1234, TUESDAY_0930);

  static List<String> tripIds(TransitApi.Reply<List<TripSchedule>> reply) {
    assertTrue(reply.isOk(), () -> String.valueOf(reply.error()));
    return reply.body().stream().map(TripSchedule::tripId).toList();
  }

  @Test
  void schedulesListEveryTripOfTheRouteWithItsStopTimes() {
    var reply = API.schedules("R1", null);
    assertEquals(200, reply.status());
    assertEquals(List.of("T1", "T2", "T4"), tripIds(reply));
    TripSchedule t1 = reply.body().get(0);
    assertEquals(new TripSchedule("T1", "WKD", "R1", List.of(
        new StopTime("S1", "05:02:00", "05:02:00"),
        new StopTime("S2", "05:09:30", "05:10:00"),
        new StopTime("S3", "05:20:00", "05:20:00"))), t1);
  }

  @Test
  void healthNamesTheFeedAndAFailedReloadWithoutAPath() {
    TransitApi api = new TransitApi(FeedLoader.load(Fixtures.tinyFeed()), 1234, TUESDAY_0930);
    assertEquals(java.nio.file.Path.of(api.feed().source).getFileName().toString(), api.health().source(), "its name, not where it lies");
    assertTrue(api.feed().source.startsWith("/"), "the fixture's feed is an absolute path: " + api.feed().source);
    api.reloadFailed("/srv/gtfs/feed.zip: cannot read the feed: /srv/gtfs/feed.zip (No such file or directory)");
    assertEquals("feed.zip: cannot read the feed: feed.zip (No such file or directory)", api.health().lastFailedReload().error());
    api.reloadFailed("C:\\gtfs\\feed.zip: not a directory or a readable zip (zip END header not found) at path='/tmp/x/y'");
    assertEquals("feed.zip: not a directory or a readable zip (zip END header not found) at path='y'", api.health().lastFailedReload().error());
    api.reloadFailed("../shared/gtfs/feed.zip: no such file or directory; ./feed/trips.txt too");
    assertEquals("feed.zip: no such file or directory; trips.txt too", api.health().lastFailedReload().error(), "relative paths as --gtfs gives them");
    api.reloadFailed("trips.txt line 3: 1/2 of a value, route \"a/b\"");
    assertEquals("trips.txt line 3: 1/2 of a value, route \"a/b\"", api.health().lastFailedReload().error(), "a slash within a value is no path");
  }

  @Test
  void schedulesFilteredByDate() {
    assertEquals(List.of("T1"), tripIds(API.schedules("R1", "20260915")), "a Tuesday");
    assertEquals(List.of("T2"), tripIds(API.schedules("R1", "20260919")), "a Saturday");
    assertEquals(List.of("T2"), tripIds(API.schedules("R1", "20260907")), "Labor Day: weekday removed, Saturday added");
    assertEquals(List.of("T1", "T4"), tripIds(API.schedules("R1", "20261225")), "a Friday, and the holiday service");
    assertEquals(List.of(), tripIds(API.schedules("R1", "20300101")), "outside the feed");
  }

  @Test
  void routeIdsAreMatchedExactly() {
    assertEquals(List.of("T3"), tripIds(API.schedules("R+2", null)));
    assertEquals(List.of(), tripIds(API.schedules("R3", null)));
    var unknown = API.schedules("R 2", null);
    assertEquals(new ApiError(404, "Not Found", "no route with route_id \"R 2\""), unknown.error());
  }

  @Test
  void malformedDateIsABadRequestNamingTheParameter() {
    for (String bad : new String[] {"2026-09-15", "20260231", "", "tomorrow"}) {
      var reply = API.schedules("R1", bad);
      assertEquals(400, reply.status(), bad);
      assertEquals("parameter date: \"" + bad + "\" is not a date in YYYYMMDD form", reply.error().message());
    }
  }

  @Test
  void overlongIdsAreRejectedBeforeLookup() {
    String id = "x".repeat(10 * 1024);
    var reply = API.schedules(id, null);
    assertEquals(new ApiError(400, "Bad Request", "parameter route_id: 10240 characters long; the limit is 256"), reply.error());
    assertEquals(400, API.departures(id, null, null, null).status());
  }

  @Test
  void departuresAreTheNextOnesOfThatServiceDayInTimeOrder() {
    var reply = API.departures("S1", "20260915", "00:00:00", null);
    assertEquals(new Departures("S1", "20260915", "00:00:00", List.of(
        new Departure("T1", "R1", "05:02:00"), new Departure("T3", "R+2", "24:50:00"))), reply.body());
    assertEquals(List.of(new Departure("T3", "R+2", "24:50:00")), API.departures("S1", "20260915", "5:02:01", null).body().departures());
    assertEquals(List.of(new Departure("T1", "R1", "05:02:00")), API.departures("S1", "20260915", "05:02:00", "1").body().departures());
    assertEquals(List.of(new Departure("T2", "R1", "08:15:00")), API.departures("S1", "20260919", "06:00:00", null).body().departures());
    assertEquals(List.of(), API.departures("S4", "20260915", "00:00:00", null).body().departures(), "a stop no trip serves");
  }

  @Test
  void departuresDefaultToTodayAndNowInTheFeedsTimeZone() {
    var reply = API.departures("S1", null, null, null).body();
    assertEquals("20260915", reply.date());
    assertEquals("09:30:00", reply.after());
    assertEquals(List.of(new Departure("T3", "R+2", "24:50:00")), reply.departures());
  }

  @Test
  void departuresRejectBadParameters() {
    assertEquals("parameter after: \"9am\" is not a time in HH:MM:SS form", API.departures("S1", null, "9am", null).error().message());
    assertEquals("parameter date: \"2026\" is not a date in YYYYMMDD form", API.departures("S1", "2026", null, null).error().message());
    for (String limit : new String[] {"0", "-1", "1001", "ten", ""})
      assertEquals("parameter limit: \"" + limit + "\" is not a whole number from 1 to 1000",
          API.departures("S1", null, null, limit).error().message(), limit);
    assertEquals(new ApiError(404, "Not Found", "no stop with stop_id \"S9\""), API.departures("S9", null, null, null).error());
  }

  @Test
  void helloRoutes() {
    assertEquals("Hello World!", TransitApi.helloWorld());
    assertEquals("Hello, Ada", TransitApi.greeting("Ada").body());
    assertEquals("parameter name: control character U+000D at position 1", TransitApi.greeting("a\r\nb").error().message());
    assertEquals(400, TransitApi.greeting("\u0085").status());
    assertEquals(new Greeting("Hello Ada!"), TransitApi.hello("  Ada ").body());
    assertEquals(new Greeting("Hello World!"), TransitApi.hello(null).body());
    assertEquals(new Greeting("Hello World!"), TransitApi.hello("   ").body());
    assertEquals("parameter name: control character U+0009 at position 1", TransitApi.hello("a\tb").error().message());
  }

  @Test
  void healthSummarisesTheFeed() {
    FeedSummary s = API.health();
    assertEquals(List.of(3, 4, 8, 4, 3), List.of(s.routes(), s.trips(), s.stopTimes(), s.stops(), s.services()));
    assertEquals(1234, s.heapBytes());
  }

  @Test
  void errorBodiesForPathsAndMethods() {
    assertEquals(new ApiError(404, "Not Found", "no such path: /nope"), HttpContract.noSuchPath("/nope"));
    assertEquals(new ApiError(405, "Method Not Allowed", "method POST is not allowed on /; use GET"), HttpContract.methodNotAllowed("POST", "/"));
  }

  @Test
  void targetsWithDotSegmentsOrBrokenPercentEncodingAreRefused() {
    for (String path : new String[] {"/schedules/..", "/../health", "/schedules/./R1", "/schedules/%2e%2E/health", "/.", "/%2E"})
      assertEquals("path: \"" + path + "\" has a dot segment (. or ..)", HttpContract.badTarget(path, null).message(), path);
    for (String path : new String[] {"/schedules/...", "/schedules/a..b", "/schedules/.x", "/", "//schedules//R1", "/schedules/%2e%2e%2e"})
      assertNull(HttpContract.badTarget(path, null), path);
    assertEquals("query: \"date=%zz\" is not valid percent-encoding", HttpContract.badTarget("/stops/S1/departures", "limit=2&date=%zz").message());
    for (String query : new String[] {"name=a%", "name=%4", "%g0=1", "name=%%41"})
      assertEquals(400, HttpContract.badTarget("/hello", query).status(), query);
    for (String query : new String[] {"", "name=%41%c3%a9", "name=a+b&&x", "name=%E9", "date="})
      assertNull(HttpContract.badTarget("/hello", query), query);
  }
}
