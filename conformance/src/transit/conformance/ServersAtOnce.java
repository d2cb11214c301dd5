package transit.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import transit.server.Mode;
import transit.server.RunningServer;

/** Checks whose clients mostly wait, run on every framework's servers at once rather than one server after another. */
final class ServersAtOnce {
  private ServersAtOnce() {}

  interface Start {
    RunningServer start(String framework, Mode mode) throws Exception;
  }

  /** What a check found wrong with one server, named "framework mode" (none: an empty list). */
  interface Check {
    List<String> run(String name, RunningServer server) throws Exception;
  }

  /**
   * Every framework in each of the modes on a server of its own, started one after the other (two Spring Boot
   * applications starting at once in one JVM would share its set-up), then the check on all of them at once; the
   * failures, each named by its server, and where quiet, anything the servers printed during the checks.
   */
  static List<String> check(List<Mode> modes, boolean quiet, Start start, Check check) throws Exception {
    return check(modes, Frameworks.ALL.size(), quiet, start, check);
  }

  /**
   * The same, frameworksAtOnce of them at a time, in the registry's order: for checks whose servers take the CPU (an
   * idiomatic answer is built whole before it goes), where one framework's time would be the others' load.
   */
  static List<String> check(List<Mode> modes, int frameworksAtOnce, boolean quiet, Start start, Check check) throws Exception {
    List<String> frameworks = new ArrayList<>(Frameworks.ALL.keySet()), failures = new ArrayList<>();
    for (int from = 0; from < frameworks.size(); from += frameworksAtOnce)
      failures.addAll(check(frameworks.subList(from, Math.min(frameworks.size(), from + frameworksAtOnce)), modes, quiet, start, check));
    return failures;
  }

  private static List<String> check(List<String> frameworks, List<Mode> modes, boolean quiet, Start start, Check check) throws Exception {
    Map<String, RunningServer> servers = new LinkedHashMap<>();
    List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newCachedThreadPool();
    try {
      for (String framework : frameworks)
        for (Mode mode : modes) servers.put(framework + " " + mode.label, start.start(framework, mode));
      String printed = Printed.during(() -> {
        List<Future<?>> runs = new ArrayList<>();
        for (var server : servers.entrySet())
          runs.add(pool.submit(() -> {
            for (String failure : check.run(server.getKey(), server.getValue())) failures.add(server.getKey() + ": " + failure);
            return null;
          }));
        for (Future<?> run : runs) run.get();
      });
      if (quiet && !printed.isEmpty()) failures.add("printed meanwhile: " + printed);
    } finally {
      pool.shutdownNow();
      servers.values().forEach(RunningServer::close);
    }
    return failures;
  }
}
