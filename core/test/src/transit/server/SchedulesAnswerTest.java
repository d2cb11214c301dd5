package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.FeedLoader;
import transit.Fixtures;
import transit.api.Model;
import transit.api.ResponseBudget;
import transit.api.ResponseCache;
import transit.api.TransitApi;

/** What /schedules answers in each mode, and what it reserves of the heap while it is built and sent. */
class SchedulesAnswerTest {
  static final long MB = 1 << 20;

  static TransitApi api(Path dir, long heapBytes, long cacheBudget) {
    ResponseBudget budget = new ResponseBudget(heapBytes, Duration.ofMillis(100), ResponseBudget.HALF_BESIDE_THE_FEED);
    return new TransitApi(FeedLoader.load(Fixtures.writeRoutes(dir, "a", 20, 300, 3)), 0, "csv", Clock.systemUTC(), cacheBudget, budget);
  }

  @Test
  void eachModeGetsItsAnswerAndAnErrorIsAnError(@TempDir Path dir) {
    TransitApi api = api(dir, 512 * MB, 0);
    try (SchedulesAnswer model = SchedulesAnswer.of(api, Mode.IDIOMATIC, "R0", null, null, r -> new byte[0])) {
      assertEquals(300, ((SchedulesAnswer.ToEncode) model).trips().size());
    }
    try (SchedulesAnswer streamed = SchedulesAnswer.of(api, Mode.TUNED, "R0", null, null, r -> new byte[0])) {
      assertEquals(300, ((SchedulesAnswer.Streamed) streamed).trips().trips().length);
    }
    SchedulesAnswer missing = SchedulesAnswer.of(api, Mode.IDIOMATIC, "nope", null, null, r -> new byte[0]);
    assertEquals(404, ((SchedulesAnswer.Failed) missing).error().status());
    TransitApi cached = api(dir.resolve("c"), 512 * MB, 64 * MB);
    SchedulesAnswer first = SchedulesAnswer.of(cached, Mode.CACHED, "R0", null, null, r -> new byte[] {1, 2, 3});
    SchedulesAnswer second = SchedulesAnswer.of(cached, Mode.CACHED, "R0", null, null, r -> { throw new AssertionError("encoded twice"); });
    assertArrayEquals(new byte[] {1, 2, 3}, ((SchedulesAnswer.Cached) second).encoded().body());
    assertSame(((SchedulesAnswer.Cached) first).encoded(), ((SchedulesAnswer.Cached) second).encoded());
  }

  @Test
  void aCachedAnswerGoesGzippedWhereTheRequestAcceptsItAndIsKeptBesideTheIdentityOne(@TempDir Path dir) throws Exception {
    TransitApi cached = api(dir, 512 * MB, 64 * MB);
    byte[] json = "[{\"trip_id\":\"T1\"}]".repeat(100).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertNull(SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, "gzip"), "nothing kept yet");
    ResponseCache.Encoded gzipped = ((SchedulesAnswer.Cached) SchedulesAnswer.of(cached, Mode.CACHED, "R0", null, "gzip, br", r -> json)).encoded();
    assertTrue(gzipped.gzipped());
    assertArrayEquals(json, new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gzipped.body())).readAllBytes());
    assertSame(gzipped, ((SchedulesAnswer.Cached) SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, "gzip")).encoded(), "deflated once, then kept");
    ResponseCache.Encoded identity = ((SchedulesAnswer.Cached) SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, "gzip;q=0")).encoded();
    assertFalse(identity.gzipped());
    assertArrayEquals(json, identity.body());
    ResponseCache.Encoded error = ((SchedulesAnswer.Cached) SchedulesAnswer.of(cached, Mode.CACHED, "nope", null, "gzip", r -> new byte[] {4})).encoded();
    assertEquals(404, error.status());
    assertFalse(error.gzipped(), "an error goes as the framework decides");
    assertNull(SchedulesAnswer.atOnce(cached, Mode.CACHED, "nope", null, "gzip"), "an error is not kept: it is made again when asked");
  }

  @Test
  void healthCountsEachLookupOfKeptBytesOnce(@TempDir Path dir) {
    TransitApi cached = api(dir, 512 * MB, 64 * MB);
    assertNull(api(dir, 512 * MB, 0).health().cache(), "no cache, none on /health");
    byte[] json = "[]".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    java.util.function.Supplier<List<Long>> lookups = () -> List.of(cached.health().cache().hits(), cached.health().cache().misses());
    SchedulesAnswer.of(cached, Mode.CACHED, "R0", null, null, r -> json);
    assertEquals(List.of(0L, 1L), lookups.get(), "made: a miss");
    SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, null);
    assertEquals(List.of(1L, 1L), lookups.get(), "kept: a hit");
    assertNull(SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, "gzip"), "not yet gzipped");
    assertEquals(List.of(1L, 1L), lookups.get(), "a look on the way counts nothing");
    SchedulesAnswer.of(cached, Mode.CACHED, "R0", null, "gzip", r -> json);
    assertEquals(List.of(2L, 2L), lookups.get(), "gzipped from the kept identity bytes: a hit and a miss");
    SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, "gzip");
    assertEquals(List.of(3L, 2L), lookups.get(), "then kept: a hit");
    Model.CacheSummary held = cached.health().cache();
    assertEquals(2, held.answers(), "identity and gzipped");
    assertEquals(64 * MB, held.budgetBytes());
    assertTrue(held.bytes() > json.length);
  }

  @Test
  void anAnswerWithNoRoomInTheHeapIsA503UntilAnotherIsSent(@TempDir Path dir) {
    TransitApi probe = api(dir.resolve("probe"), 512 * MB, 0);
    long body = probe.estimatedBytes(probe.routeTrips("R0", null).body());
    TransitApi api = api(dir, 3 * SchedulesAnswer.MODEL_FACTOR * body, 0); // a budget of half that: room for one model answer of R0
    assertTrue(SchedulesAnswer.MODEL_FACTOR * body <= api.budget().totalBytes() && 2 * SchedulesAnswer.MODEL_FACTOR * body > api.budget().totalBytes(),
        "one answer fits: " + body + " bytes a body, budget " + api.budget().totalBytes());
    SchedulesAnswer held = SchedulesAnswer.of(api, Mode.IDIOMATIC, "R0", null, null, r -> new byte[0]);
    assertInstanceOf(SchedulesAnswer.ToEncode.class, held);
    SchedulesAnswer refused = SchedulesAnswer.of(api, Mode.IDIOMATIC, "R0", null, null, r -> new byte[0]);
    SchedulesAnswer.Busy busy = assertInstanceOf(SchedulesAnswer.Busy.class, refused);
    assertEquals(503, busy.error().status());
    assertEquals(ResponseBudget.RETRY_AFTER_SECONDS, busy.retryAfterSeconds());
    assertInstanceOf(SchedulesAnswer.ToEncode.class, SchedulesAnswer.of(api, Mode.IDIOMATIC, "R1", null, null, r -> new byte[0]),
        "a small answer still fits beside it");
    held.close();
    assertInstanceOf(SchedulesAnswer.ToEncode.class, SchedulesAnswer.of(api, Mode.IDIOMATIC, "R0", null, null, r -> new byte[0]));
  }

  @Test
  void anAnswerIsReadyAtOnceOnlyWhenItNeedsNeitherWaitingNorEncoding(@TempDir Path dir) {
    TransitApi api = api(dir, 512 * MB, 0);
    assertNull(SchedulesAnswer.atOnce(api, Mode.IDIOMATIC, "R0", null, null), "idiomatic encodes: not at once");
    try (SchedulesAnswer streamed = SchedulesAnswer.atOnce(api, Mode.TUNED, "R0", null, null)) {
      assertEquals(300, assertInstanceOf(SchedulesAnswer.Streamed.class, streamed).trips().trips().length);
    }
    assertEquals(404, assertInstanceOf(SchedulesAnswer.Failed.class, SchedulesAnswer.atOnce(api, Mode.TUNED, "nope", null, null)).error().status());
    assertEquals(400, assertInstanceOf(SchedulesAnswer.Failed.class, SchedulesAnswer.atOnce(api, Mode.TUNED, "R0", "2024-13-01", null)).error().status());

    TransitApi cached = api(dir.resolve("c"), 512 * MB, 64 * MB);
    assertNull(SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, null), "a miss encodes: not at once");
    SchedulesAnswer kept = SchedulesAnswer.of(cached, Mode.CACHED, "R0", null, null, r -> new byte[] {7});
    assertSame(((SchedulesAnswer.Cached) kept).encoded(), ((SchedulesAnswer.Cached) SchedulesAnswer.atOnce(cached, Mode.CACHED, "R0", null, null)).encoded());
  }

  @Test
  void aStreamedAnswerWithNoRoomNowIsNotReadyAtOnce(@TempDir Path dir) {
    TransitApi api = api(dir, 4 * MB, 0); // a budget of 2 MB
    java.util.List<ResponseBudget.Reservation> held = new java.util.ArrayList<>();
    for (ResponseBudget.Reservation r = api.budget().tryReserve(MB); r != null; r = api.budget().tryReserve(MB)) held.add(r);
    long started = System.nanoTime();
    assertNull(SchedulesAnswer.atOnce(api, Mode.TUNED, "R0", null, null), "the budget is full");
    assertTrue(System.nanoTime() - started < 50_000_000L, "and it did not wait for room");
    held.forEach(ResponseBudget.Reservation::close);
    assertInstanceOf(SchedulesAnswer.Streamed.class, SchedulesAnswer.atOnce(api, Mode.TUNED, "R0", null, null));
  }

  @Test
  void theLargestAnswerIsMeasuredAndOthersEstimatedFromTheirStopTimes(@TempDir Path dir) {
    TransitApi api = api(dir, 512 * MB, 0);
    TransitApi.ResponseSizes sizes = api.sizes();
    assertEquals("R0", sizes.largestRouteId());
    assertEquals(new transit.api.SchedulesJson(api.routeTrips("R0", null).body()).length(), sizes.largestBytes());
    long r1 = api.estimatedBytes(api.routeTrips("R1", null).body()), exact = new transit.api.SchedulesJson(api.routeTrips("R1", null).body()).length();
    assertTrue(Math.abs(r1 - exact) < exact / 10, "an estimate within 10 %: " + r1 + " for " + exact);
  }
}
