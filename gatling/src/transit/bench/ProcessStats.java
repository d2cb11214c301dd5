package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples a process's CPU time and resident memory from /proc every 250 ms, so the harness can give, for any
 * window: the CPU it used (seconds, mean %, max % over one interval; 100 % = one core) and its highest RSS.
 */
final class ProcessStats implements AutoCloseable {
  /** Cumulative CPU time (utime + stime, in clock ticks) and RSS at an instant. */
  record Sample(long millis, long ticks, long rssKb) {}

  /** The process over a window: CPU seconds used, mean and highest CPU %, highest RSS. */
  record Window(double cpuSeconds, double meanCpuPercent, double maxCpuPercent, long maxRssKb) {}

  private static final long INTERVAL_MS = 250, TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux
  private final long pid;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;

  ProcessStats(long pid) {
    this.pid = pid;
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
    return new Window((double) (last.ticks - first.ticks) / TICKS_PER_SECOND, percent(first, last), maxPercent, maxRss);
  }

  private static double percent(Sample a, Sample b) {
    return b.millis == a.millis ? 0 : 100.0 * (b.ticks - a.ticks) / TICKS_PER_SECOND / ((b.millis - a.millis) / 1000.0);
  }

  /** utime + stime, fields 14 and 15 of /proc/PID/stat (counted after the command name, which may hold spaces), and VmRSS. */
  static Sample sample(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status")))
        if (line.startsWith("VmRSS:")) return new Sample(System.currentTimeMillis(), ticks, Long.parseLong(line.replaceAll("\\D", "")));
    } catch (IOException | RuntimeException e) {
      // the process has ended
    }
    return null;
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
