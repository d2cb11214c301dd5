package transit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/** Clients requesting in a loop while the served feed is swapped back and forth, as a reload does it. */
public final class SwapsUnderLoad {
  private SwapsUnderLoad() {}

  /**
   * Runs clients threads, each calling request again and again, while swap(i) is called swaps times, pause ms
   * apart. request returns which feed answered ("a" or "b") or throws an AssertionError saying what was wrong.
   * Asserts that no request went wrong and that requests saw both feeds.
   */
  public static void run(int clients, int swaps, long pause, IntConsumer swap, Supplier<String> request) throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> problem = new AtomicReference<>();
    Set<String> seen = ConcurrentHashMap.newKeySet();
    List<Thread> threads = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      Thread t = new Thread(() -> {
        try {
          while (!stop.get() && problem.get() == null) seen.add(request.get());
        } catch (Throwable e) {
          problem.compareAndSet(null, e);
        }
      });
      t.start();
      threads.add(t);
    }
    for (int i = 0; i < swaps && problem.get() == null; i++) {
      swap.accept(i);
      Thread.sleep(pause);
    }
    stop.set(true);
    for (Thread t : threads) t.join();
    assertNull(problem.get());
    assertEquals(Set.of("a", "b"), seen, "requests saw both feeds");
  }
}
