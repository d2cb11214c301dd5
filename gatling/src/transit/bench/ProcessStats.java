package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples a process's CPU % (100 = one core) and resident memory from /proc every 250 ms, so the harness can
 * report the maxima over each measured step.
 */
final class ProcessStats implements AutoCloseable {
  record Sample(long millis, double cpuPercent, long rssKb) {}

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
    long lastTicks = cpuTicks(), lastMillis = System.currentTimeMillis();
    while (!Thread.currentThread().isInterrupted() && lastTicks >= 0) {
      try {
        Thread.sleep(INTERVAL_MS);
      } catch (InterruptedException e) {
        return;
      }
      long ticks = cpuTicks(), now = System.currentTimeMillis(), rss = rssKb();
      if (ticks < 0 || rss < 0) return; // the process has ended
      double cpu = 100.0 * (ticks - lastTicks) / TICKS_PER_SECOND / ((now - lastMillis) / 1000.0);
      synchronized (samples) {
        samples.add(new Sample(now, cpu, rss));
      }
      lastTicks = ticks;
      lastMillis = now;
    }
  }

  /** The highest CPU % and RSS sampled between two instants; null when no sample fell between them. */
  Sample max(long fromMillis, long toMillis) {
    synchronized (samples) {
      List<Sample> in = samples.stream().filter(s -> s.millis > fromMillis && s.millis <= toMillis).toList();
      if (in.isEmpty()) return null;
      return new Sample(toMillis, in.stream().mapToDouble(Sample::cpuPercent).max().orElse(0),
          in.stream().mapToLong(Sample::rssKb).max().orElse(0));
    }
  }

  /** utime + stime, fields 14 and 15 of /proc/PID/stat (counted after the command name, which may hold spaces). */
  private long cpuTicks() {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private long rssKb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status")))
        if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
    } catch (IOException | RuntimeException e) {
      // the process has ended
    }
    return -1;
  }

  /**
   * Connections to or from a port of this machine closed in the last `seconds`: each closed connection leaves a
   * socket in TIME_WAIT for 60 s, and /proc/net/tcp shows the time it has left (in 1/100 s). Null past 55 s, when
   * the earliest ones may be gone already.
   */
  static Long connectionsClosedWithin(int port, double seconds) {
    if (seconds > 55) return null;
    String hexPort = String.format(":%04X", port);
    long count = 0;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      try (var lines = Files.lines(Path.of(table))) {
        count += lines.skip(1).map(String::trim).map(l -> l.split("\\s+"))
            .filter(f -> f[3].equals("06") && (f[1].endsWith(hexPort) || f[2].endsWith(hexPort)))
            .filter(f -> Integer.parseInt(f[5].substring(f[5].indexOf(':') + 1), 16) / 100.0 > 60 - seconds).count();
      } catch (IOException | RuntimeException e) {
        // no such table here
      }
    }
    return count;
  }

  @Override
  public void close() { thread.interrupt(); }
}
