package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;
import transit.SwapsUnderLoad;
import transit.api.TransitApi;
import transit.server.RunningServer;
import transit.server.Mode;

/**
 * A feed replaced while a framework serves requests (what a reload does once the new feed is loaded): every
 * request succeeds, each with exactly the old feed's answer or the new one's, and /health names the new feed.
 */
class ReloadTest {
  static Stream<Arguments> servers() {
    return Frameworks.ALL.keySet().stream().flatMap(f -> Stream.of(Mode.values()).map(m -> Arguments.of(f, m)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("servers")
  void requestsSucceedWhileTheFeedIsReplaced(String framework, Mode mode, @TempDir Path dir) throws Exception {
    Feed a = FeedLoader.load(Fixtures.writeFeed(dir.resolve("a"), "a", 300, 12)), b = FeedLoader.load(Fixtures.writeFeed(dir.resolve("b"), "b", 300, 12));
    TransitApi api = Frameworks.api(a, mode);
    try (RunningServer server = Frameworks.start(framework, api, mode)) {
      byte[] answerA = Http.get(server.port(), "/schedules/R3").body();
      api.replace(b, 0, "csv");
      byte[] answerB = Http.get(server.port(), "/schedules/R3").body();
      SwapsUnderLoad.run(4, 60, 25, i -> api.replace(i % 2 == 0 ? a : b, 0, "csv"), () -> {
        Http r = Http.get(server.port(), "/schedules/R3");
        if (r.status() != 200) throw new AssertionError("status " + r.status() + ": " + r.text());
        if (Arrays.equals(r.body(), answerA)) return "a";
        if (Arrays.equals(r.body(), answerB)) return "b";
        throw new AssertionError("neither feed's answer: " + r.text().substring(0, Math.min(200, r.text().length())));
      });
      assertEquals(b.source, api.health().source());
      assertTrue(Http.get(server.port(), "/health").text().contains("\"checksum\":\"" + b.checksum + "\""));
    }
  }
}
