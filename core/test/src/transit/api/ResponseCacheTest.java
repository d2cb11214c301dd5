package transit.api;

import static org.junit.jupiter.api.Assertions.*;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import transit.api.ResponseCache.Encoded;

class ResponseCacheTest {
  static Encoded bytes(int n) { return new Encoded(200, new byte[n]); }

  @Test
  void encodesOnAMissAndServesTheSameBytesOnAHit() {
    ResponseCache cache = new ResponseCache(1000);
    AtomicInteger encodes = new AtomicInteger();
    Encoded first = cache.get("a", () -> { encodes.incrementAndGet(); return bytes(10); });
    Encoded second = cache.get("a", () -> { encodes.incrementAndGet(); return bytes(10); });
    assertSame(first, second);
    assertEquals(1, encodes.get());
    assertEquals(1, cache.hits());
    assertEquals(1, cache.misses());
  }

  @Test
  void aCrowdMissingTheSameKeyWaitsForOneEncoding() throws Exception {
    ResponseCache cache = new ResponseCache(1 << 20);
    java.util.concurrent.CountDownLatch encoding = new java.util.concurrent.CountDownLatch(1), release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicInteger encodings = new java.util.concurrent.atomic.AtomicInteger();
    java.util.function.Supplier<ResponseCache.Encoded> slow = () -> {
      encodings.incrementAndGet();
      encoding.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return new ResponseCache.Encoded(200, new byte[] {4, 2});
    };
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      java.util.List<java.util.concurrent.Future<ResponseCache.Encoded>> answers = new java.util.ArrayList<>();
      answers.add(pool.submit(() -> cache.get("k", slow)));
      encoding.await();
      for (int i = 0; i < 7; i++) answers.add(pool.submit(() -> cache.get("k", slow)));
      ResponseCache.Encoded other = cache.get("other", () -> new ResponseCache.Encoded(200, new byte[] {1}));
      assertArrayEquals(new byte[] {1}, other.body(), "another key is not held up");
      Thread.sleep(100);
      release.countDown();
      for (java.util.concurrent.Future<ResponseCache.Encoded> a : answers) assertArrayEquals(new byte[] {4, 2}, a.get().body());
      assertEquals(1, encodings.get(), "encoded once");
      assertEquals(2, cache.misses(), "k and other");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aFailedEncodingFailsThoseWaitingAndTheNextMissEncodesAgain() {
    ResponseCache cache = new ResponseCache(1 << 20);
    assertThrows(IllegalStateException.class, () -> cache.get("k", () -> { throw new IllegalStateException("no"); }));
    assertArrayEquals(new byte[] {3}, cache.get("k", () -> new ResponseCache.Encoded(200, new byte[] {3})).body());
  }

  @Test
  void evictsTheLeastRecentlyUsedBeyondTheBudget() {
    long entry = ResponseCache.bytes("a", bytes(40)); // 40 bytes, a key of one character and the entry's own
    ResponseCache cache = new ResponseCache(2 * entry + 20);
    cache.get("a", () -> bytes(40));
    cache.get("b", () -> bytes(40));
    cache.get("a", () -> bytes(40)); // a is now more recent than b
    cache.get("c", () -> bytes(40)); // three entries are over the budget: b goes
    assertEquals(2 * entry, cache.sizeBytes());
    assertEquals(2, cache.size());
    AtomicInteger encodes = new AtomicInteger();
    cache.get("a", () -> { encodes.incrementAndGet(); return bytes(40); });
    cache.get("b", () -> { encodes.incrementAndGet(); return bytes(40); });
    assertEquals(1, encodes.get(), "a was kept, b was evicted");
  }

  @Test
  void aResponseLargerThanTheBudgetIsServedButNotKept() {
    ResponseCache cache = new ResponseCache(ResponseCache.bytes("small", bytes(50)) + 50);
    cache.get("small", () -> bytes(50));
    assertEquals(300, cache.get("huge", () -> bytes(300)).body().length);
    assertEquals(ResponseCache.bytes("small", bytes(50)), cache.sizeBytes());
    assertEquals(1, cache.size());
  }

  @Test
  void errorsAreServedButNotKeptSoDistinctMissingIdsLeaveTheCacheEmpty() {
    ResponseCache cache = new ResponseCache(1 << 20);
    AtomicInteger encodes = new AtomicInteger();
    for (int i = 0; i < 1000; i++) {
      String key = TransitApi.scheduleKey("missing-" + "x".repeat(200) + i, null);
      assertEquals(404, cache.get(key, () -> { encodes.incrementAndGet(); return new Encoded(404, new byte[80]); }).status());
    }
    cache.get("bad", () -> new Encoded(400, new byte[80]));
    cache.get("bad", () -> { encodes.incrementAndGet(); return new Encoded(400, new byte[80]); });
    assertEquals(0, cache.size());
    assertEquals(0, cache.sizeBytes());
    assertEquals(1001, encodes.get(), "an error is made again each time it is asked");
  }

  @Test
  void keysCountAgainstTheBudgetSoManyLongKeysOfSmallAnswersStayWithinIt() {
    long budget = 64 << 10;
    ResponseCache cache = new ResponseCache(budget);
    for (int i = 0; i < 20_000; i++) {
      String key = TransitApi.scheduleKey("R1", "2026" + i + "x".repeat(200));
      cache.get(key, () -> bytes(2));
    }
    assertTrue(cache.sizeBytes() <= budget, cache.sizeBytes() + " bytes kept");
    assertTrue(cache.size() <= budget / (2 * 200 + ResponseCache.ENTRY_BYTES), cache.size() + " entries kept");
    assertTrue(cache.size() > 0);
  }

  @Test
  void theDefaultBudgetIsAQuarterOfWhatTheHeapLeavesBesideTheFeed() {
    assertEquals(238L << 20, ResponseCache.defaultBudget(1024L << 20, 72L << 20));
    assertEquals(1 << 20, ResponseCache.defaultBudget(64L << 20, 70L << 20), "at least a megabyte, even where the feed fills the heap");
  }

  @Test
  void scheduleKeysCannotCollide() {
    assertNotEquals(TransitApi.scheduleKey("5:abcde?date=1", null), TransitApi.scheduleKey("abcde", "1"));
    assertNotEquals(TransitApi.scheduleKey("a", "1"), TransitApi.scheduleKey("a", null));
  }
}
