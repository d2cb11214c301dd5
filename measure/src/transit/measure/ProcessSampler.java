package transit.measure;

import java.util.ArrayList;
import java.util.List;
import oshi.hardware.CentralProcessor.TickType;
import oshi.software.os.OSProcess;
import oshi.software.os.OSThread;

/**
 * Samples a process's CPU time and resident memory every 250 ms (OSHI reads them), so that for any window one can
 * give: the CPU it used (seconds, mean %, max % over one interval; 100 % = one core) and its highest RSS; and that
 * CPU by kind of thread, from each thread's name: the collector's, the JIT compilers', and the rest (the
 * application's, its time in user space and in the kernel apart). For a measured process, also how busy the CPUs it
 * may run on were with anything else: another process on a server's core makes a slow figure.
 */
public final class ProcessSampler implements AutoCloseable {
  /** CPU time (user + kernel, ms) and RSS at an instant; per thread kind (ms, see {@link Kind}); its CPUs' busy time (ms). */
  record Sample(long millis, long cpuMillis, long rssBytes, long[] millisByKind, long cpuSetBusyMillis) {}

  /**
   * The process over a window, from the samples in it: the span they cover (seconds), the CPU it used (seconds), mean
   * and highest CPU %, highest RSS, and CPU seconds per {@link Kind} and the others' share of its CPUs (scaled to the
   * span; null where not read).
   */
  public record Window(double seconds, double cpuSeconds, double meanCpuPercent, double maxCpuPercent, long maxRssKb, double[] secondsByKind,
      Double othersPercent) {
    public Window(double seconds, double cpuSeconds, double meanCpuPercent, double maxCpuPercent, long maxRssKb) {
      this(seconds, cpuSeconds, meanCpuPercent, maxCpuPercent, maxRssKb, null, null);
    }

    /** CPU seconds of one kind of thread; null when threads were not sampled. */
    public Double seconds(Kind kind) { return secondsByKind == null ? null : secondsByKind[kind.ordinal()]; }
  }

  /**
   * Kinds of thread, by name (HotSpot's names): a thread that ends within a window takes its CPU with it, so the
   * kinds add up to a little less than the process.
   */
  public enum Kind {
    GC, JIT, USER, KERNEL;

    static Kind of(String threadName) {
      if (threadName.startsWith("GC Thread") || threadName.startsWith("G1 ") || threadName.startsWith("VM Thread")) return GC;
      if (threadName.startsWith("C1 Compiler") || threadName.startsWith("C2 Compiler")) return JIT;
      return null; // application threads: user and kernel time apart
    }
  }

  private static final long INTERVAL_MS = 250;
  private final OSProcess process;
  /** Whether each sample also reads the threads by kind and the process's CPUs' busy time (see #measuring). */
  private volatile boolean measuring;
  /** The CPUs the process may run on (its affinity when sampling started), or empty when they are not watched. */
  private final List<Integer> cpuSet;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;

  /**
   * measured: the process is a server, whose threads by kind and CPUs' busy time may be read (#measuring); a load
   * generator needs only its total. A measured process's sampler starts measuring.
   */
  public ProcessSampler(long pid, boolean measured) {
    this.process = Oshi.OS.getProcess((int) pid);
    this.measuring = measured;
    List<Integer> affinity = measured ? Cpus.affinity(pid) : null;
    this.cpuSet = affinity == null ? List.of() : affinity;
    thread = new Thread(this::run, "sampler-" + pid);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Whether the samples read the threads by kind and the CPUs' busy time too, or only the process's CPU and RSS: a server
   * waiting idle beside others under load needs no more, and reading every thread of eight servers four times a second
   * costs the client's CPU.
   */
  public void measuring(boolean on) { measuring = on && !cpuSet.isEmpty(); }

  private void run() {
    while (process != null && !Thread.currentThread().isInterrupted()) {
      Sample s = sample();
      if (s == null) return; // the process has ended
      synchronized (samples) {
        samples.add(s);
      }
      try {
        Thread.sleep(INTERVAL_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** A process's resident set now, in KB; -1 once it has gone. */
  public static long rssKb(long pid) {
    oshi.software.os.OSProcess process = Oshi.OS.getProcess((int) pid);
    return process == null ? -1 : process.getResidentSetSize() >> 10;
  }

  /**
   * The window between two instants, from the samples in it; null when fewer than two fall in it. Threads by kind and
   * the CPUs' others come from the samples that read them, scaled to the whole window; null where fewer than two did.
   */
  public Window window(long fromMillis, long toMillis) {
    List<Sample> in;
    synchronized (samples) {
      in = samples.stream().filter(s -> s.millis >= fromMillis && s.millis <= toMillis).toList();
    }
    if (in.size() < 2) return null;
    double maxPercent = 0;
    long maxRss = 0;
    for (int i = 1; i < in.size(); i++) {
      maxPercent = Math.max(maxPercent, percent(in.get(i - 1), in.get(i)));
      maxRss = Math.max(maxRss, in.get(i).rssBytes);
    }
    Sample first = in.get(0), last = in.get(in.size() - 1);
    double seconds = (last.millis - first.millis) / 1000.0;
    List<Sample> measured = in.stream().filter(s -> s.millisByKind != null).toList();
    double[] byKind = null;
    Double others = null;
    if (measured.size() >= 2 && seconds > 0) {
      Sample a = measured.get(0), b = measured.get(measured.size() - 1);
      double span = (b.millis - a.millis) / 1000.0;
      if (span > 0) {
        byKind = new double[Kind.values().length];
        for (int k = 0; k < byKind.length; k++) byKind[k] = Math.max(0, b.millisByKind[k] - a.millisByKind[k]) / 1000.0 * seconds / span;
        if (a.cpuSetBusyMillis >= 0 && b.cpuSetBusyMillis >= 0)
          others = Math.max(0, 100.0 * (b.cpuSetBusyMillis - a.cpuSetBusyMillis) / 1000.0 / span - percent(a, b));
      }
    }
    return new Window(seconds, (last.cpuMillis - first.cpuMillis) / 1000.0, percent(first, last), maxPercent, maxRss >> 10, byKind, others);
  }

  private static double percent(Sample a, Sample b) {
    return b.millis == a.millis ? 0 : 100.0 * (b.cpuMillis - a.cpuMillis) / (b.millis - a.millis);
  }

  /** The process's CPU time and RSS, and while measuring its threads' by kind and its CPUs' busy time; null once it has ended. */
  private Sample sample() {
    try {
      if (!process.updateAttributes()) return null;
      boolean threads = measuring;
      long[] byKind = null;
      if (threads) {
        byKind = new long[Kind.values().length];
        for (OSThread t : process.getThreadDetails()) {
          Kind kind = Kind.of(t.getName());
          if (kind == null) {
            byKind[Kind.USER.ordinal()] += t.getUserTime();
            byKind[Kind.KERNEL.ordinal()] += t.getKernelTime();
          } else {
            byKind[kind.ordinal()] += t.getUserTime() + t.getKernelTime();
          }
        }
      }
      return new Sample(System.currentTimeMillis(), process.getUserTime() + process.getKernelTime(), process.getResidentSetSize(),
          byKind, threads ? busyMillis(cpuSet) : -1);
    } catch (RuntimeException e) {
      return null; // the process ended while being read
    }
  }

  /**
   * Milliseconds the given CPUs have spent running tasks (user, nice, system and steal time) since boot; -1 for no
   * CPUs. Not irq and softirq: on a server's CPU they are mostly the benchmark's own loopback packets, which would
   * mark a lightly loaded step as disturbed.
   */
  static long busyMillis(List<Integer> cpus) {
    if (cpus.isEmpty()) return -1;
    long[][] ticks = Oshi.PROCESSOR.getProcessorCpuLoadTicks();
    long busy = 0;
    for (int cpu : cpus) {
      if (cpu >= ticks.length) return -1;
      for (TickType type : new TickType[] {TickType.USER, TickType.NICE, TickType.SYSTEM, TickType.STEAL}) busy += ticks[cpu][type.getIndex()];
    }
    return busy;
  }

  /**
   * TCP connections this machine has accepted so far (the kernel's PassiveOpens counter): its change over a step
   * is the connections a server accepted, on a machine where nothing else accepts many. -1 where unknown.
   */
  public static long connectionsAccepted() {
    try {
      return Oshi.OS.getInternetProtocolStats().getTCPv4Stats().getConnectionsPassive();
    } catch (RuntimeException e) {
      return -1;
    }
  }

  /**
   * Bytes sent over the loopback interface so far, both ways, TCP and IP headers included: its change over a step is
   * what its answers took on the wire, on a machine where the load test is the loopback's only traffic. -1 where unknown.
   */
  public static long loopbackBytes() {
    try {
      for (oshi.hardware.NetworkIF network : Oshi.SYSTEM.getHardware().getNetworkIFs(true))
        if (network.getName().equals("lo")) return network.getBytesSent();
      return -1;
    } catch (RuntimeException e) {
      return -1;
    }
  }

  @Override
  public void close() { thread.interrupt(); }
}
