package transit.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which CPUs the server gets and which the client side (Gatling, the harness, Mill) gets, from the CPUs this
 * process may really run on (its affinity, not 0..n-1, read before the harness pins itself), and the taskset
 * prefixes that pin them.
 */
record Cpus(List<Integer> allowed, List<Integer> server, List<Integer> client, String description) {

  /** Server and client CPUs: given, or by default the first of two, or on more a half that avoids CPU 0. */
  static Cpus choose(List<Integer> allowed, List<Integer> server, List<Integer> client) {
    if (server != null || client != null) {
      List<Integer> s = server != null ? server : minus(allowed, client);
      List<Integer> c = client != null ? client : minus(allowed, s);
      for (List<Integer> list : List.of(s, c))
        if (list.isEmpty() || !allowed.containsAll(list))
          throw new transit.cli.Cli.UsageException("--server-cpus/--client-cpus: " + format(list)
              + " is not a non-empty subset of the CPUs this process may use (" + format(allowed) + ")");
      return new Cpus(allowed, s, c, "server on CPU " + format(s) + ", client side on " + format(c) + " (as given)");
    }
    if (allowed.size() < 2) return new Cpus(allowed, allowed, allowed, "1 CPU: server and client share it");
    if (allowed.size() == 2)
      return new Cpus(allowed, allowed.subList(0, 1), allowed.subList(1, 2),
          "server on CPU " + allowed.get(0) + ", client side (Gatling, harness, Mill) on CPU " + allowed.get(1));
    List<Integer> candidates = allowed.stream().filter(c -> c != 0).toList();
    List<Integer> s = candidates.subList(0, allowed.size() / 2);
    return new Cpus(allowed, s, minus(allowed, s), "server on CPUs " + format(s) + " (half, CPU 0 avoided), client side on " + format(minus(allowed, s)));
  }

  boolean shared() { return server.equals(client); }

  /** The CPUs this process may run on: Cpus_allowed_list of /proc/self/status, else 0..n-1. */
  static List<Integer> ofThisProcess() {
    List<Integer> mine = affinity("self");
    if (mine != null) return mine;
    // not Linux: assume every CPU the JVM sees
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) all.add(i);
    return all;
  }

  /** The CPUs a process ("self" or a pid) may run on: Cpus_allowed_list of its /proc status; null where unknown. */
  static List<Integer> affinity(String process) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + process + "/status")))
        if (line.startsWith("Cpus_allowed_list:")) return parseList(line.substring(line.indexOf(':') + 1));
    } catch (IOException | IllegalArgumentException e) {
      // no such process, or not Linux
    }
    return null;
  }

  /** "0-2,5" → [0, 1, 2, 5]. */
  static List<Integer> parseList(String text) {
    TreeSet<Integer> cpus = new TreeSet<>();
    for (String part : text.trim().split(",")) {
      String[] range = part.trim().split("-", -1);
      if (range.length > 2 || range[0].isEmpty()) throw new IllegalArgumentException(text);
      int from = Integer.parseInt(range[0].trim()), to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
      if (from < 0 || to < from) throw new IllegalArgumentException(text);
      for (int c = from; c <= to; c++) cpus.add(c);
    }
    return List.copyOf(cpus);
  }

  static String format(List<Integer> cpus) { return cpus.stream().map(String::valueOf).collect(Collectors.joining(",")); }

  /** The command prefix that runs a program on these CPUs; none where taskset is missing. */
  static List<String> taskset(List<Integer> cpus) {
    return tasksetAvailable() ? List.of("taskset", "-c", format(cpus)) : List.of();
  }

  static boolean tasksetAvailable() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset"))) return true;
    return false;
  }

  /**
   * Moves every thread of a running process onto these CPUs; returns the CPUs it had (to restore), or null
   * when it could not be pinned.
   */
  static List<Integer> pin(long pid, List<Integer> cpus) {
    try {
      List<Integer> before = affinity(String.valueOf(pid));
      Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", format(cpus), String.valueOf(pid)).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0 ? before : null;
    } catch (IOException | IllegalArgumentException e) {
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
