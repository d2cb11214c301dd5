package transit.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import transit.measure.Cpus;
import transit.measure.Machine;
import transit.server.FrameworkRegistry;

/**
 * The conditions a run's figures describe, set and recorded: JMH's forks pinned to one CPU and started with the
 * servers' JVM flags, as the load-test harness starts a server; the JMH host moved to the other CPUs; and, for the
 * summary, how busy each CPU was, how much of the forks' CPU they had, and what the launching process (Mill's
 * daemon under {@code ./mill jmh.runJmh}) spent while the benchmarks ran.
 */
final class ForkConditions {
  private final String pinning;
  private final List<String> forkPrefix;
  /** The CPU the forks run on; -1 when not pinned. */
  private final int forkCpu;
  private final long startNanos = System.nanoTime();
  private final double loadAtStart = Machine.loadAverage1();
  private final long[][] cpusAtStart = Machine.cpuTimes();
  private final long childrenAtStart = Machine.childrenCpuMillis();
  private final Optional<ProcessHandle> launcher = ProcessHandle.current().parent();
  private final Duration launcherCpuAtStart = launcherCpu();

  private ForkConditions(List<String> forkPrefix, int forkCpu, String pinning) {
    this.forkPrefix = forkPrefix;
    this.forkCpu = forkCpu;
    this.pinning = pinning;
  }

  /**
   * The forks pinned to one CPU of those this process may use, as the harness pins a server (Cpus.split), where
   * taskset and the CPUs allow; with moveHost, this JVM (the JMH host) moved to the others, as the harness keeps
   * Gatling off the server's core.
   */
  static ForkConditions pinned(boolean moveHost) {
    Cpus.Split cpus = Cpus.split(Cpus.ofThisProcess(), null, null);
    if (cpus.shared()) return new ForkConditions(List.of(), -1, "not pinned: 1 CPU, the forks share it with everything else");
    if (!Cpus.tasksetAvailable()) return new ForkConditions(List.of(), -1, "not pinned: no taskset, the forks share the CPUs with everything else");
    int forkCpu = cpus.measured().get(0);
    String rest = Cpus.format(cpus.measuring());
    String host = !moveHost ? "the JMH host where it was"
        : Cpus.pin(ProcessHandle.current().pid(), cpus.measuring()) != null ? "the JMH host on CPU " + rest + ", off the forks' CPU"
        : "the JMH host unpinned (taskset could not move it)";
    return new ForkConditions(Cpus.taskset(List.of(forkCpu)), forkCpu,
        "forks pinned to CPU " + forkCpu + " (`taskset -c " + forkCpu + "`), as the load-test harness pins each server, so a"
            + " fork's JIT and GC threads share one core with the benchmark as a server's share it with its requests; " + host);
  }

  /** The servers' JVM flags (ServerJvm.flags in build.mill, through the framework registry): the forks get exactly these. */
  static List<String> serverFlags() { return FrameworkRegistry.load().jvmFlags(); }

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
    if (!ownArgs) options.jvmArgs(serverFlags().toArray(String[]::new));
  }

  /** The summary's lines on the CPUs and the launcher, at the end of the run. */
  List<String> describe(Collection<List<String>> forkJvmArgs) {
    List<String> lines = new ArrayList<>();
    List<String> servers = serverFlags();
    for (List<String> args : forkJvmArgs) {
      String flags = "`" + String.join(" ", args) + "`";
      if (args.equals(servers)) lines.add("Forks' JVM flags: " + flags + ", the servers' (`ServerJvm.flags` in build.mill)");
      else lines.add("Forks' JVM flags: " + flags + ", **not the servers'** (`" + String.join(" ", servers) + "`): not the load tests' conditions");
    }
    lines.add("CPUs: " + pinning + ".");
    long[][] cpus = Machine.cpuTimes();
    StringBuilder busy = new StringBuilder();
    for (int c = 0; c < Math.min(cpus.length, cpusAtStart.length); c++) {
      long total = cpus[c][1] - cpusAtStart[c][1], used = cpus[c][0] - cpusAtStart[c][0];
      busy.append(busy.length() == 0 ? "" : ", ").append("CPU ").append(c).append(" ").append(Summary.percent(total > 0 ? (double) used / total : 0));
      if (c == forkCpu && total > 0) {
        long forks = Machine.childrenCpuMillis() - childrenAtStart;
        busy.append(" (the forks ").append(Summary.percent((double) forks / total)).append(", everything else ")
            .append(Summary.percent(Math.max(0, used - forks) / (double) total)).append(")");
      }
    }
    if (busy.length() > 0) lines.add("Busy during the run: " + busy + ".");
    lines.add(String.format(Locale.ROOT, "Machine: %s, %d CPUs; load average %.1f at the start, %.1f at the end.", Machine.cpuModel(),
        Machine.cores(), loadAtStart, Machine.loadAverage1()));
    launcher.ifPresent(p -> {
      Duration used = launcherCpu().minus(launcherCpuAtStart);
      String what = launchedByMill() ? "Mill (pid %d), which waits for the JMH host and relays its output, holding the build"
          + " lock so no other task of this checkout runs," : "The launching process (pid %d)";
      lines.add(String.format(Locale.ROOT, what + " used %.1f s of CPU during the run's %.1f minutes.", p.pid(), used.toMillis() / 1e3, minutes()));
    });
    return lines;
  }

  /** Whether the JMH host's parent is Mill (./mill jmh.runJmh) rather than a shell (the launcher script). */
  boolean launchedByMill() { return launcher.map(p -> p.info().commandLine().orElse("").contains("mill")).orElse(false); }

  double minutes() { return (System.nanoTime() - startNanos) / 60e9; }

  private Duration launcherCpu() {
    return launcher.flatMap(p -> p.info().totalCpuDuration()).orElse(Duration.ZERO);
  }
}
