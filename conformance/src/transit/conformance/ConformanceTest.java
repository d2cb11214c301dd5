package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import transit.Feed;
import transit.FeedLoader;
import transit.ServiceCalendar;
import transit.SharedFeeds;
import transit.api.TransitApi;
import transit.server.RunningServer;
import transit.server.Mode;
import transit.server.ServedFeed;
import transit.synth.SyntheticFeed;

/**
 * All frameworks, idiomatic and --tuned, over the same loaded feed, request by request: the same status, the
 * same Content-Type and the same body bytes, a spread of routes also asked gzipped and decompressed. Requests: every route, with ?date= on a weekday, a Saturday and a date outside the
 * feed, departures at a dozen stops, the hello routes and every error case of docs/API.md.
 */
class ConformanceTest {
  static final String GENERATED = "generated";

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"nyc-bus-brooklyn-2026.zip", "nyc-subway-2026.zip", "nyc-lirr-2026.zip",
      "mbta-commuter-rail-2025.zip", "mbta-2009.zip", "caltrain-2019.zip", GENERATED})
  void everyFrameworkAnswersByteForByteAlike(String feedName) throws Exception {
    Path path = feedName.equals(GENERATED) ? ServedFeed.generated(SyntheticFeed.DEFAULT_SEED, 1) : SharedFeeds.require(feedName);
    TransitApi api = new TransitApi(FeedLoader.load(path), 0, Clock.systemUTC());
    Map<String, RunningServer> servers = new LinkedHashMap<>();
    ExecutorService clients = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    try {
      for (String framework : Frameworks.ALL.keySet())
        for (Mode mode : Frameworks.UNCACHED)
          servers.put(Frameworks.name(framework, mode), Frameworks.start(framework, api, mode));
      List<String> mismatches = new ArrayList<>();
      List<String> requests = requests(api.feed());
      java.util.Set<String> askedGzipped = gzipped(api);
      List<String> names = List.copyOf(servers.keySet());
      long bytes = 0;
      for (String request : requests) {
        String method = request.startsWith("POST ") ? "POST" : "GET";
        String target = method.equals("POST") ? request.substring(5) : request;
        // every server asked at once, a request a core: the servers' work is what takes the time
        List<Future<Http>> answers = new ArrayList<>();
        for (RunningServer server : servers.values()) answers.add(clients.submit(() -> Http.send(method, server.port(), target)));
        Http expected = answers.get(0).get();
        bytes += expected.body().length;
        for (int i = 1; i < answers.size(); i++) {
          String difference = Http.difference(names.get(0), expected, names.get(i), answers.get(i).get());
          if (difference != null) mismatches.add(method + " " + shorten(target) + ": " + difference);
        }
        // asked gzipped too: decompressed, the same bytes (docs/API.md, Compression)
        if (method.equals("GET") && askedGzipped.contains(target)) {
          List<Future<Http>> gzipped = new ArrayList<>();
          for (RunningServer server : servers.values()) gzipped.add(clients.submit(() -> Http.gzipped(server.port(), target)));
          for (int i = 0; i < gzipped.size(); i++) {
            String difference = Http.difference(names.get(0), expected, names.get(i) + " asked gzip", gzipped.get(i).get());
            if (difference != null) mismatches.add("GET " + shorten(target) + " asking gzip: " + difference);
          }
        }
      }
      System.out.println(String.format("%s: %d requests, %,d bytes per server, %d servers, %d mismatches",
          feedName, requests.size(), bytes, servers.size(), mismatches.size()));
      if (!mismatches.isEmpty())
        fail(mismatches.size() + " of " + requests.size() + " requests differ:\n" + String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
    } finally {
      clients.shutdownNow();
      servers.values().forEach(RunningServer::close);
    }
  }

  /** At most this many of a feed's routes are also asked gzipped: deflating every route for sixteen servers was a third of the suite's time. */
  static final int GZIPPED_ROUTES = 24;

  /** The routes also asked gzipped, without a date: the largest answer's and routes spread over the feed's order. */
  static java.util.Set<String> gzipped(TransitApi api) {
    int routes = api.feed().routeIds.size(), every = Math.max(1, (routes + GZIPPED_ROUTES - 2) / (GZIPPED_ROUTES - 1));
    java.util.Set<String> asked = new java.util.HashSet<>(java.util.Set.of(schedules(api.sizes().largestRouteId())));
    for (int r = 0; r < routes; r += every) asked.add(schedules(api.feed().routeIds.value(r)));
    return asked;
  }

  static List<String> requests(Feed feed) {
    List<String> requests = new ArrayList<>();
    LocalDate weekday = firstDayWithService(feed, DayOfWeek.TUESDAY), saturday = firstDayWithService(feed, DayOfWeek.SATURDAY);
    for (int r = 0; r < feed.routeIds.size(); r++) {
      String route = schedules(feed.routeIds.value(r));
      requests.add(route);
      for (LocalDate date : new LocalDate[] {weekday, saturday, LocalDate.of(1999, 1, 1)})
        if (date != null) requests.add(route + "?date=" + ServiceCalendar.formatDate(date));
    }
    int stops = feed.stopIds.size();
    for (int i = 0; i < 12 && i < stops; i++) {
      String stop = "/stops/" + encode(feed.stopIds.value((int) ((long) i * stops / 12))) + "/departures";
      String date = weekday == null ? "20260915" : ServiceCalendar.formatDate(weekday);
      requests.add(stop + "?date=" + date + "&after=00:00:00&limit=1000");
      requests.add(stop + "?date=" + date + "&after=07:30:00");
    }
    requests.addAll(List.of("/", "/greeting/Ada", "/greeting/%C3%89l%C3%A8ve%20%2B%20co", "/hello", "/hello?name=%20Bob%20",
        "/hello?name=", "/hello?name=a%2Bb+c", "/schedules/no-such-route", "/schedules/B82%2B", "/schedules/%20",
        "/schedules/" + "x".repeat(10 * 1024), "/schedules/x?date=2026-09-15", "/schedules/x?date=20260230",
        "/stops/no-such-stop/departures", "/stops/x/departures?limit=0", "/stops/x/departures?limit=1001",
        "/stops/x/departures?limit=ten", "/stops/x/departures?after=25:61:00", "/stops/x/departures?date=20261301",
        "/nope", "/schedules", "/schedules/x/y", "/stops/x", "POST /", "POST /schedules/x"));
    return requests;
  }

  /** The first such weekday on which any service runs, searched over the years the feeds span. */
  static LocalDate firstDayWithService(Feed feed, DayOfWeek day) {
    for (LocalDate d = LocalDate.of(2008, 1, 1).with(java.time.temporal.TemporalAdjusters.nextOrSame(day));
        d.getYear() < 2029; d = d.plusWeeks(1)) {
      for (boolean active : feed.calendar.activeOn(d)) if (active) return d;
    }
    return null;
  }

  /** A route's schedules, without a date. */
  static String schedules(String routeId) { return "/schedules/" + encode(routeId); }

  static String encode(String pathSegment) {
    return java.net.URLEncoder.encode(pathSegment, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }

  static String shorten(String s) { return s.length() <= 100 ? s : s.substring(0, 100) + "…"; }

  @org.junit.jupiter.api.Test
  void aOneByteDifferenceIsReportedWithItsOffsetAndBothExcerpts() {
    byte[] left = "[{\"trip_id\":\"T1\",\"arrival_time\":\"05:02:00\"}]".getBytes();
    byte[] right = left.clone();
    right[36] = '3';
    String difference = Http.difference("cask", new Http(200, "application/json", left), "javalin", new Http(200, "application/json", right));
    assertTrue(difference.startsWith("bodies differ at byte 36 (lengths 44 and 44)"), difference);
    assertTrue(difference.contains("cask: …[{\"trip_id\":\"T1\",\"arrival_time\":\"05:02:00\"}]…"), difference);
    assertTrue(difference.contains("javalin: …[{\"trip_id\":\"T1\",\"arrival_time\":\"05:32:00\"}]…"), difference);
    assertEquals("Content-Type cask \"application/json\", javalin \"application/json; charset=utf-8\"",
        Http.difference("cask", new Http(200, "application/json", left), "javalin", new Http(200, "application/json; charset=utf-8", left)));
    assertEquals("status cask 200, javalin 404", Http.difference("cask", new Http(200, "", left), "javalin", new Http(404, "", left)));
    assertEquals(null, Http.difference("cask", new Http(200, "", left), "javalin", new Http(200, "", left.clone())));
  }
}
