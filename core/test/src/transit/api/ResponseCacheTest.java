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
