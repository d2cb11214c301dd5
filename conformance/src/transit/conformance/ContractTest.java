package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;
import transit.api.TransitApi;
import transit.server.RunningServer;
import transit.server.Mode;
import transit.server.ServerSettings;

/**
 * Every route of docs/API.md over HTTP, on every framework in every mode (idiomatic, --tuned, --cache), with its
 * limits on and off, against the exact answer the contract gives on the tiny feed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContractTest {
  static final String JSON = "application/json", TEXT = "text/plain; charset=utf-8";
  // 2026-09-15 is a Tuesday; 13:30 UTC is 09:30 in the tiny feed's America/New_York.
  static final Clock TUESDAY_0930 = Clock.fixed(Instant.parse("2026-09-15T13:30:00Z"), ZoneOffset.UTC);

  static final Feed TINY = FeedLoader.load(Fixtures.tinyFeed());
  static final String LIMITS_OFF = " --limits off";
  final TransitApi api = new TransitApi(TINY, 1234, TUESDAY_0930);
  /** The same, with --cache: every answer must be the same bytes, from the cache or not. */
  final TransitApi cachedApi = new TransitApi(TINY, 1234, TUESDAY_0930, 1 << 20);
  final Map<String, RunningServer> servers = new LinkedHashMap<>();

  @BeforeAll
  void start() throws Exception {
    for (String framework : Frameworks.ALL.keySet()) {
      for (Mode mode : Frameworks.UNCACHED) {
        servers.put(Frameworks.name(framework, mode), Frameworks.start(framework, api, mode));
        servers.put(Frameworks.name(framework, mode) + LIMITS_OFF, Frameworks.start(framework, api, mode, ServerSettings.Limits.OFF));
      }
      servers.put(Frameworks.name(framework, Mode.CACHED), Frameworks.start(framework, cachedApi, Mode.CACHED));
      servers.put(Frameworks.name(framework, Mode.CACHED) + LIMITS_OFF, Frameworks.start(framework, cachedApi, Mode.CACHED, ServerSettings.Limits.OFF));
    }
  }

  @AfterAll
  void stop() { servers.values().forEach(RunningServer::close); }

  static final String T1 = "{\"trip_id\":\"T1\",\"service_id\":\"WKD\",\"route_id\":\"R1\",\"schedules\":["
      + "{\"stop_id\":\"S1\",\"arrival_time\":\"05:02:00\",\"departure_time\":\"05:02:00\"},"
      + "{\"stop_id\":\"S2\",\"arrival_time\":\"05:09:30\",\"departure_time\":\"05:10:00\"},"
      + "{\"stop_id\":\"S3\",\"arrival_time\":\"05:20:00\",\"departure_time\":\"05:20:00\"}]}";
  static final String T2 = "{\"trip_id\":\"T2\",\"service_id\":\"SAT\",\"route_id\":\"R1\",\"schedules\":["
      + "{\"stop_id\":\"S3\",\"arrival_time\":\"08:00:00\",\"departure_time\":\"08:00:00\"},"
      + "{\"stop_id\":\"S1\",\"arrival_time\":\"08:15:00\",\"departure_time\":\"08:15:00\"}]}";
  static final String T3 = "{\"trip_id\":\"T3\",\"service_id\":\"WKD\",\"route_id\":\"R+2\",\"schedules\":["
      + "{\"stop_id\":\"S1\",\"arrival_time\":\"24:50:00\",\"departure_time\":\"24:50:00\"},"
      + "{\"stop_id\":\"S2\",\"arrival_time\":\"25:10:00\",\"departure_time\":\"25:10:00\"}]}";
  static final String T4 = "{\"trip_id\":\"T4\",\"service_id\":\"HOL\",\"route_id\":\"R1\",\"schedules\":["
      + "{\"stop_id\":\"S1\",\"arrival_time\":\"12:00:00\",\"departure_time\":\"12:00:00\"}]}";

  static String error(int status, String reason, String message) {
    return "{\"status\":" + status + ",\"error\":\"" + reason + "\",\"message\":\"" + message.replace("\"", "\\\"") + "\"}";
  }

  /** method, path and query, status, Content-Type, body. */
  static Stream<Arguments> cases() {
    String longId = "x".repeat(10 * 1024);
    List<Object[]> c = new ArrayList<>(List.of(new Object[][] {
      {"GET", "/", 200, TEXT, "Hello World!"},
      {"GET", "/greeting/Ada", 200, TEXT, "Hello, Ada"},
      {"GET", "/greeting/%C3%89l%C3%A8ve", 200, TEXT, "Hello, Élève"},
      {"GET", "/hello", 200, JSON, "{\"message\":\"Hello World!\"}"},
      {"GET", "/hello?name=%20Bob%20", 200, JSON, "{\"message\":\"Hello Bob!\"}"},
      {"GET", "/hello?name=", 200, JSON, "{\"message\":\"Hello World!\"}"},
      {"GET", "/hello?name=%F0%9F%9A%8C%20%C3%A9", 200, JSON, "{\"message\":\"Hello \uD83D\uDE8C \u00E9!\"}"},
      {"GET", "/schedules/R1", 200, JSON, "[" + T1 + "," + T2 + "," + T4 + "]"},
      {"GET", "/schedules/R%2B2", 200, JSON, "[" + T3 + "]"},
      {"GET", "/schedules/R+2", 200, JSON, "[" + T3 + "]"},
      {"GET", "/greeting/a+b", 200, TEXT, "Hello, a+b"},
      {"GET", "/schedules/R3", 200, JSON, "[]"},
      {"GET", "/schedules/a%01b", 400, JSON, error(400, "Bad Request", "parameter route_id: control character U+0001 at position 1")},
      {"GET", "/hello?name=a%7Fb", 400, JSON, error(400, "Bad Request", "parameter name: control character U+007F at position 1")},
      {"GET", "/stops/S1/departures?after=%C2%85", 400, JSON, error(400, "Bad Request", "parameter after: control character U+0085 at position 0")},
      {"GET", "/nope%2Fx", 404, JSON, error(404, "Not Found", "no such path: /nope%2Fx")},
      {"GET", "/schedules/R1?date=20260915", 200, JSON, "[" + T1 + "]"},
      {"GET", "/schedules/R1?date=20260919", 200, JSON, "[" + T2 + "]"},
      {"GET", "/schedules/R1?date=20300101", 200, JSON, "[]"},
      {"GET", "/schedules/R1?date=2026-09-19", 400, JSON, error(400, "Bad Request", "parameter date: \"2026-09-19\" is not a date in YYYYMMDD form")},
      {"GET", "/schedules/nope", 404, JSON, error(404, "Not Found", "no route with route_id \"nope\"")},
      {"GET", "/schedules/" + longId, 400, JSON, error(400, "Bad Request", "parameter route_id: 10240 characters long; the limit is 256")},
      {"GET", "/stops/S1/departures?date=20260915&after=00:00:00", 200, JSON,
          "{\"stop_id\":\"S1\",\"date\":\"20260915\",\"after\":\"00:00:00\",\"departures\":[{\"trip_id\":\"T1\",\"route_id\":\"R1\",\"departure_time\":\"05:02:00\"},{\"trip_id\":\"T3\",\"route_id\":\"R+2\",\"departure_time\":\"24:50:00\"}]}"},
      {"GET", "/stops/S1/departures?date=20260915&after=00:00:00&limit=1", 200, JSON,
          "{\"stop_id\":\"S1\",\"date\":\"20260915\",\"after\":\"00:00:00\",\"departures\":[{\"trip_id\":\"T1\",\"route_id\":\"R1\",\"departure_time\":\"05:02:00\"}]}"},
      {"GET", "/stops/S1/departures", 200, JSON,
          "{\"stop_id\":\"S1\",\"date\":\"20260915\",\"after\":\"09:30:00\",\"departures\":[{\"trip_id\":\"T3\",\"route_id\":\"R+2\",\"departure_time\":\"24:50:00\"}]}"},
      {"GET", "/stops/S1/departures?limit=0", 400, JSON, error(400, "Bad Request", "parameter limit: \"0\" is not a whole number from 1 to 1000")},
      {"GET", "/stops/S1/departures?after=9am", 400, JSON, error(400, "Bad Request", "parameter after: \"9am\" is not a time in HH:MM:SS form")},
      {"GET", "/stops/S1/departures?date=tomorrow", 400, JSON, error(400, "Bad Request", "parameter date: \"tomorrow\" is not a date in YYYYMMDD form")},
      {"GET", "/stops/S9/departures", 404, JSON, error(404, "Not Found", "no stop with stop_id \"S9\"")},
      {"GET", "/nope", 404, JSON, error(404, "Not Found", "no such path: /nope")},
      {"GET", "/schedules/R1/extra", 404, JSON, error(404, "Not Found", "no such path: /schedules/R1/extra")},
      {"POST", "/", 405, JSON, error(405, "Method Not Allowed", "method POST is not allowed on /; use GET")},
      {"DELETE", "/schedules/R1", 405, JSON, error(405, "Method Not Allowed", "method DELETE is not allowed on /schedules/R1; use GET")},
    }));
    return servers().flatMap(f -> c.stream().map(x -> Arguments.of(f, x[0], x[1], x[2], x[3], x[4])));
  }

  @ParameterizedTest(name = "{0}: {1} {2}")
  @MethodSource("cases")
  void answersAsTheContractSays(String server, String method, String path, int status, String contentType, String body) {
    for (int i = 0; i < 2; i++) { // twice: the second may come from the cache
      Http r = Http.send(method, servers.get(server).port(), path);
      assertEquals(List.of(status, contentType, body), List.of(r.status(), r.contentType(), r.text()));
    }
  }

  @ParameterizedTest(name = "{0} --cache serves a repeated schedule from the cache")
  @MethodSource("frameworks")
  void theCacheServesRepeatedSchedules(String framework) {
    // what the cache did, as /health says it: the server's own, on a JVM of its own too
    int port = servers.get(framework + " --cache").port();
    Http.get(port, "/schedules/R1?date=20260919");
    List<Long> before = cacheLookups(port);
    Http again = Http.get(port, "/schedules/R1?date=20260919");
    assertEquals(List.of(before.get(0) + 1, before.get(1)), cacheLookups(port), "hits, misses");
    assertEquals("[" + T2 + "]", again.text());
    // a request no other framework's test made (the servers in this JVM share one cache): kept, then asked gzipped
    String fresh = "/schedules/R1?date=202610" + (10 + List.copyOf(Frameworks.ALL.keySet()).indexOf(framework));
    Http.get(port, fresh);
    List<Long> kept = cacheLookups(port);
    Http.gzipped(port, fresh);
    assertEquals(List.of(kept.get(0) + 1, kept.get(1) + 1), cacheLookups(port),
        "its gzipped bytes made once from the kept identity ones (a hit and a miss)");
    Http.gzipped(port, fresh);
    assertEquals(List.of(kept.get(0) + 2, kept.get(1) + 1), cacheLookups(port), "then kept");
  }

  /** The cache's hits and misses, from /health. */
  static List<Long> cacheLookups(int port) {
    java.util.regex.Matcher cache = java.util.regex.Pattern.compile("\"hits\":(\\d+),\"misses\":(\\d+)\\}").matcher(Http.get(port, "/health").text());
    assertTrue(cache.find(), "/health's cache");
    return List.of(Long.parseLong(cache.group(1)), Long.parseLong(cache.group(2)));
  }

  @ParameterizedTest(name = "{0}: GET /health")
  @MethodSource("servers")
  void healthSummarisesTheFeed(String server) {
    Http r = Http.get(servers.get(server).port(), "/health");
    // on a JVM of its own, the load's time and the heap retained are its own measurements
    java.util.function.UnaryOperator<String> own = servers.get(server).ownJvm() ? ContractTest::itsOwnMeasurements : t -> t;
    // what a cache holds and its lookups depend on the cases run before: its shape and budget are the contract's here
    String cache = server.contains("--cache") ? cache(cachedApi.cache().budgetBytes()) : "null";
    assertEquals(List.of(200, JSON, own.apply(health(TINY, "null", cache))), List.of(r.status(), r.contentType(), own.apply(itsLookups(r.text()))));
  }

  /** /health with the cache's contents and lookups masked. */
  static String itsLookups(String health) {
    return health.replaceAll("\"answers\":\\d+,\"bytes\":\\d+,", "\"answers\":N,\"bytes\":N,")
        .replaceAll("\"hits\":\\d+,\"misses\":\\d+", "\"hits\":N,\"misses\":N");
  }

  /** /health's cache as itsLookups masks it, of a budget. */
  static String cache(long budgetBytes) {
    return "{\"answers\":N,\"bytes\":N,\"budget_bytes\":" + budgetBytes + ",\"hits\":N,\"misses\":N}";
  }

  /**
   * /health with the load's time, the heap retained and the cache's budget (sized from the heap) masked: a server on a
   * JVM of its own measures them itself.
   */
  static String itsOwnMeasurements(String health) {
    return health.replaceAll("\"load_ms\":\\d+", "\"load_ms\":N").replaceAll("\"heap_bytes\":\\d+", "\"heap_bytes\":N")
        .replaceAll("\"budget_bytes\":\\d+", "\"budget_bytes\":N");
  }

  static String health(Feed feed, String lastFailedReload, String cache) {
    return "{\"source\":\"" + java.nio.file.Path.of(feed.source).getFileName() + "\",\"checksum\":\"" + feed.checksum + "\",\"loaded_at\":\"2026-09-15T13:30:00Z\","
        + "\"loaded_from\":\"csv\",\"routes\":3,\"trips\":4,\"stop_times\":8,\"stops\":4,\"services\":3,\"load_ms\":"
        + feed.loadMillis + ",\"heap_bytes\":1234,\"last_failed_reload\":" + lastFailedReload + ",\"cache\":" + cache + "}";
  }

  @ParameterizedTest(name = "{0}: GET /health after a failed reload, then after a replacement")
  @MethodSource("frameworks")
  void healthShowsAFailedReloadBesideTheFeedInServiceUntilAReplacement(String framework) throws Exception {
    Feed served = FeedLoader.load(Fixtures.tinyFeedWith(Map.of())); // a copy of its own, which a server on a JVM of its own reloads
    TransitApi reloaded = new TransitApi(served, 1234, TUESDAY_0930);
    try (RunningServer server = Frameworks.start(framework, reloaded, Mode.CACHED)) {
      if (server.ownJvm()) {
        failedThenReplacedByItsOperator(server, served);
        return;
      }
      reloaded.reloadFailed("trips.txt line 3: a quoted value starts on this line and never ends (\"Élève\"\u0007)");
      String failed = "{\"at\":\"2026-09-15T13:30:00Z\",\"error\":\"trips.txt line 3: a quoted value starts on this line and never ends (\\\"Élève\\\"\uFFFD)\"}";
      assertEquals(health(served, failed, "null"), Http.get(server.port(), "/health").text(), "this API keeps no cache");

      Feed replacement = FeedLoader.load(Fixtures.zip(Fixtures.tinyFeed(), ""));
      reloaded.replace(replacement, 1234, "csv");
      assertEquals(health(replacement, "null", "null"), Http.get(server.port(), "/health").text());
    }
  }

  /**
   * The same on a JVM of its own, as an operator has it: a broken trips.txt over the feed's, SIGHUP, the failure on
   * /health beside the feed still served; the file put back, SIGHUP, the failure gone.
   */
  private static void failedThenReplacedByItsOperator(RunningServer server, Feed served) throws Exception {
    java.nio.file.Path trips = java.nio.file.Path.of(served.source).resolve("trips.txt");
    java.nio.file.Files.writeString(trips, "route_id,service_id,trip_id\nR1,WKD,\"T1\n");
    Operator.sighup(server);
    String failed = "{\"at\":\"2026-09-15T13:30:00Z\",\"error\":\"trips.txt line 2: a quoted value starts on this line and never ends "
        + "(unterminated quote)\"}";
    String cache = cache(0); // its own cache: its budget and counts masked
    assertEquals(itsOwnMeasurements(health(served, failed, cache)),
        itsOwnMeasurements(itsLookups(Operator.awaitHealth(server, h -> !h.contains("\"last_failed_reload\":null"), "failed reload"))));

    java.nio.file.Files.copy(Fixtures.tinyFeed().resolve("trips.txt"), trips, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Operator.sighup(server);
    assertEquals(itsOwnMeasurements(health(served, "null", cache)),
        itsOwnMeasurements(itsLookups(Operator.awaitHealth(server, h -> h.contains("\"last_failed_reload\":null"), "reload"))));
  }

  static Stream<String> frameworks() { return Frameworks.ALL.keySet().stream(); }

  /** Every framework in every mode, with its limits on and off, as the servers are named. */
  static Stream<String> servers() {
    return frameworks().flatMap(f -> Stream.of(Mode.values()).flatMap(m -> Stream.of(Frameworks.name(f, m), Frameworks.name(f, m) + LIMITS_OFF)));
  }
}
