package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What a stranger needs to reproduce a run, gathered into the report's Conditions table as the run goes. */
final class Conditions {
  private Conditions() {}

  static void before(Results results, Options options, Launchers launchers, Cpus cpus) {
    var c = results.conditions;
    c.put("Command", "`./mill gatling.run" + (options.arguments().isEmpty() ? "" : " " + String.join(" ", options.arguments())) + "`");
    c.put("Source", git(launchers.workspace()));
    c.put("Profile", options.profile().label() + ": " + options.repeat() + " round(s); " + options.durationSeconds()
        + " s measured per step after " + options.warmupSeconds() + " s of warm-up, and " + options.firstWarmupSeconds()
        + " s more before a server's first step");
    List<String> frameworks = options.target() != null ? List.of(options.target().getAuthority()) : options.frameworks();
    List<String> rounds = new ArrayList<>();
    for (int r = 1; r <= options.repeat(); r++) rounds.add(r + ": " + String.join(" → ", Bench.rotation(frameworks, r)));
    c.put("Order", "rounds " + String.join("; ", rounds) + (options.target() != null ? ""
        : "; each framework's modes in turn: " + String.join(", ", options.modes().stream().map(m -> m.label).toList())));
    if (options.target() == null) {
      c.put("Modes", String.join("; ", options.modes().stream().map(m -> "**" + m.label + "**"
          + (m.serverFlags.isEmpty() ? "" : " (`" + String.join(" ", m.serverFlags) + "`)") + ": " + m.description).toList()));
      c.put("Server JVM flags", "`" + String.join(" ", launchers.flags(results.heap())) + "`, identical for every framework"
          + (options.heap() == null ? " (heap: the build's default, ServerJvm.heap)" : " (heap: --heap)")
          + (options.heaps().isEmpty() ? "" : "; heavy also at -Xmx " + String.join(", ", options.heaps())));
      c.put("Feed", "`" + results.feed + "`");
    }
    c.put("Client", "Gatling " + gatlingVersion() + " in its own JVM: " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version") + ", `" + String.join(" ", GatlingRun.JVM_FLAGS) + "`");
    c.put("Libraries", launchers.versions());
    c.put("Machine", cpuModel() + "; CPUs this run may use: " + Cpus.format(cpus.allowed()) + "; Linux " + read("/proc/sys/kernel/osrelease"));
    c.put("CPUs", cpus.description() + (Cpus.tasksetAvailable() ? " (taskset)" : " (taskset missing: not pinned)"));
    c.put("Load average before", loadAverage());
  }

  /** The servers' JVM as it reports itself (the first server attached to). */
  static void server(Results results, JvmProbe probe) {
    results.conditions.putIfAbsent("Server JVM", probe.vm + "; collectors: " + probe.collectors);
  }

  static void client(Results results, String collectors) {
    results.conditions.computeIfPresent("Client", (k, v) -> v.contains("collectors:") ? v : v + "; collectors: " + collectors);
  }

  static void after(Results results) {
    results.conditions.put("Load average after", loadAverage());
  }

  /** 1, 5 and 15 minutes, from /proc/loadavg. */
  static String loadAverage() {
    String[] f = read("/proc/loadavg").split(" ");
    return f.length >= 3 ? f[0] + " / " + f[1] + " / " + f[2] + " (1 / 5 / 15 min)" : "unknown";
  }

  static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
    } catch (IOException e) {
      return "unknown CPU";
    }
  }

  /** The commit and whether the working tree had changes. */
  static String git(Path workspace) {
    String commit = command(workspace, "git", "rev-parse", "--short", "HEAD");
    if (commit.isEmpty()) return "not a git checkout";
    return "commit " + commit + (command(workspace, "git", "status", "--porcelain").isEmpty() ? ", clean" : ", working tree dirty");
  }

  private static String command(Path dir, String... command) {
    try {
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(false).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor() == 0 ? out : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  private static String read(String file) {
    try {
      return Files.readString(Path.of(file)).trim();
    } catch (IOException e) {
      return "unknown";
    }
  }

  static String gatlingVersion() {
    String version = io.gatling.app.Gatling.class.getPackage().getImplementationVersion();
    return version != null ? version : "3.15";
  }
}
