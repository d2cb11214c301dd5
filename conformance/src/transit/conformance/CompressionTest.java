package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import transit.Feed;
import transit.FeedLoader;
import transit.api.HttpContract;
import transit.api.TransitApi;
import transit.server.Mode;
import transit.server.RunningServer;
import transit.server.ServedFeed;
import transit.synth.SyntheticFeed;

/**
 * Compressed answers (docs/API.md, Compression) on every framework in every mode, over the generated feed: a
 * /schedules answer asked gzipped is gzipped and decompresses to the identity answer byte for byte, one asked otherwise
 * goes identity, every one says Vary: Accept-Encoding, and odd Accept-Encoding headers still get the answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompressionTest {
  final Feed feed = FeedLoader.load(ServedFeed.generated(SyntheticFeed.DEFAULT_SEED, 1));
  final Map<String, RunningServer> servers = new LinkedHashMap<>();
  /** The route with the largest answer (hundreds of KB: every framework's threshold is far below) and one of the smallest. */
  String large, small;

  @BeforeAll
  void start() throws Exception {
    TransitApi api = new TransitApi(feed, 0, Clock.systemUTC());
    for (String framework : Frameworks.ALL.keySet())
      for (Mode mode : Mode.values())
        servers.put(Frameworks.name(framework, mode), Frameworks.start(framework, mode == Mode.CACHED ? Frameworks.api(feed, mode) : api, mode));
    int most = -1, least = Integer.MAX_VALUE;
    for (int r = 0; r < feed.routeIds.size(); r++) {
      int trips = api.routeTrips(feed.routeIds.value(r), null).body().trips().length;
      if (trips > most) { most = trips; large = feed.routeIds.value(r); }
      if (trips > 0 && trips < least) { least = trips; small = feed.routeIds.value(r); }
    }
  }

  @AfterAll
  void stop() { servers.values().forEach(RunningServer::close); }

  List<String> servers() { return List.copyOf(servers.keySet()); }

  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void aScheduleAskedGzippedIsTheIdentityAnswerGzipped(String server) {
    for (String route : List.of(large, small)) {
      Exchange identity = get(server, route, null);
      assertEquals(200, identity.status());
      assertEquals("", identity.contentEncoding(), server + ": asked nothing, answered " + identity.contentEncoding());
      assertTrue(identity.varies(), server + ": Vary \"" + identity.vary() + "\" lacks Accept-Encoding");
      for (int twice = 0; twice < 2; twice++) { // --cache: once deflated, then kept
        Exchange gzipped = get(server, route, "gzip");
        assertEquals(200, gzipped.status());
        assertTrue(gzipped.varies(), server + ": Vary \"" + gzipped.vary() + "\" lacks Accept-Encoding");
        if (route.equals(large)) assertEquals("gzip", gzipped.contentEncoding(), server + ": a " + identity.body().length + "-byte answer");
        assertArrayEquals(identity.body(), gzipped.decoded(), server + " " + route + ": the gzipped answer is not the identity one");
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void anAnswerAskedWithoutGzipGoesIdentity(String server) {
    byte[] identity = get(server, large, null).body();
    for (String refusing : List.of("gzip;q=0", "identity", "br", "deflate;q=0, br", "gzip;q=0, br", "gzip;q=0, identity", "x-unknown")) {
      assertFalse(HttpContract.acceptsGzip(refusing), refusing);
      Exchange answer = get(server, large, refusing);
      assertEquals(200, answer.status(), refusing);
      if (!answer.contentEncoding().isEmpty() && !answer.contentEncoding().equals("identity"))
        fail(server + ": Accept-Encoding \"" + refusing + "\" answered " + answer.contentEncoding());
      assertArrayEquals(identity, answer.body(), refusing);
    }
  }

  /** Odd headers: the answer whatever the encoding the framework picks from what the request allows. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void oddAcceptEncodingHeadersStillGetTheAnswer(String server) {
    byte[] identity = get(server, large, null).body();
    for (String odd : List.of("", "*", "gzip;q=abc", "gzip;q=", "gzip;;;q=0.5", ",,,gzip,,,", "GZIP;Q=0.7", "a,".repeat(1000) + "gzip",
        "b;q=0.1,".repeat(300), "gzip;q=1.0000000000000000000000001", "identity;q=0, gzip;q=0")) {
      Exchange answer = get(server, large, odd);
      assertEquals(200, answer.status(), server + ": Accept-Encoding \"" + odd + "\"");
      assertArrayEquals(identity, answer.decoded(), server + ": Accept-Encoding \"" + odd + "\" answered " + answer.contentEncoding());
    }
  }

  /** One exchange with the headers compression sets. */
  record Exchange(int status, String contentEncoding, String vary, byte[] body) {
    boolean varies() { return vary.toLowerCase(Locale.ROOT).contains("accept-encoding"); }

    /** The body as its Content-Encoding says it went. */
    byte[] decoded() { return Http.decoded(contentEncoding, body); }
  }

  Exchange get(String server, String route, String acceptEncoding) {
    HttpResponse<byte[]> r = Http.exchange("GET", servers.get(server).port(), "/schedules/" + ConformanceTest.encode(route), acceptEncoding,
        Duration.ofSeconds(60));
    return new Exchange(r.statusCode(), r.headers().firstValue("Content-Encoding").orElse("").toLowerCase(Locale.ROOT),
        String.join(", ", r.headers().allValues("Vary")), r.body());
  }
}
