package transit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
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
      if (server.process().isPresent()) {
        reloadedByItsOperator(server, Path.of(a.source), dir.resolve("b"), b);
        return;
      }
      byte[] answerA = Http.get(server.port(), "/schedules/R3").body();
      api.replace(b, 0, "csv");
      byte[] answerB = Http.get(server.port(), "/schedules/R3").body();
      SwapsUnderLoad.run(4, 60, 25, i -> api.replace(i % 2 == 0 ? a : b, 0, "csv"), answered(server, answerA, answerB));
      assertEquals("b", api.health().source(), "the feed's name, not its path");
      assertTrue(Http.get(server.port(), "/health").text().contains("\"checksum\":\"" + b.checksum + "\""));
    }
  }

  /**
   * A server on a JVM of its own (RunningServer#process) reloads as an operator has it do: the files of the feed it
   * serves replaced, then SIGHUP; each swap waits until /health names the feed now served. Fewer swaps than in
   * process: each is a whole load.
   */
  private static void reloadedByItsOperator(RunningServer server, Path served, Path b, Feed bFeed) throws Exception {
    Path keptA = Files.createDirectories(served.resolveSibling("a-kept"));
    Fixtures.copyFiles(served, keptA);
    byte[] answerA = Http.get(server.port(), "/schedules/R3").body();
    IntConsumer swap = i -> {
      Feed next = reload(server, served, i % 2 == 0 ? b : keptA);
      if (i % 2 == 0 && !next.checksum.equals(bFeed.checksum)) throw new AssertionError("loaded " + next.checksum + ", not b's");
    };
    swap.accept(0);
    byte[] answerB = Http.get(server.port(), "/schedules/R3").body();
    SwapsUnderLoad.run(4, 4, 0, i -> swap.accept(i + 1), answered(server, answerA, answerB));
    assertTrue(Http.get(server.port(), "/health").text().contains("\"checksum\":\"" + bFeed.checksum + "\""));
  }

  /** The feed at from, copied over the files served, the server signalled, and /health awaited until it names it. */
  private static Feed reload(RunningServer server, Path served, Path from) {
    try {
      Fixtures.copyFiles(from, served);
      Feed next = FeedLoader.load(served);
      Operator.sighup(server);
      Operator.awaitHealth(server, h -> h.contains("\"checksum\":\"" + next.checksum + "\""), "reload to " + next.checksum);
      return next;
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** A request for R3, naming which feed answered it: "a" or "b", or an AssertionError saying what came instead. */
  private static Supplier<String> answered(RunningServer server, byte[] answerA, byte[] answerB) {
    return () -> {
      Http r = Http.get(server.port(), "/schedules/R3");
      if (r.status() != 200) throw new AssertionError("status " + r.status() + ": " + r.text());
      if (Arrays.equals(r.body(), answerA)) return "a";
      if (Arrays.equals(r.body(), answerB)) return "b";
      throw new AssertionError("neither feed's answer: " + r.text().substring(0, Math.min(200, r.text().length())));
    };
  }
}
