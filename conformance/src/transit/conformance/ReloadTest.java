package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import transit.Feed;
import transit.Fixtures;
import transit.api.TransitApi;
import transit.server.RunningServer;

/**
 * A feed replaced while a framework serves requests (what a reload does once the new feed is loaded): every
 * request succeeds, each with exactly the old feed's answer or the new one's, and /health names the new feed.
 */
class ReloadTest {
  static Stream<String> frameworks() { return Frameworks.ALL.keySet().stream(); }

  @ParameterizedTest(name = "{0}")
  @MethodSource("frameworks")
  void requestsSucceedWhileTheFeedIsReplaced(String framework, @TempDir Path dir) throws Exception {
    Feed a = Feed.load(Fixtures.writeFeed(dir.resolve("a"), "a", 300, 12)), b = Feed.load(Fixtures.writeFeed(dir.resolve("b"), "b", 300, 12));
    TransitApi api = new TransitApi(a, 0, Clock.systemUTC());
    try (RunningServer server = Frameworks.ALL.get(framework).start(api, "127.0.0.1", 0)) {
      byte[] answerA = Http.get(server.port(), "/schedules/R3").body();
      api.replace(b, 0, "csv");
      byte[] answerB = Http.get(server.port(), "/schedules/R3").body();
      AtomicBoolean stop = new AtomicBoolean();
      AtomicReference<String> problem = new AtomicReference<>();
      AtomicLong sawA = new AtomicLong(), sawB = new AtomicLong();
      List<Thread> clients = new ArrayList<>();
      for (int c = 0; c < 4; c++) {
        Thread t = new Thread(() -> {
          while (!stop.get() && problem.get() == null) {
            Http r = Http.get(server.port(), "/schedules/R3");
            if (r.status() != 200) problem.set("status " + r.status() + ": " + r.text());
            else if (Arrays.equals(r.body(), answerA)) sawA.incrementAndGet();
            else if (Arrays.equals(r.body(), answerB)) sawB.incrementAndGet();
            else problem.set("neither feed's answer: " + r.text().substring(0, Math.min(200, r.text().length())));
          }
        });
        t.start();
        clients.add(t);
      }
      for (int i = 0; i < 60 && problem.get() == null; i++) {
        api.replace(i % 2 == 0 ? a : b, 0, "csv");
        Thread.sleep(25);
      }
      stop.set(true);
      for (Thread t : clients) t.join();
      assertNull(problem.get());
      assertTrue(sawA.get() > 0 && sawB.get() > 0, "requests saw both feeds: " + sawA + " and " + sawB);
      assertEquals(b.source, api.health().source());
      assertTrue(Http.get(server.port(), "/health").text().contains("\"checksum\":\"" + b.checksum + "\""));
    }
  }
}
