package transit.api;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;

/**
 * The tuned writer's bytes: the contract's JSON on the tiny feed, strings escaped as the JSON libraries escape
 * them, and the same bytes whatever the chunk size. (The conformance suite compares it with the three
 * libraries over the real feeds, through every server.)
 */
class SchedulesJsonTest {
  static final TransitApi API = new TransitApi(FeedLoader.load(Fixtures.tinyFeed()), 0, Clock.systemUTC());

  static final String T1 = "{\"trip_id\":\"T1\",\"service_id\":\"WKD\",\"route_id\":\"R1\",\"schedules\":["
      + "{\"stop_id\":\"S1\",\"arrival_time\":\"05:02:00\",\"departure_time\":\"05:02:00\"},"
      + "{\"stop_id\":\"S2\",\"arrival_time\":\"05:09:30\",\"departure_time\":\"05:10:00\"},"
      + "{\"stop_id\":\"S3\",\"arrival_time\":\"05:20:00\",\"departure_time\":\"05:20:00\"}]}";

  /** The response as SchedulesJson.write writes it, checked against the length counted beforehand. */
  static String written(TransitApi api, String routeId, String date) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RouteTrips route = api.routeTrips(routeId, date).body();
    long counted = new SchedulesJson(route).length();
    SchedulesJson.write(route, out);
    assertEquals(out.size(), counted, "length() counts what is written");
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The response as chunks of the given size, concatenated; each chunk but the last holds at least that much. */
  static String chunked(TransitApi api, String routeId, int chunkBytes) {
    SchedulesJson json = new SchedulesJson(api.routeTrips(routeId, null).body(), chunkBytes);
    StringBuilder all = new StringBuilder();
    int previous = -1;
    for (int n; (n = json.next()) > 0; previous = n) {
      assertTrue(previous < 0 || previous >= chunkBytes, "only the last chunk is short: " + previous);
      all.append(new String(json.takeBuffer(), 0, n, StandardCharsets.UTF_8));
    }
    assertEquals(0, json.next(), "a finished response stays finished");
    return all.toString();
  }

  @Test
  void writesTheContractsJson() throws IOException {
    assertTrue(written(API, "R1", null).startsWith("[" + T1 + ",{\"trip_id\":\"T2\""));
    assertEquals("[" + T1 + "]", written(API, "R1", "20260915"));
    assertEquals("[{\"trip_id\":\"T3\",\"service_id\":\"WKD\",\"route_id\":\"R+2\",\"schedules\":["
        + "{\"stop_id\":\"S1\",\"arrival_time\":\"24:50:00\",\"departure_time\":\"24:50:00\"},"
        + "{\"stop_id\":\"S2\",\"arrival_time\":\"25:10:00\",\"departure_time\":\"25:10:00\"}]}]", written(API, "R+2", null));
    assertEquals("[]", written(API, "R3", null), "a route without trips");
    assertEquals("[]", written(API, "R1", "20300101"), "a date outside the feed");
  }

  @Test
  void theSameBytesWhateverTheChunkSize() throws IOException {
    String whole = written(API, "R1", null);
    for (int chunkBytes : new int[] {1, 7, 100, 1 << 16}) assertEquals(whole, chunked(API, "R1", chunkBytes), "chunks of " + chunkBytes);
  }

  @Test
  void escapesStringsAsTheJsonLibrariesDo() throws IOException {
    String stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
        + "T1,05:02:00,,\"q\"\"b\\s\",1\n" // a quote and a backslash; no departure time
        + "T1,,105:00:00,\u00C9\u00E8\t\uD83D\uDE8C,2\n"; // a tab, UTF-8 of two and four bytes; 105 hours
    String stops = "stop_id,stop_name,stop_lat,stop_lon\n\"q\"\"b\\s\",A,0,0\n\u00C9\u00E8\t\uD83D\uDE8C,B,0,0\n";
    String trips = "route_id,service_id,trip_id\nR1,WKD,T1\n";
    TransitApi api = new TransitApi(FeedLoader.load(Fixtures.tinyFeedWith(Map.of("stop_times.txt", stopTimes,
        "stops.txt", stops, "trips.txt", trips))), 0, Clock.systemUTC());
    assertEquals("[{\"trip_id\":\"T1\",\"service_id\":\"WKD\",\"route_id\":\"R1\",\"schedules\":["
        + "{\"stop_id\":\"q\\\"b\\\\s\",\"arrival_time\":\"05:02:00\",\"departure_time\":null},"
        + "{\"stop_id\":\"\u00C9\u00E8\\t\uD83D\uDE8C\",\"arrival_time\":null,\"departure_time\":\"105:00:00\"}]}]",
        written(api, "R1", null));
  }

  @Test
  void aPieceLongerThanTheChunkGrowsItsChunk() throws IOException {
    String longId = "T".repeat(5000);
    String trips = "route_id,service_id,trip_id\nR1,WKD," + longId + "\n";
    String stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n" + longId + ",05:02:00,05:02:00,S1,1\n";
    TransitApi api = new TransitApi(FeedLoader.load(Fixtures.tinyFeedWith(Map.of("trips.txt", trips, "stop_times.txt", stopTimes))),
        0, Clock.systemUTC());
    String whole = written(api, "R1", null);
    assertTrue(whole.startsWith("[{\"trip_id\":\"" + longId + "\""), whole.substring(0, 40));
    assertEquals(whole, chunked(api, "R1", 64));
  }
}
