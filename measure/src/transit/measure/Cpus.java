package transit.measure;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * CPU affinity: the CPUs a process may really run on (its affinity, not 0..n-1), a split of them between the
 * process measured (a server, JMH's forks) and the side measuring it (Gatling, the harness, Mill, the JMH host), and
 * the taskset commands that pin them.
 */
public final class Cpus {
  private Cpus() {}

  /**
   * The CPUs a run may use, those the measured process gets, and those the measuring side gets (the same list on one
   * CPU, where they share it); given: the lists were chosen by the user.
   */
  public record Split(List<Integer> allowed, List<Integer> measured, List<Integer> measuring, boolean given) {
    public boolean shared() { return measured.equals(measuring); }
  }

  /**
   * The measured process's and the measuring side's CPUs: as given (either list, the other gets the rest), or by
   * default on two CPUs the first and the second, on more half for the measured process, avoiding CPU 0 (where the
   * kernel's own work tends to land). A given list that is empty or not within allowed is an IllegalArgumentException.
   */
  public static Split split(List<Integer> allowed, List<Integer> measured, List<Integer> measuring) {
    if (measured != null || measuring != null) {
      List<Integer> m = measured != null ? measured : minus(allowed, measuring);
      List<Integer> rest = measuring != null ? measuring : minus(allowed, m);
      for (List<Integer> list : List.of(m, rest))
        if (list.isEmpty() || !allowed.containsAll(list))
          throw new IllegalArgumentException(format(list) + " is not a non-empty subset of the CPUs this process may use (" + format(allowed) + ")");
      return new Split(allowed, m, rest, true);
    }
    if (allowed.size() < 2) return new Split(allowed, allowed, allowed, false);
    if (allowed.size() == 2) return new Split(allowed, allowed.subList(0, 1), allowed.subList(1, 2), false);
    List<Integer> m = allowed.stream().filter(c -> c != 0).toList().subList(0, allowed.size() / 2);
    return new Split(allowed, m, minus(allowed, m), false);
  }

  /** The CPUs this process may run on; where that cannot be read (not Linux), every CPU the JVM sees. */
  public static List<Integer> ofThisProcess() {
    List<Integer> mine = affinity(ProcessHandle.current().pid());
    if (mine != null) return mine;
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) all.add(i);
    return all;
  }

  /** The CPUs a process may run on (OSHI reads its affinity mask); null for a process that is gone or where it is unknown. */
  public static List<Integer> affinity(long pid) {
    var process = Oshi.OS.getProcess((int) pid);
    if (process == null) return null;
    long mask = process.getAffinityMask();
    if (mask == 0) return null;
    List<Integer> cpus = new ArrayList<>();
    for (int cpu = 0; cpu < Long.SIZE; cpu++) if ((mask & (1L << cpu)) != 0) cpus.add(cpu);
    return cpus;
  }

  /** "0-2,5" → [0, 1, 2, 5]; IllegalArgumentException for anything else. */
  public static List<Integer> parseList(String text) {
    TreeSet<Integer> cpus = new TreeSet<>();
    try {
      for (String part : text.trim().split(",")) {
        String[] range = part.trim().split("-", -1);
        if (range.length > 2 || range[0].isEmpty()) throw new IllegalArgumentException(text);
        int from = Integer.parseInt(range[0].trim()), to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
        if (from < 0 || to < from) throw new IllegalArgumentException(text);
        for (int c = from; c <= to; c++) cpus.add(c);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(text, e);
    }
    return List.copyOf(cpus);
  }

  public static String format(List<Integer> cpus) { return cpus.stream().map(String::valueOf).collect(Collectors.joining(",")); }

  /** The command prefix that runs a program on these CPUs; none where taskset is missing. */
  public static List<String> taskset(List<Integer> cpus) {
    return tasksetAvailable() ? List.of("taskset", "-c", format(cpus)) : List.of();
  }

  public static boolean tasksetAvailable() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset"))) return true;
    return false;
  }

  /**
   * Moves every thread of a running process onto these CPUs; returns the CPUs it had (to restore), or null when it
   * could not be pinned.
   */
  public static List<Integer> pin(long pid, List<Integer> cpus) {
    try {
      List<Integer> before = affinity(pid);
      Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", format(cpus), String.valueOf(pid)).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0 ? before : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static List<Integer> minus(List<Integer> all, List<Integer> taken) {
    return all.stream().filter(c -> !taken.contains(c)).toList();
  }
}
