package transit;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** Wall and CPU time of the current thread since it was made: one step of a load, for --verbose's breakdown. */
final class Stopwatch {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private final long wall = System.nanoTime(), cpu = cpuNanos();

  private static long cpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }

  Feed.Step step(String name, long rows) {
    return new Feed.Step(name, rows, (System.nanoTime() - wall) / 1_000_000, (cpuNanos() - cpu) / 1_000_000,
        Thread.currentThread().getName());
  }
}
