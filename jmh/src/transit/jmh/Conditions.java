package transit.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;

/**
 * The conditions a run's figures describe, set and recorded: JMH's forks pinned to CPU 0 and started with the
 * servers' JVM flags, as the load-test harness starts a server; the JMH host moved to the other cores; and, for
 * the summary, how busy each CPU was, how much of CPU 0 the forks had, and what the launching process (Mill's
 * daemon under {@code ./mill jmh.runJmh}) spent while the benchmarks ran.
 */
final class Conditions {
  private static final String FORK_CPU = "0";

  private final int cores;
  private final String pinning;
  private final List<String> forkPrefix;
  private final long startNanos = System.nanoTime();
  private final double loadAtStart = loadAverage();
  private final long[][] cpusAtStart = cpuTicks();
  private final long childrenAtStart = childrenTicks();
  private final Optional<ProcessHandle> launcher = ProcessHandle.current().parent();
  private final Duration launcherCpuAtStart = launcherCpu();

  private Conditions(int cores, List<String> forkPrefix, String pinning) {
    this.cores = cores;
    this.forkPrefix = forkPrefix;
    this.pinning = pinning;
  }

  /**
   * The forks pinned to CPU 0 where taskset and the cores allow; with moveHost, this JVM (the JMH host) moved to
   * the other cores, as the harness keeps Gatling off the server's core.
   */
  static Conditions pinned(boolean moveHost) throws InterruptedException {
    int cores = Runtime.getRuntime().availableProcessors();
    if (cores < 2) return new Conditions(cores, List.of(), "not pinned: 1 core, the forks share it with everything else");
    String rest = cores == 2 ? "1" : "1-" + (cores - 1);
    int exit;
    try {
      List<String> probe = moveHost ? List.of("taskset", "-a", "-p", "-c", rest, Long.toString(ProcessHandle.current().pid()))
          : List.of("taskset", "-p", Long.toString(ProcessHandle.current().pid()));
      exit = new ProcessBuilder(probe).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    } catch (IOException e) {
      return new Conditions(cores, List.of(), "not pinned: no taskset, the forks share the cores with everything else");
    }
    String host = !moveHost ? "the JMH host where it was" : exit == 0 ? "the JMH host on CPU " + rest + ", off the forks' core"
        : "the JMH host unpinned (taskset could not move it)";
    return new Conditions(cores, List.of("taskset", "-c", FORK_CPU),
        "forks pinned to CPU " + FORK_CPU + " (`taskset -c " + FORK_CPU + "`), as the load-test harness pins each server, so a"
            + " fork's JIT and GC threads share one core with the benchmark as a server's share it with its requests; " + host);
  }

  /**
   * The servers' JVM flags, one a line in a resource build.mill writes from ServerJvm.flags, the servers' single
   * source: the forks get exactly these. Empty when the resource is missing (not built by build.mill).
   */
  static List<String> serverFlags() {
    try (var in = Conditions.class.getResourceAsStream("server-jvm-flags.txt")) {
      if (in == null) return List.of();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The forks' JVM: this one's java behind the pinning prefix, in a wrapper script in dir; their flags. */
  void applyTo(ChainedOptionsBuilder options, Options command, Path dir) throws IOException {
    if (!forkPrefix.isEmpty()) {
      String java = command.getJvm().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      Path wrapper = dir.resolve("pinned-java");
      if (!Files.exists(wrapper)) {
        Files.writeString(wrapper, "#!/bin/sh\n# JMH's forks, pinned as the load-test harness pins a server\nexec "
            + String.join(" ", forkPrefix) + " '" + java.replace("'", "'\\''") + "' \"$@\"\n");
        if (!wrapper.toFile().setExecutable(true)) throw new IOException("cannot make " + wrapper + " executable");
      }
      options.jvm(wrapper.toString());
    }
    boolean ownArgs = command.getJvmArgs().hasValue() || command.getJvmArgsAppend().hasValue() || command.getJvmArgsPrepend().hasValue();
    if (!ownArgs && !serverFlags().isEmpty()) options.jvmArgs(serverFlags().toArray(String[]::new));
  }

  /** The summary's lines on the CPUs and the launcher, at the end of the run. */
  List<String> describe(Collection<List<String>> forkJvmArgs) {
    List<String> lines = new ArrayList<>();
    List<String> servers = serverFlags();
    for (List<String> args : forkJvmArgs) {
      String flags = "`" + String.join(" ", args) + "`";
      if (servers.isEmpty()) lines.add("Forks' JVM flags: " + flags + " (the launching JVM's: no server flags on the classpath, not built by build.mill)");
      else if (args.equals(servers)) lines.add("Forks' JVM flags: " + flags + ", the servers' (`ServerJvm.flags` in build.mill)");
      else lines.add("Forks' JVM flags: " + flags + ", **not the servers'** (`" + String.join(" ", servers) + "`): not the load tests' conditions");
    }
    lines.add("CPUs: " + pinning + ".");
    long[][] cpus = cpuTicks();
    double elapsedTicks = 0;
    StringBuilder busy = new StringBuilder();
    for (int c = 0; c < Math.min(cpus.length, cpusAtStart.length); c++) {
      long total = cpus[c][1] - cpusAtStart[c][1], used = cpus[c][0] - cpusAtStart[c][0];
      elapsedTicks = Math.max(elapsedTicks, total);
      busy.append(busy.length() == 0 ? "" : ", ").append("CPU ").append(c).append(" ").append(Summary.percent(total > 0 ? (double) used / total : 0));
      if (c == 0 && !forkPrefix.isEmpty() && total > 0) {
        long forks = childrenTicks() - childrenAtStart;
        busy.append(" (the forks ").append(Summary.percent((double) forks / total)).append(", everything else ")
            .append(Summary.percent(Math.max(0, used - forks) / (double) total)).append(")");
      }
    }
    if (busy.length() > 0) lines.add("Busy during the run: " + busy + ".");
    lines.add(String.format("Machine: %d cores; load average %.1f at the start, %.1f at the end.", cores, loadAtStart, loadAverage()));
    launcher.ifPresent(p -> {
      Duration used = launcherCpu().minus(launcherCpuAtStart);
      String what = launchedByMill() ? "Mill (pid %d), which waits for the JMH host and relays its output, holding the build"
          + " lock so no other task of this checkout runs," : "The launching process (pid %d)";
      lines.add(String.format(what + " used %.1f s of CPU during the run's %.1f minutes.", p.pid(), used.toMillis() / 1e3, minutes()));
    });
    return lines;
  }

  /** Whether the JMH host's parent is Mill (./mill jmh.runJmh) rather than a shell (the launcher script). */
  boolean launchedByMill() { return launcher.map(p -> p.info().commandLine().orElse("").contains("mill")).orElse(false); }

  double minutes() { return (System.nanoTime() - startNanos) / 60e9; }

  private Duration launcherCpu() {
    return launcher.flatMap(p -> p.info().totalCpuDuration()).orElse(Duration.ZERO);
  }

  private static double loadAverage() { return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(); }

  /** Per CPU, {busy, total} clock ticks since boot, from /proc/stat; empty where there is none. */
  private static long[][] cpuTicks() {
    try {
      List<long[]> cpus = new ArrayList<>();
      for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
        if (!line.matches("cpu\\d+ .*")) continue;
        long[] f = Arrays.stream(line.split("\\s+")).skip(1).mapToLong(Long::parseLong).toArray();
        long idle = f[3] + f[4], total = 0;
        for (int i = 0; i < Math.min(f.length, 8); i++) total += f[i]; // guest time is already in user
        cpus.add(new long[] {total - idle, total});
      }
      return cpus.toArray(long[][]::new);
    } catch (IOException | RuntimeException e) {
      return new long[0][];
    }
  }

  /** CPU ticks of this JVM's finished children (the forks, once JMH has waited for them), from /proc/self/stat. */
  private static long childrenTicks() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // f[0] is field 3, the state
      return Long.parseLong(f[13]) + Long.parseLong(f[14]); // fields 16 and 17: cutime, cstime
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

}
