package transit.measure;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class ProcessSamplerTest {
  /**
   * Keeps this thread busy until it has used millis of CPU: counted in its own CPU time, not the clock's, so a
   * machine busy with other work stretches the spin instead of thinning it.
   */
  static void spin(long millis) {
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long end = threads.getCurrentThreadCpuTime() + millis * 1_000_000, x = 0;
    while (threads.getCurrentThreadCpuTime() < end) { // a system call: asked every 10 ms, so the spin stays in user space
      long slice = System.nanoTime() + 10_000_000;
      while (System.nanoTime() < slice) x += System.nanoTime() % 7;
    }
    if (x == 42) System.out.println(x);
  }

  @Test
  void aBusyProcessShowsItsCpuAndMemoryOverAWindow() throws Exception {
    try (ProcessSampler sampler = new ProcessSampler(ProcessHandle.current().pid(), true)) {
      long from = System.currentTimeMillis();
      Thread.sleep(300);
      spin(1500);
      long to = System.currentTimeMillis();
      Thread.sleep(300);
      ProcessSampler.Window w = sampler.window(from, to);
      assertNotNull(w, "samples every 250 ms: several in 1.5 s");
      assertTrue(w.cpuSeconds() > 0.5, "a spinning thread used most of a core for 1.5 s: " + w.cpuSeconds());
      assertTrue(w.meanCpuPercent() > 30 && w.maxCpuPercent() >= w.meanCpuPercent(), w.toString());
      assertTrue(w.maxRssKb() > 10_000, "a JVM holds more than 10 MB: " + w.maxRssKb() + " KB");
      double user = w.seconds(ProcessSampler.Kind.USER);
      assertTrue(user > 0.5 && user <= w.cpuSeconds() + 0.05, "the spinning thread is an application thread in user space: " + user);
      assertNotNull(w.othersPercent(), "the process's CPUs are watched");
    }
  }

  @Test
  void aSamplerNotMeasuringReadsOnlyTheProcessAndOneTurnedOnMidWindowScalesItsThreadsToTheWindow() throws Exception {
    try (ProcessSampler sampler = new ProcessSampler(ProcessHandle.current().pid(), true)) {
      sampler.measuring(false);
      long from = System.currentTimeMillis();
      spin(800);
      long half = System.currentTimeMillis();
      Thread.sleep(300);
      ProcessSampler.Window idle = sampler.window(from, half);
      assertNotNull(idle);
      assertNull(idle.seconds(ProcessSampler.Kind.USER), "no threads read");
      assertNull(idle.othersPercent(), "nor the CPUs");
      assertTrue(idle.cpuSeconds() > 0.3, "the process's CPU all the same: " + idle.cpuSeconds());
      sampler.measuring(true);
      spin(800);
      long to = System.currentTimeMillis();
      Thread.sleep(300);
      ProcessSampler.Window both = sampler.window(from, to);
      double user = both.seconds(ProcessSampler.Kind.USER);
      assertTrue(user > 0.8 * both.cpuSeconds() && user < 1.3 * both.cpuSeconds(),
          "threads read over the second half, scaled to the whole window: " + user + " of " + both.cpuSeconds());
    }
  }

  @Test
  void threadsAreKindedByTheirHotSpotNames() {
    assertEquals(ProcessSampler.Kind.GC, ProcessSampler.Kind.of("G1 Conc#0"));
    assertEquals(ProcessSampler.Kind.GC, ProcessSampler.Kind.of("GC Thread#1"));
    assertEquals(ProcessSampler.Kind.JIT, ProcessSampler.Kind.of("C2 CompilerThre"));
    assertNull(ProcessSampler.Kind.of("XNIO-1 task-1"));
  }

  @Test
  void fewerThanTwoSamplesInAWindowIsNoWindow() throws Exception {
    try (ProcessSampler sampler = new ProcessSampler(ProcessHandle.current().pid(), false)) {
      long now = System.currentTimeMillis();
      assertNull(sampler.window(now - 10, now - 5));
    }
  }

  @Test
  void busyTimeIsCountedOnTheGivenCpus() {
    assertEquals(-1, ProcessSampler.busyMillis(java.util.List.of()));
    assertTrue(ProcessSampler.busyMillis(java.util.List.of(Cpus.ofThisProcess().get(0))) > 0, "this machine's CPU has been busy since boot");
  }

  @Test
  void acceptedConnectionsAreCounted() throws Exception {
    long before = ProcessSampler.connectionsAccepted();
    assertTrue(before >= 0, "the kernel's TCP counters are readable");
    try (var server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        var client = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), server.getLocalPort());
        var accepted = server.accept()) {
      assertTrue(ProcessSampler.connectionsAccepted() >= before + 1);
    }
  }
}
