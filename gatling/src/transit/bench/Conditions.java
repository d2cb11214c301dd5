package transit.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import transit.measure.Cpus;
import transit.measure.Machine;
import transit.server.Mode;

/** What a stranger needs to reproduce a run, gathered into the report's Conditions table as the run goes. */
final class Conditions {
  private Conditions() {}

  /** frameworks: the run's, as the rounds run them (a framework its JDK cannot run, helidon/jdk17, is in "Not run"). */
  static void before(Results results, Options options, Launchers launchers, List<String> frameworks, Cpus.Split cpus) {
    var c = results.conditions;
    c.put("Command", "`./mill gatling.run" + (options.arguments().isEmpty() ? "" : " " + String.join(" ", options.arguments())) + "`");
    c.put("Source", Machine.source(launchers.workspace()));
    c.put("Profile", options.profile().label() + ": " + options.repeat() + " round(s); " + options.durationSeconds()
        + " s measured per step after " + options.warmupSeconds() + " s of warm-up, and " + options.firstWarmupSeconds()
        + " s more before a server's first step");
    List<String> rounds = new ArrayList<>();
    for (int r = 1; r <= options.repeat(); r++) rounds.add(r + ": " + String.join(" → ", RunPlan.rotation(frameworks, r)));
    List<Mode> paired = options.limits().offBeside();
    c.put("Order", "rounds " + String.join("; ", rounds) + (options.target() != null ? ""
        : "; each framework's modes in turn: " + String.join(", ", options.modes().stream().map(m -> m.label).toList())
        + (paired.isEmpty() ? "" : "; " + String.join(" and ", paired.stream().map(m -> m.label).toList())
            + " twice, limits on and off back to back (on first in odd rounds, off first in even ones)")));
    if (options.target() == null) {
      c.put("Modes", String.join("; ", options.modes().stream().map(m -> modeDescription(m, frameworks, launchers)).toList()));
      c.put("Limits", !options.limits().on() ? "off for every server (`--limits off`: each framework's own defaults, no budget for answers)"
          : paired.isEmpty() ? "on for every server (what they cost: `--limits both` runs each server also with them off)" : "on; " + String.join(" and ", paired.stream().map(m -> m.label).toList())
              + " also with `--limits off` (each framework's own defaults, no budget for answers)"
              + (options.arguments().stream().anyMatch(a -> a.startsWith("--limits")) ? "" : ", the profile's pairs"));
      c.put("Server JVM flags", "`" + String.join(" ", launchers.flags(results.heap)) + "`, identical for every framework"
          + (options.heap() == null ? " (heap: the build's default, ServerJvm.heap)" : " (heap: --heap)")
          + (options.heaps().isEmpty() ? "" : "; heavy also at -Xmx " + String.join(", ", options.heaps())));
      c.put("JDK", jdks(launchers.jdks(), !options.javaGiven().isEmpty()));
      Map<String, String> unavailable = launchers.registry().unavailable();
      if (!unavailable.isEmpty())
        c.put("Not run here", String.join("; ", unavailable.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()));
      c.put("Feed", "`" + results.feed + "`");
    }
    if (launchers.against() != null) {
      Against a = launchers.against();
      c.put("Against", "`" + a.rev() + "` = " + a.commit() + ", checked out in `" + launchers.workspace().relativize(a.checkout())
          + "` and built there by its own Mill: each framework also as " + Against.name("name", a.rev())
          + ", from that build's classpath and main class with the same JVM flags");
    }
    c.put("Client", "Gatling " + gatlingVersion() + " in its own JVM: " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version") + ", `" + String.join(" ", GatlingRun.JVM_FLAGS) + "`");
    c.put("Libraries", launchers.versions(options.target() != null ? launchers.frameworks() : frameworks, "Gatling " + gatlingVersion()));
    c.put("Machine", Machine.cpuModel() + "; CPUs this run may use: " + Cpus.format(cpus.allowed()) + "; Linux " + Machine.kernel());
    c.put("CPUs", describe(cpus) + (Cpus.tasksetAvailable() ? " (taskset)" : " (taskset missing: not pinned)"));
    c.put("Load average before", Machine.loadAverage());
  }

  /** "**tuned** (`--tuned`): what it is; cask: how, http4s: how". */
  private static String modeDescription(Mode mode, List<String> frameworks, Launchers launchers) {
    // once per build: cask/jdk17 and cask/jdk25 serve alike
    List<String> how = frameworks.stream().map(Jdk::base).distinct().map(f -> f + ": " + launchers.description(f).serves().get(mode)).toList();
    return "**" + mode.label + "**" + (mode.flags.isEmpty() ? "" : " (`" + String.join(" ", mode.flags) + "`)") + ": " + mode.description
        + " (" + String.join("; ", how) + ")";
  }

  /** Which CPUs the server and the client side got. */
  static String describe(Cpus.Split cpus) {
    if (cpus.shared()) return "1 CPU: server and client share it";
    String how = cpus.given() ? " (as given)" : cpus.allowed().size() == 2 ? "" : " (half, CPU 0 avoided)";
    return "server on CPU " + Cpus.format(cpus.measured()) + how + ", client side (Gatling, harness, Mill) on CPU " + Cpus.format(cpus.measuring());
  }

  /** The servers' JDKs: which, and why these. */
  static String jdks(List<Jdk> jdks, boolean given) {
    if (jdks.size() == 1)
      return jdks.get(0) + (given ? " (--java)" : ": the newest JDK the build found that every framework supports (`--java` picks others)");
    return "each framework on each of " + String.join(" and ", jdks.stream().map(Jdk::toString).toList()) + " (--java), as "
        + String.join(" and ", jdks.stream().map(j -> j.name("name")).toList()) + " in the same rounds";
  }

  /** The servers' JVMs as they report themselves (the first server attached to on each). */
  static void server(Results results, JvmProbe probe) {
    String seen = probe.vm + "; collectors: " + probe.collectors;
    results.conditions.merge("Server JVM", seen, (was, now) -> was.contains(probe.vm) ? was : was + "; " + now);
  }

  static void client(Results results, String collectors) {
    results.conditions.computeIfPresent("Client", (k, v) -> v.contains("collectors:") ? v : v + "; collectors: " + collectors);
  }

  static void after(Results results) {
    results.conditions.put("Load average after", Machine.loadAverage());
  }

  static String gatlingVersion() {
    String version = io.gatling.app.Gatling.class.getPackage().getImplementationVersion();
    return version != null ? version : "3.15";
  }
}
