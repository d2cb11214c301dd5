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
    ResponseCache cache = new ResponseCache(100);
    cache.get("a", () -> bytes(40));
    cache.get("b", () -> bytes(40));
    cache.get("a", () -> bytes(40)); // a is now more recent than b
    cache.get("c", () -> bytes(40)); // 120 > 100: b goes
    assertEquals(80, cache.sizeBytes());
    assertEquals(2, cache.size());
    AtomicInteger encodes = new AtomicInteger();
    cache.get("a", () -> { encodes.incrementAndGet(); return bytes(40); });
    cache.get("b", () -> { encodes.incrementAndGet(); return bytes(40); });
    assertEquals(1, encodes.get(), "a was kept, b was evicted");
  }

  @Test
  void aResponseLargerThanTheBudgetIsServedButNotKept() {
    ResponseCache cache = new ResponseCache(100);
    cache.get("small", () -> bytes(50));
    assertEquals(101, cache.get("huge", () -> bytes(101)).body().length);
    assertEquals(50, cache.sizeBytes());
    assertEquals(1, cache.size());
  }

  @Test
  void scheduleKeysCannotCollide() {
    assertNotEquals(TransitApi.scheduleKey("5:abcde?date=1", null), TransitApi.scheduleKey("abcde", "1"));
    assertNotEquals(TransitApi.scheduleKey("a", "1"), TransitApi.scheduleKey("a", null));
  }
}
