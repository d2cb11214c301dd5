package transit.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import oshi.hardware.CentralProcessor.TickType;

/**
 * What a stranger needs to know of the machine and the checkout to repeat a run: the CPU model and kernel, the load
 * average, each CPU's busy time, the memory free, and the commit (OSHI reads the machine).
 */
public final class Machine {
  private Machine() {}

  public static String cpuModel() { return Oshi.PROCESSOR.getProcessorIdentifier().getName().trim(); }

  /** The kernel's release, as uname -r prints it. */
  public static String kernel() {
    String build = Oshi.OS.getVersionInfo().getBuildNumber();
    return build == null || build.isBlank() ? "unknown" : build;
  }

  public static int cores() { return Oshi.PROCESSOR.getLogicalProcessorCount(); }

  /** The memory the kernel says new processes can have without swapping (MemAvailable), in bytes. */
  public static long availableMemoryBytes() { return Oshi.SYSTEM.getHardware().getMemory().getAvailable(); }

  /** "0.52 / 0.61 / 0.40 (1 / 5 / 15 min)". */
  public static String loadAverage() {
    double[] load = Oshi.PROCESSOR.getSystemLoadAverage(3);
    return load[0] < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f / %.2f / %.2f (1 / 5 / 15 min)", load[0], load[1], load[2]);
  }

  /** The load average over the last minute; negative where unknown. */
  public static double loadAverage1() { return Oshi.PROCESSOR.getSystemLoadAverage(1)[0]; }

  /** Per CPU, {busy, total} milliseconds since boot (busy: all but idle and iowait). */
  public static long[][] cpuTimes() {
    long[][] ticks = Oshi.PROCESSOR.getProcessorCpuLoadTicks();
    long[][] times = new long[ticks.length][2];
    for (int c = 0; c < ticks.length; c++) {
      long total = 0;
      for (long t : ticks[c]) total += t;
      times[c][0] = total - ticks[c][TickType.IDLE.getIndex()] - ticks[c][TickType.IOWAIT.getIndex()];
      times[c][1] = total;
    }
    return times;
  }

  /**
   * CPU milliseconds of this process's children that have ended (JMH's forks, once it has waited for them): the
   * cutime and cstime of /proc/self/stat, which OSHI does not read; 0 where unknown.
   */
  public static long childrenCpuMillis() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // f[0] is field 3, the state
      return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 1000 / 100; // fields 16 and 17, in USER_HZ (100) ticks
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** "commit abc1234, clean" (or "working tree dirty"), or "not a git checkout". */
  public static String source(Path workspace) {
    String commit = command(workspace, "git", "rev-parse", "--short", "HEAD");
    if (commit.isEmpty()) return "not a git checkout";
    return "commit " + commit + (command(workspace, "git", "status", "--porcelain").isEmpty() ? ", clean" : ", working tree dirty");
  }

  private static String command(Path dir, String... command) {
    try {
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor() == 0 ? out : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
