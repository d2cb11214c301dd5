package transit.bench;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything a harness run measured and the conditions it ran under: what the report and charts are made of. */
final class Results {
  /**
   * One measured step against one server. stats is null when Gatling's report has no row for the step; cpu,
   * rss and connections are null when the server is not on this machine.
   */
  record Row(String server, boolean cached, Step step, GatlingStats stats, double requestsPerSecond,
      Double maxCpuPercent, Long maxRssMb, Long connectionsClosed) {
    long errors() { return stats == null ? -1 : stats.errors(); }
  }

  /** A server as it started: its printed feed load time and retained heap, and its Gatling reports. */
  record Server(String name, long loadMillis, long heapRetainedMb, Map<String, Path> reports) {}

  final Options options;
  final List<Step> steps;
  final ZonedDateTime started = ZonedDateTime.now();
  final List<Row> rows = new ArrayList<>();
  final Map<String, Server> servers = new LinkedHashMap<>();
  final List<String> notes = new ArrayList<>();
  final List<String> failures = new ArrayList<>(); // frameworks whose runs broke off
  List<String> serverJvmFlags; // null when the server was not started here
  Path feed;
  RouteLists routes;
  String pinning;

  Results(Options options, List<Step> steps) {
    this.options = options;
    this.steps = steps;
  }

  /** Row labels in order: each server, then its cached run where there was one. */
  List<String> rowLabels(String scenario) {
    List<String> labels = new ArrayList<>();
    for (String server : servers.keySet())
      for (boolean cached : new boolean[] {false, true})
        if (rows.stream().anyMatch(r -> r.server.equals(server) && r.cached == cached && r.step.scenario().equals(scenario)))
          labels.add(label(server, cached));
    return labels;
  }

  static String label(String server, boolean cached) { return cached ? server + " (cached)" : server; }

  Row find(String label, Step step) {
    return rows.stream().filter(r -> label(r.server, r.cached).equals(label) && r.step.equals(step)).findFirst().orElse(null);
  }

  List<Step> steps(String scenario) { return steps.stream().filter(s -> s.scenario().equals(scenario)).toList(); }
}
