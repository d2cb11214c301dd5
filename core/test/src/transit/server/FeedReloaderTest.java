package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;
import transit.SwapsUnderLoad;
import transit.api.Model.FailedReload;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

class FeedReloaderTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();

  FeedReloader reloader(Path feed, TransitApi api, Duration watch, long cacheBudget) {
    ServerOptions options = new ServerOptions("127.0.0.1", 0, feed, cacheBudget, ServerOptions.AUTO, false, false, null, watch, ServerSettings.Limits.DEFAULT.idleTimeout(), true, false);
    return new FeedReloader("test", feed, FeedReloader.Signature.of(feed), api, options,
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** A zip of a generated feed, moved over target as a publisher would. */
  static void publish(Path dir, String tag, Path target) throws Exception {
    Path zip = Fixtures.zip(Fixtures.writeFeed(dir.resolve(tag), tag, 30, 4), "");
    Path beside = target.resolveSibling(tag + ".zip.partial");
    Files.copy(zip, beside, StandardCopyOption.REPLACE_EXISTING);
    Files.move(beside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
    for (long end = System.nanoTime() + 30_000_000_000L; !condition.getAsBoolean(); Thread.sleep(20))
      if (System.nanoTime() > end) fail("waited 30 s for " + what);
  }

  static String firstTrip(TransitApi api) { return api.schedules("R1", null).body().get(0).tripId(); }

  @Test
  void aFeedMovedOverTheServedOneIsLoadedAndSwappedIn(@TempDir Path dir) throws Exception {
    Path feed = dir.resolve("feed.zip");
    publish(dir, "a", feed);
    TransitApi api = new TransitApi(FeedLoader.load(feed), 0, Clock.systemUTC());
    String servedSince = api.health().loadedAt();
    try (FeedReloader reloader = reloader(feed, api, Duration.ofMillis(50), 0)) {
      reloader.watch();
      Thread.sleep(200);
      assertEquals("a-T1", firstTrip(api), "an unchanged feed is not reloaded");
      publish(dir, "b", feed);
      waitFor(() -> firstTrip(api).equals("b-T1") && out.size() > 0, "the new feed");
      assertEquals(FeedLoader.load(feed).checksum, api.health().checksum());
      assertNotEquals(servedSince, api.health().loadedAt());
      assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("test: reloaded after the feed changed on disk. Loaded " + feed
          + " from the CSV (snapshots off): "), out.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aBrokenFeedLeavesTheOldOneServingAndShowsInHealthUntilAGoodOneComes(@TempDir Path dir) throws Exception {
    Path feed = dir.resolve("feed");
    Fixtures.writeFeed(feed, "a", 30, 4);
    TransitApi api = new TransitApi(FeedLoader.load(feed), 0, Clock.systemUTC());
    try (FeedReloader reloader = reloader(feed, api, Duration.ofMillis(50), 0)) {
      reloader.watch();
      Files.writeString(feed.resolve("stop_times.txt"), "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
          + "a-T1,05:00:00,05:00:00,a-S1,1\na-T1,\"05:10:00,05:10:00,a-S2,2\n");
      waitFor(() -> api.health().lastFailedReload() != null && err.toString(StandardCharsets.UTF_8).endsWith(System.lineSeparator()), "the failed reload");
      FailedReload failed = api.health().lastFailedReload();
      String error = "stop_times.txt line 3: a quoted value starts on this line and never ends (unterminated quote)";
      assertEquals(error, failed.error());
      assertEquals("a-T1", firstTrip(api), "the old feed still serves");
      assertEquals("test: reload after the feed changed on disk failed; still serving the feed loaded at "
          + api.health().loadedAt() + ": " + error + System.lineSeparator(), err.toString(StandardCharsets.UTF_8));

      Fixtures.writeFeed(feed, "b", 30, 4);
      waitFor(() -> firstTrip(api).equals("b-T1"), "the good feed");
      assertNull(api.health().lastFailedReload(), "a successful reload clears the failure");
    }
  }

  @Test
  void twentyReloadsKeepTheRetainedHeapFlat(@TempDir Path dir) throws Exception {
    Path feed = dir.resolve("feed");
    Fixtures.writeFeed(feed, "v0", 3000, 20);
    TransitApi api = new TransitApi(FeedLoader.load(feed), 0, Clock.systemUTC(), 64L << 20);
    long feedBytes = api.feed().estimatedHeapBytes();
    List<Long> heap = new ArrayList<>();
    try (FeedReloader reloader = reloader(feed, api, Duration.ZERO, 64L << 20)) {
      for (int i = 1; i <= 20; i++) {
        Fixtures.writeFeed(feed, "v" + (i % 2), 3000, 20);
        assertTrue(reloader.reload("test " + i), err::toString);
        // fill the feed's response cache, which must go with it
        for (int r = 0; r < 10; r++) api.encodedSchedules("R" + r, null, reply -> new byte[reply.body().size() * 1000]);
        heap.add(ServedFeed.usedHeapAfterGc());
      }
    }
    long growth = heap.get(19) - heap.get(1);
    assertTrue(growth < feedBytes / 2, "the heap grew by " + growth + " bytes over 18 reloads of a " + feedBytes
        + "-byte feed: " + heap);
  }

  @Test
  void requestsDuringReplacementsSeeOneFeedOrTheOtherNeverAMix(@TempDir Path dir) throws Exception {
    Feed a = FeedLoader.load(Fixtures.writeFeed(dir.resolve("a"), "a", 200, 10)), b = FeedLoader.load(Fixtures.writeFeed(dir.resolve("b"), "b", 200, 10));
    TransitApi api = new TransitApi(a, 0, Clock.systemUTC(), 16L << 20);
    SwapsUnderLoad.run(4, 400, 2, i -> api.replace(i % 2 == 0 ? b : a, 0, "csv"), () -> {
      var reply = api.schedules("R" + (int) (Math.random() * 10), null);
      if (!reply.isOk()) throw new AssertionError("failed: " + reply.error());
      String tag = reply.body().get(0).tripId().substring(0, 2);
      for (TripSchedule trip : reply.body())
        if (!trip.tripId().startsWith(tag) || !trip.schedules().stream().allMatch(s -> s.stopId().startsWith(tag)))
          throw new AssertionError("a mix of feeds: " + trip);
      var departures = api.departures(tag + "S7", "20260915", "05:00:00", "20"); // 404 once the other feed serves
      if (!departures.isOk() && departures.status() != 404) throw new AssertionError("failed: " + departures.error());
      return tag.substring(0, 1);
    });
  }
}
