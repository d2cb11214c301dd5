package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples a process's CPU time and resident memory from /proc every 250 ms, so the harness can give, for any
 * window: the CPU it used (seconds, mean %, max % over one interval; 100 % = one core) and its highest RSS; and
 * that CPU by kind of thread, from each thread's name: the collector's, the JIT compilers', and the rest (the
 * application's, its time in user space and in the kernel apart). For the server, also how busy the CPUs it may
 * run on were with anything else (/proc/stat): another process on the server's core makes a slow figure.
 */
final class ProcessStats implements AutoCloseable {
  /** Cumulative CPU time (utime + stime, in clock ticks) and RSS at an instant, and per thread kind (ticks, see {@link Kind}). */
  record Sample(long millis, long ticks, long rssKb, long[] byKind, long cpuSetBusyTicks) {}

  /** The process over a window: CPU seconds used, mean and highest CPU %, highest RSS, and CPU seconds per {@link Kind}. */
  record Window(double cpuSeconds, double meanCpuPercent, double maxCpuPercent, long maxRssKb, double[] secondsByKind,
      Double othersPercent) {
    Window(double cpuSeconds, double meanCpuPercent, double maxCpuPercent, long maxRssKb) {
      this(cpuSeconds, meanCpuPercent, maxCpuPercent, maxRssKb, null, null);
    }

    /** CPU seconds of one kind of thread; null when threads were not sampled. */
    Double seconds(Kind kind) { return secondsByKind == null ? null : secondsByKind[kind.ordinal()]; }
  }

  /**
   * Kinds of thread, by name (/proc/PID/task/TID/comm, HotSpot's names): a thread that ends within a window takes
   * its CPU with it, so the kinds add up to a little less than the process.
   */
  enum Kind {
    GC, JIT, USER, KERNEL;

    static Kind of(String threadName) {
      if (threadName.startsWith("GC Thread") || threadName.startsWith("G1 ") || threadName.startsWith("VM Thread")) return GC;
      if (threadName.startsWith("C1 Compiler") || threadName.startsWith("C2 Compiler")) return JIT;
      return null; // application threads: user and kernel time apart
    }
  }

  private static final long INTERVAL_MS = 250, TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux
  private final long pid;
  private final boolean threads;
  /** The CPUs the process may run on (its affinity when started), or empty for a process whose CPUs are not watched. */
  private final List<Integer> cpuSet;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;

  /**
   * threads: also sample each thread's CPU by kind, and how busy the process's CPUs are with anything else (the
   * server's; Gatling's own process needs only its total).
   */
  ProcessStats(long pid, boolean threads) {
    this.pid = pid;
    this.threads = threads;
    List<Integer> affinity = threads ? Cpus.affinity(String.valueOf(pid)) : null;
    this.cpuSet = affinity == null ? List.of() : affinity;
    thread = new Thread(this::run, "sampler-" + pid);
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    while (!Thread.currentThread().isInterrupted()) {
      Sample s = sample(pid);
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

  /** The window between two instants, from the samples around them; null when fewer than two fall in it. */
  Window window(long fromMillis, long toMillis) {
    List<Sample> in;
    synchronized (samples) {
      in = samples.stream().filter(s -> s.millis >= fromMillis && s.millis <= toMillis).toList();
    }
    if (in.size() < 2) return null;
    double maxPercent = 0;
    long maxRss = 0;
    for (int i = 1; i < in.size(); i++) {
      maxPercent = Math.max(maxPercent, percent(in.get(i - 1), in.get(i)));
      maxRss = Math.max(maxRss, in.get(i).rssKb);
    }
    Sample first = in.get(0), last = in.get(in.size() - 1);
    double[] byKind = null;
    if (first.byKind != null && last.byKind != null) {
      byKind = new double[Kind.values().length];
      for (int k = 0; k < byKind.length; k++) byKind[k] = Math.max(0, last.byKind[k] - first.byKind[k]) / (double) TICKS_PER_SECOND;
    }
    double seconds = (last.millis - first.millis) / 1000.0;
    Double others = first.cpuSetBusyTicks < 0 || last.cpuSetBusyTicks < 0 || seconds <= 0 ? null
        : Math.max(0, 100.0 * (last.cpuSetBusyTicks - first.cpuSetBusyTicks) / TICKS_PER_SECOND / seconds - percent(first, last));
    return new Window((double) (last.ticks - first.ticks) / TICKS_PER_SECOND, percent(first, last), maxPercent, maxRss, byKind, others);
  }

  private static double percent(Sample a, Sample b) {
    return b.millis == a.millis ? 0 : 100.0 * (b.ticks - a.ticks) / TICKS_PER_SECOND / ((b.millis - a.millis) / 1000.0);
  }

  /** utime + stime of the process and of each of its threads by kind, and VmRSS. */
  Sample sample(long pid) {
    try {
      long[] times = times(Path.of("/proc/" + pid + "/stat"));
      long[] byKind = threads ? byKind(pid) : null;
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status")))
        if (line.startsWith("VmRSS:"))
          return new Sample(System.currentTimeMillis(), times[0] + times[1], Long.parseLong(line.replaceAll("\\D", "")), byKind,
              busyTicks(cpuSet));
    } catch (IOException | RuntimeException e) {
      // the process has ended
    }
    return null;
  }

  /**
   * Ticks the given CPUs have spent running tasks (user, nice, system, steal columns of their /proc/stat lines)
   * since boot; -1 for no CPUs or where /proc/stat cannot be read. Not irq and softirq: on the server's CPU they are
   * mostly the benchmark's own loopback packets, which would mark a lightly loaded step as disturbed.
   */
  static long busyTicks(List<Integer> cpus) {
    if (cpus.isEmpty()) return -1;
    try {
      return busyTicks(Files.readAllLines(Path.of("/proc/stat")), cpus);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  static long busyTicks(List<String> procStat, List<Integer> cpus) {
    long busy = 0;
    for (String line : procStat) {
      if (!line.startsWith("cpu") || line.startsWith("cpu ")) continue;
      String[] f = line.trim().split("\\s+");
      if (!cpus.contains(Integer.parseInt(f[0].substring(3)))) continue;
      for (int column : new int[] {1, 2, 3, 8}) if (column < f.length) busy += Long.parseLong(f[column]);
    }
    return busy;
  }

  /** utime and stime, fields 14 and 15 of a stat file (counted after the command name, which may hold spaces). */
  private static long[] times(Path stat) throws IOException {
    String text = Files.readString(stat);
    String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
    return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
  }

  /** Ticks per kind of thread, summed over the threads alive now. */
  private static long[] byKind(long pid) throws IOException {
    long[] byKind = new long[Kind.values().length];
    try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
      for (Path task : tasks.toList()) {
        try {
          long[] t = times(task.resolve("stat"));
          Kind kind = Kind.of(Files.readString(task.resolve("comm")).trim());
          if (kind == null) {
            byKind[Kind.USER.ordinal()] += t[0];
            byKind[Kind.KERNEL.ordinal()] += t[1];
          } else {
            byKind[kind.ordinal()] += t[0] + t[1];
          }
        } catch (IOException | RuntimeException e) {
          // the thread ended while being read
        }
      }
    }
    return byKind;
  }

  /**
   * TCP connections this machine has accepted so far (PassiveOpens of /proc/net/snmp): its change over a step
   * is the connections the server accepted, on a machine where nothing else accepts many. -1 where unknown.
   */
  static long connectionsAccepted() {
    try {
      List<String> tcp = Files.readAllLines(Path.of("/proc/net/snmp")).stream().filter(l -> l.startsWith("Tcp:")).toList();
      List<String> names = List.of(tcp.get(0).split("\\s+")), values = List.of(tcp.get(1).split("\\s+"));
      return Long.parseLong(values.get(names.indexOf("PassiveOpens")));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  @Override
  public void close() { thread.interrupt(); }
}
