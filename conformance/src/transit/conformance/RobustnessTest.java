package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
import transit.server.Framework;
import transit.server.Mode;
import transit.server.ProtocolError;
import transit.server.ServerOptions;
import transit.server.ServerSettings;

/**
 * Every framework, idiomatic and --tuned, as a hostile or clumsy client meets it over raw sockets (docs/API.md,
 * Limits and Protocol errors): malformed and odd requests, each with the status the contract or the framework's
 * HTTP layer gives (sent 16 at a time; one answered otherwise fails, one not answered within the wait is sent again
 * alone, and fails if it is again answered otherwise or late); more clients that stop reading a large response than
 * the server takes connections, while another client must still be answered and every stalled connection is closed;
 * and clients that disconnect mid-response, which must leave the server's output quiet. Loopback only, with a short
 * idle timeout so that it all takes seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RobustnessTest {
  /** The servers' idle timeout where clients stop reading or disconnect; 30 s by default (--idle-timeout). */
  static final Duration IDLE = Duration.ofSeconds(2);

  /** How long after another client's answer every client that stopped reading must have been cut off. */
  static final Duration CUT_WITHIN = IDLE.multipliedBy(5);
  /** How long a client waits for any answer: above Ember's 5 s for a request head that never completes. */
  static final Duration ANSWER_WAIT = Duration.ofSeconds(8);
  /** No answer at all: the connection closes (or stays silent) without a status. */
  static final int NONE = 0;
  static final String JSON = "application/json";

  /** One route (R0) whose /schedules answer (about 6 MB) is larger than the kernel buffers both ends of a socket. */
  Feed feed;
  /** The feed through each mode's API (cached: with a response cache). */
  final java.util.Map<Mode, TransitApi> apis = new java.util.EnumMap<>(Mode.class);
  long bigLength;
  Path dir;

  @BeforeAll
  void loadFeed() throws Exception {
    dir = Files.createTempDirectory("robustness-feed");
    feed = FeedLoader.load(Fixtures.writeFeed(dir, "big", 800, 100, 1));
    for (Mode mode : Mode.values()) apis.put(mode, Frameworks.api(feed, mode));
    bigLength = new transit.api.SchedulesJson(apis.get(Mode.IDIOMATIC).routeTrips("R0", null).body()).length();
    assertTrue(bigLength > 6_000_000, "R0's answer is " + bigLength + " bytes");
  }

  @AfterAll
  void deleteFeed() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) Files.delete(f);
    }
    Files.delete(dir);
  }

  static Stream<Arguments> servers() {
    return Frameworks.ALL.keySet().stream().flatMap(f -> Stream.of(Mode.values()).map(m -> Arguments.of(f, m)));
  }

  static String error(int status, String reason, String message) { return ContractTest.error(status, reason, message); }

  /**
   * A request as sent and the status every framework answers with (NONE: none at all); body, when given, is the one
   * every framework must send. The requests frameworks answer differently are core's ProtocolError, each framework
   * stating its own answers (docs/API.md, Protocol errors).
   */
  record Case(String name, String request, int status, String body) {}

  static Case all(String name, String request, int status, String body) { return new Case(name, request, status, body); }

  /** The case a protocol error is for one framework: the request, and the status it says it answers with. */
  static Case answeredBy(Framework framework, ProtocolError error) {
    return new Case(error.label(), error.request, framework.answers(error), null);
  }

  static String get(String target) { return get(target, ""); }

  static String get(String target, String headers) { return "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n"; }

  static final String HELLO = "{\"message\":\"Hello World!\"}";

  static List<Case> cases() {
    return List.of(
        all("a plain GET", get("/"), 200, "Hello World!"),
        // request lines
        all("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400, null),
        all("two Host headers", get("/", "Host: y\r\n"), 400, null),
        all("NUL in the request line", "GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n", 400, null),
        // methods
        all("lowercase get on an unknown path", "get /nope HTTP/1.1\r\nHost: x\r\n\r\n", 404, error(404, "Not Found", "no such path: /nope")),
        all("TRACE", "TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", 405, error(405, "Method Not Allowed", "method TRACE is not allowed on /; use GET")),
        all("an unknown method", "FOO /hello HTTP/1.1\r\nHost: x\r\n\r\n", 405, error(405, "Method Not Allowed", "method FOO is not allowed on /hello; use GET")),
        all("a 1,000-character method", "G".repeat(1000) + " / HTTP/1.1\r\nHost: x\r\n\r\n", 405, null),
        // targets
        all("absolute form", get("http://x/hello"), 200, HELLO),
        all("absolute form, unknown path", get("http://x/nope"), 404, error(404, "Not Found", "no such path: /nope")),
        all("a .. segment", get("/schedules/../health"), 400, error(400, "Bad Request", "path: \"/schedules/../health\" has a dot segment (. or ..)")),
        all("a .. segment above the root", get("/../health"), 400, null),
        all("a percent-encoded .. segment", get("/schedules/%2e%2E/health"), 400,
            error(400, "Bad Request", "path: \"/schedules/%2e%2E/health\" has a dot segment (. or ..)")),
        all("a . segment", get("/schedules/./R0"), 400, error(400, "Bad Request", "path: \"/schedules/./R0\" has a dot segment (. or ..)")),
        all(".. as the route id", get("/schedules/.."), 400, error(400, "Bad Request", "path: \"/schedules/..\" has a dot segment (. or ..)")),
        all("bad percent-encoding in the path", get("/schedules/%zz"), 400, null),
        all("a % at the end of the path", get("/schedules/%"), 400, null),
        all("%00 in a route id", get("/schedules/a%00b"), 400, null),
        all("%00 in a name", get("/greeting/a%00b"), 400, null),
        all("CR LF in a name", get("/greeting/a%0D%0Ab"), 400, error(400, "Bad Request", "parameter name: control character U+000D at position 1")),
        all("DEL in a name", get("/greeting/a%7Fb"), 400, error(400, "Bad Request", "parameter name: control character U+007F at position 1")),
        all("a C1 control in a name", get("/greeting/a%C2%85b"), 400, error(400, "Bad Request", "parameter name: control character U+0085 at position 1")),
        all("an encoded slash in a route id", get("/schedules/a%2Fb"), 404, error(404, "Not Found", "no route with route_id \"a/b\"")),
        all("a unicode route id", get("/schedules/%C3%89"), 404, error(404, "Not Found", "no route with route_id \"\u00C9\"")),
        all("raw UTF-8 in the path", get("/greeting/\u00E9"), 400, null),
        all("a space in the path", "GET /greeting/a b HTTP/1.1\r\nHost: x\r\n\r\n", 400, null),
        all("a backslash in the path", get("/schedules\\R0"), 400, null),
        all("an empty route id", get("/schedules/"), 404, error(404, "Not Found", "no such path: /schedules/")),
        all("a ; parameter in a segment", get("/schedules/R0;x=y"), 404, error(404, "Not Found", "no route with route_id \"R0;x=y\"")),
        // queries
        all("bad percent-encoding in a query value", get("/stops/big-S1/departures?date=%zz"), 400, null),
        all("a % at the end of a query value", get("/hello?name=a%"), 400, null),
        all("a query value that is not UTF-8", get("/hello?name=%E9"), 200, "{\"message\":\"Hello \uFFFD!\"}"),
        all("a parameter twice: the first counts", get("/stops/big-S1/departures?limit=1&limit=2&date=20260915&after=23:00:00"), 200,
            "{\"stop_id\":\"big-S1\",\"date\":\"20260915\",\"after\":\"23:00:00\",\"departures\":[]}"),
        all("a parameter without =", get("/schedules/R0?date"), 400, error(400, "Bad Request", "parameter date: \"\" is not a date in YYYYMMDD form")),
        all("a 20-digit limit", get("/stops/big-S1/departures?limit=99999999999999999999"), 400,
            error(400, "Bad Request", "parameter limit: \"99999999999999999999\" is not a whole number from 1 to 1000")),
        // headers and bodies
        all("a chunked GET body", get("/", "Transfer-Encoding: chunked\r\n") + "5\r\nhello\r\n0\r\n\r\n", 200, "Hello World!"),
        all("a GET body with Content-Length", get("/", "Content-Length: 5\r\n") + "hello", 200, "Hello World!"),
        all("a Content-Length that is no number", get("/", "Content-Length: abc\r\n"), 400, null),
        all("Expect: 100-continue", get("/", "Expect: 100-continue\r\n"), 200, "Hello World!"),
        all("an h2c upgrade", get("/", "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n"), 200, "Hello World!"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("servers")
  void everyMalformedOrHostileRequestGetsItsAnswer(String framework, Mode mode) throws Exception {
    List<Case> cases = new ArrayList<>(cases());
    for (ProtocolError error : ProtocolError.values()) cases.add(answeredBy(Frameworks.ALL.get(framework), error));
    assertEquals(cases.size(), cases.stream().map(Case::name).distinct().count(), "a case named twice: " + cases);
    assertEquals(cases.size(), cases.stream().map(Case::request).distinct().count(), "a request sent twice: " + cases);
    // The default idle timeout here: a short one could close a connection whose answer a busy machine delays.
    try (RunningServer server = Frameworks.start(framework, apis.get(mode), mode)) {
      // Concurrently: the cases Ember leaves unanswered wait out its 5 s for a request head each.
      ExecutorService pool = Executors.newFixedThreadPool(16);
      try {
        List<Future<String>> mismatches = new ArrayList<>();
        for (Case c : cases) mismatches.add(pool.submit(() -> mismatch(c, server.port())));
        List<String> found = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
          String first = mismatches.get(i).get();
          if (first == null) continue;
          if (!first.contains(RawHttp.NOTHING)) { // answered otherwise: no second try
            found.add(first);
            continue;
          }
          // not answered within the wait, sent again alone: a case is held to its answer, not to the 16 sent beside it
          // on a busy machine
          String alone = mismatch(cases.get(i), server.port());
          if (alone == null) System.out.println(framework + " " + mode + ": " + first + "; sent again alone, answered as expected");
          else found.add(first + (alone.equals(first) ? "" : "; sent again alone: " + alone));
        }
        if (!found.isEmpty()) fail(found.size() + " of " + cases.size() + " requests answered otherwise:\n" + String.join("\n", found));
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /** What differs from the case's expected answer, or null. */
  static String mismatch(Case c, int port) throws IOException {
    RawHttp.Exchange exchange = RawHttp.exchanged(port, c.request.getBytes(StandardCharsets.UTF_8), List.of(false), ANSWER_WAIT);
    List<RawHttp.Response> answers = exchange.answers();
    int expected = c.status;
    int status = answers.isEmpty() ? NONE : answers.get(0).status();
    if (status != expected) return c.name + ": status " + (status == NONE ? "none (" + exchange.ended() + ")" : status) + ", expected " + name(expected);
    if (c.body != null && !c.body.equals(answers.get(0).text())) return c.name + ": body " + answers.get(0).text() + ", expected " + c.body;
    // An error's body, where the framework lets the server choose one, is the contract's JSON (Undertow's own answers have none).
    if (status >= 400 && answers.get(0).body().length > 0 && !JSON.equals(answers.get(0).headers().get("content-type")))
      return c.name + ": an error body of Content-Type " + answers.get(0).headers().get("content-type") + ": " + answers.get(0).text();
    return null;
  }

  static String name(int status) { return status == NONE ? "none (closed without an answer)" : String.valueOf(status); }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("servers")
  void aHeadRequestsAnswerHasNoBody(String framework, Mode mode) throws Exception {
    try (RunningServer server = Frameworks.start(framework, apis.get(mode), mode)) {
      for (String path : new String[] {"/", "/nope", "/schedules/R0"}) {
        // HEAD then GET on one connection: a body after the HEAD's head would be read as the GET's answer.
        byte[] request = ("HEAD " + path + " HTTP/1.1\r\nHost: x\r\n\r\n" + get("/")).getBytes(StandardCharsets.US_ASCII);
        List<RawHttp.Response> answers = RawHttp.exchange(server.port(), request, List.of(true, false), ANSWER_WAIT);
        assertEquals(2, answers.size(), "HEAD " + path + " then GET /: " + answers.size() + " answers");
        assertEquals(path.equals("/nope") ? 404 : 405, answers.get(0).status(), "HEAD " + path);
        assertEquals(List.of(200, "Hello World!"), List.of(answers.get(1).status(), answers.get(1).text()), "GET / after HEAD " + path);
      }
    }
  }

  /** GET / framed by Content-Length around a chunked body and the GET /hello after it; chunked, the body ends at once. */
  static String framedTwoWays() {
    String smuggled = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
    return get("/", "Content-Length: " + ("0\r\n\r\n" + smuggled).length() + "\r\nTransfer-Encoding: chunked\r\n") + "0\r\n\r\n" + smuggled;
  }

  /**
   * A request framed by both Content-Length and Transfer-Encoding, whose two framings differ: read as chunked, its body
   * ends at once and a second request (GET /hello) follows; read by its length, that request is body. A server may
   * refuse it (400) or answer it, but must then close the connection (RFC 9112 §6.1), so that no request is read from
   * what one reading calls a body: the way requests are smuggled past a proxy that reads the framing the other way.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("frameworks")
  void aRequestFramedTwoWaysIsAnsweredOnceAndItsConnectionClosed(String framework) throws Exception {
    String request = framedTwoWays();
    try (RunningServer server = Frameworks.start(framework, apis.get(Mode.IDIOMATIC), Mode.IDIOMATIC)) {
      RawHttp.Exchange exchange = RawHttp.exchanged(server.port(), request.getBytes(StandardCharsets.US_ASCII), List.of(false, false), ANSWER_WAIT);
      List<Integer> statuses = exchange.answers().stream().map(RawHttp.Response::status).toList();
      assertEquals(1, statuses.size(), framework + " answered " + statuses + " and then " + exchange.ended()
          + (statuses.size() > 1 ? ": it read the body of the first as a second request" : ""));
      assertTrue(List.of(200, 400).contains(statuses.get(0)), framework + " answered " + statuses);
      // closed, or reset: a server closing with the unread rest of the request in its buffer resets the connection
      assertTrue(exchange.ended().equals("closed") || exchange.ended().contains("reset"), framework + ": after the answer, " + exchange.ended());
    }
  }

  /**
   * Where and how each framework's server listens with the options' defaults (docs/API.md, Options and Limits): on
   * loopback only, so that a server started on a laptop answers no one else on its network, with the listen backlog
   * ServerSettings.BACKLOG where the framework can set it (Framework#listenBacklog). Read from the kernel: `ss` shows
   * a listening socket's address and its backlog (as its Send-Q).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("frameworks")
  void theServerListensOnLoopbackWithItsBacklog(String framework) throws Exception {
    ServerSettings defaults = ServerOptions.parse(new String[] {"--port", "0"}, java.util.Map.of()).settings();
    try (RunningServer server = Frameworks.ALL.get(framework).start(apis.get(Mode.IDIOMATIC), defaults)) {
      Process probe;
      try {
        probe = new ProcessBuilder("ss", "-ltnH", "sport = :" + server.port()).redirectErrorStream(true).start();
      } catch (IOException e) {
        org.junit.jupiter.api.Assumptions.abort("ss (iproute2) is not installed: " + e.getMessage());
        return;
      }
      String listening = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      assertEquals(0, probe.waitFor(), listening);
      assertEquals(1, listening.lines().count(), "one listening socket: " + listening);
      String[] columns = listening.split("\\s+"); // State Recv-Q Send-Q Local Peer
      assertTrue(columns.length >= 4, "ss printed: " + listening);
      assertEquals(Frameworks.ALL.get(framework).listenBacklog(), Integer.parseInt(columns[2]), "backlog of " + framework + ": " + listening);
      assertTrue(List.of("127.0.0.1:" + server.port(), "[::ffff:127.0.0.1]:" + server.port()).contains(columns[3]), // IPv4, or IPv4 on a dual-stack socket
          "where " + framework + " listens: " + listening);
    }
  }

  static Stream<String> frameworks() { return Frameworks.ALL.keySet().stream(); }

  /**
   * Every framework in the mode at once, each on a server of its own: the clients mostly wait (on the idle timeout),
   * so the frameworks need not take turns; idiomatic, two at a time, for each builds every one of its 36 answers of
   * 6 MB whole before it can stall, and with eight doing so at once, the slowest encoder's /health waited on the
   * others' CPU (docs/RESULTS.md, 2026-11-29).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void clientsThatStopReadingAreCutOffAndEveryoneElseIsStillAnswered(Mode mode) throws Exception {
    // more clients than the server takes connections (or has threads for them): none left if each holds one
    ServerSettings.Limits limits = ServerSettings.Limits.DEFAULT.withIdleTimeout(IDLE).withConnectionLimit(32);
    int atOnce = mode == Mode.IDIOMATIC ? 2 : Frameworks.ALL.size();
    assertEquals(List.of(), ServersAtOnce.check(List.of(mode), atOnce, false, (framework, m) -> Frameworks.start(framework, apis.get(m), m, limits),
        (name, server) -> stoppedReaders(name, server, limits.connectionLimit() + 4)));
  }

  static Stream<Mode> modes() { return Stream.of(Mode.values()); }

  /** One server beside clients that stopped reading: what went wrong. */
  private List<String> stoppedReaders(String name, RunningServer server, int slow) throws Exception {
    List<Socket> readers = new ArrayList<>();
    try {
      for (int i = 0; i < slow; i++) {
        Socket s = new Socket();
        s.setReceiveBufferSize(4096); // before connecting: the window the client offers stays small
        s.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
        s.getOutputStream().write(get("/schedules/R0").getBytes(StandardCharsets.US_ASCII));
        readers.add(s);
      }
      Thread.sleep(500); // the responses are under way and stalled

      // Another client still gets an answer, once the idle timeout has cut off the first stalled connections.
      long started = System.nanoTime();
      Duration bound = IDLE.multipliedBy(3).plusSeconds(15);
      List<RawHttp.Response> health = RawHttp.exchange(server.port(), get("/health").getBytes(StandardCharsets.US_ASCII), List.of(false), bound);
      Duration waited = Duration.ofNanos(System.nanoTime() - started);
      if (health.size() != 1 || health.get(0).status() != 200)
        return List.of("GET /health with " + slow + " clients not reading: " + (health.isEmpty() ? "no answer" : health.get(0).status()) + " within " + bound);
      System.out.printf("%s: /health answered in %,d ms beside %d clients not reading%n", name, waited.toMillis(), slow);

      // Every stalled response is cut off: the connection ends before the whole body arrives. Jetty checks
      // idleness once per timeout, so a stall may last up to twice as long; and a connection the server took only once
      // others were cut may start its answer seconds later still, while every framework encodes its own at once.
      Thread.sleep(CUT_WITHIN.toMillis());
      List<String> whole = new ArrayList<>();
      for (int i = 0; i < readers.size(); i++) {
        long received = drain(readers.get(i));
        if (received >= bigLength) whole.add("reader " + i + " received all " + received + " bytes");
      }
      return whole.isEmpty() ? List.of() : List.of(whole.size() + " of " + slow + " clients that stopped reading were not cut off after "
          + CUT_WITHIN + ": " + whole.subList(0, Math.min(3, whole.size())));
    } finally {
      for (Socket s : readers) s.close();
    }
  }

  /** Reads what the connection still delivers until it ends (or stays silent for 5 s); the bytes read. */
  static long drain(Socket socket) throws IOException {
    socket.setSoTimeout(5_000);
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[1 << 16];
    long total = 0;
    try {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) total += n;
    } catch (SocketTimeoutException | SocketException e) {
      // silent, or reset: what arrived is the answer
    }
    return total;
  }

  /** Every framework in the mode at once, each on a server of its own: the disconnects' clients are gone at once. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("modes")
  void clientsThatDisconnectMidResponseLeaveTheOutputQuiet(Mode mode) throws Exception {
    assertEquals(List.of(), ServersAtOnce.check(List.of(mode), true, (framework, m) -> Frameworks.start(framework, apis.get(m), m, IDLE),
        (name, server) -> {
          for (int i = 0; i < 20; i++) {
            try (Socket s = new Socket("127.0.0.1", server.port())) {
              s.getOutputStream().write(get("/schedules/R0").getBytes(StandardCharsets.US_ASCII));
              if (i % 2 == 0) s.getInputStream().readNBytes(64 * 1024); // mid-body; else before the first byte is read
              s.setSoLinger(true, 0); // reset, as a client that dies does
            }
          }
          Thread.sleep(IDLE.toMillis()); // the writes fail, and anything the server prints about it is printed
          List<RawHttp.Response> health = RawHttp.exchange(server.port(), get("/health").getBytes(StandardCharsets.US_ASCII), List.of(false), ANSWER_WAIT);
          return health.isEmpty() || health.get(0).status() != 200
              ? List.of("GET /health after 20 disconnects: " + (health.isEmpty() ? "no answer" : health.get(0).status())) : List.of();
        }));
  }

  /**
   * What Quarkus prints, in the JVM of its own the suites start it in, reaches the capture that every check of what a
   * server prints reads, as what a server in this JVM prints does: its start-up's first line here.
   */
  @org.junit.jupiter.api.Test
  void whatQuarkusPrintsInItsOwnJvmIsCaptured() throws Exception {
    RunningServer[] started = new RunningServer[1];
    String printed = Printed.during(() -> started[0] = Frameworks.start("quarkus", apis.get(Mode.IDIOMATIC), Mode.IDIOMATIC));
    try {
      assertTrue(printed.contains("Loading GTFS feed"), "captured while Quarkus started: " + printed);
    } finally {
      started[0].close();
    }
  }

  /** A server just started takes its first requests all at once: every one answered, nothing printed. */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("servers")
  void aFreshServersFirstRequestsAtOnceAreAllAnswered(String framework, Mode mode) throws Exception {
    int clients = 16;
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try (RunningServer server = Frameworks.start(framework, apis.get(mode), mode)) {
      CountDownLatch ready = new CountDownLatch(clients);
      List<Future<Integer>> statuses = new ArrayList<>();
      String printed = Printed.during(() -> {
        for (int i = 0; i < clients; i++) {
          statuses.add(pool.submit(() -> {
            ready.countDown();
            ready.await(); // sent together
            List<RawHttp.Response> answer = RawHttp.exchange(server.port(), get("/health").getBytes(StandardCharsets.US_ASCII), List.of(false), ANSWER_WAIT);
            return answer.isEmpty() ? NONE : answer.get(0).status();
          }));
        }
        for (Future<Integer> status : statuses) status.get();
      });
      for (Future<Integer> status : statuses) assertEquals(200, status.get(), "GET /health among " + clients + " first requests");
      assertEquals("", printed, "printed while a fresh server took " + clients + " requests at once");
    } finally {
      pool.shutdownNow();
    }
  }
}
