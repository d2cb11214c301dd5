package transit.bench;

import java.util.List;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.plan.Plan;
import transit.bench.results.Results;
import transit.bench.run.Against;
import transit.bench.run.GatlingRun;
import transit.bench.run.Jdk;
import transit.bench.run.JvmProbe;
import transit.bench.run.Launchers;
import transit.measure.Cpus;
import transit.measure.Machine;
import transit.server.Mode;

/** What a stranger needs to reproduce a run, gathered into the report's Conditions table as the run goes. */
final class Conditions {
  private Conditions() {}

  static void before(Results results, Options options, Launchers launchers, Plan plan, Cpus.Split cpus) {
    var c = results.conditions;
    c.put("Command", "`./mill gatling.run" + (options.arguments().isEmpty() ? "" : " " + String.join(" ", options.arguments())) + "`");
    c.put("Source", Machine.source(launchers.workspace()));
    c.put("Profile", options.profile().label() + ": slices of about " + options.sliceSeconds() + " s, at least " + options.leastRounds()
        + " round(s) a comparison" + (options.budgetSeconds() > 0 ? ", more while a pair is undecided, for " + transit.bench.report.Format.duration(options.budgetSeconds())
            + " in all at most (--budget)" : ", none added") + "; each server warmed up until it settles, at most " + options.warmupSeconds()
        + " s a comparison; pairs level within ±" + Math.round(options.margin() * 100) + " % (--margin)");
    c.put("Order", "servers of a mode started together and kept up (a group), pinned to the server CPUs; each round gives every server of "
        + "the group a slice of the same work (each user the same requests in the same order) in a fresh random order, a framework's "
        + "servers side by side; seed " + options.seed() + " (--seed repeats the orders)");
    if (options.target() == null) {
      if (options.instances() > 1)
        c.put("Instances", options.instances() + " of each server set-up (`--instances`), as name#1, name#2, …, side by side in every round: a pair "
            + "is decided only where every instance of one side differs from every instance of the other alike"
            + (options.arguments().contains("--instances") ? "" : ", --against's default"));
      c.put("Groups", String.join("; ", plan.groups().stream().map(g -> g.label() + ": " + g.contestants().size() + " servers").toList()));
      List<Contestant> all = plan.groups().stream().flatMap(g -> g.contestants().stream()).toList();
      c.put("Modes", String.join("; ", options.modes().stream().map(m -> modeDescription(m, options.frameworks(), launchers)).toList()));
      List<Mode> paired = options.limits().offBeside();
      c.put("Limits", !options.limits().on() ? "off for every server (`--limits off`: each framework's own defaults, no budget for answers)"
          : paired.isEmpty() ? "on for every server (what they cost: `--limits both` runs each server also with them off)"
              : "on; " + String.join(" and ", paired.stream().map(m -> m.label).toList())
              + " also with `--limits off` (each framework's own defaults, no budget for answers), beside the same server in every round"
              + (options.arguments().stream().anyMatch(a -> a.startsWith("--limits")) ? "" : ", the profile's pairs"));
      c.put("Server JVM flags", "`" + String.join(" ", launchers.flags(results.heap)) + "`, identical for every framework"
          + (options.heap() == null ? " (heap: the build's default, ServerJvm.heap)" : " (heap: --heap)")
          + (options.heaps().isEmpty() ? "" : "; heavy also at -Xmx " + String.join(", ", options.heaps())));
      c.put("JDK", jdks(launchers.jdks(), !options.javaGiven().isEmpty()));
      Map<String, String> unavailable = launchers.registry().unavailable();
      if (!unavailable.isEmpty())
        c.put("Not run here", String.join("; ", unavailable.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()));
      c.put("Feed", "`" + results.feed + "`");
      c.put("Libraries", launchers.versions(all.stream().filter(x -> launchers.unrunnable(x) == null).toList(), "Gatling " + gatlingVersion()));
    } else {
      c.put("Libraries", "Gatling " + gatlingVersion());
    }
    if (launchers.against() != null) {
      Against a = launchers.against();
      c.put("Against", "`" + a.rev() + "` = " + a.commit() + ", checked out in `" + launchers.workspace().relativize(a.checkout())
          + "` and built there by its own Mill: each framework also as name@" + a.rev()
          + ", from that build's classpath and main class with the same JVM flags, beside today's in every round");
    }
    c.put("Client", "Gatling " + gatlingVersion() + " in its own JVM per batch of rounds: " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version") + ", `" + String.join(" ", GatlingRun.JVM_FLAGS) + "`");
    c.put("Machine", Machine.cpuModel() + "; CPUs this run may use: " + Cpus.format(cpus.allowed()) + "; Linux " + Machine.kernel()
        + "; " + transit.bench.report.Format.bytes(Machine.availableMemoryBytes()) + " of memory free at the start");
    c.put("CPUs", describe(cpus) + (Cpus.tasksetAvailable() ? " (taskset)" : " (taskset missing: not pinned)"));
    c.put("Load average before", Machine.loadAverage());
  }

  /** "**tuned** (`--tuned`): what it is; cask: how, http4s: how". */
  private static String modeDescription(Mode mode, List<String> frameworks, Launchers launchers) {
    List<String> how = frameworks.stream().map(f -> f + ": " + launchers.description(f).serves().get(mode)).toList();
    return "**" + mode.label + "**" + (mode.flags.isEmpty() ? "" : " (`" + String.join(" ", mode.flags) + "`)") + ": " + mode.description
        + " (" + String.join("; ", how) + ")";
  }

  /** Which CPUs the server and the client side got. */
  static String describe(Cpus.Split cpus) {
    if (cpus.shared()) return "1 CPU: server and client share it";
    String how = cpus.given() ? " (as given)" : cpus.allowed().size() == 2 ? "" : " (half, CPU 0 avoided)";
    return "servers on CPU " + Cpus.format(cpus.measured()) + how + ", client side (Gatling, harness, Mill) on CPU " + Cpus.format(cpus.measuring());
  }

  /** The servers' JDKs: which, and why these. */
  static String jdks(List<Jdk> jdks, boolean given) {
    if (jdks.size() == 1)
      return jdks.get(0) + (given ? " (--java)" : ": the newest JDK the build found that every framework supports (`--java` picks others)");
    return "each framework on each of " + String.join(" and ", jdks.stream().map(Jdk::toString).toList()) + " (--java), as "
        + String.join(" and ", jdks.stream().map(j -> "name/" + j.label()).toList()) + " in the same rounds";
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
