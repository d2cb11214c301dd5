package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** results/<timestamp>/report.md (a table per scenario, like a benchmark README) and results.csv. */
final class Report {
  static final String MISSING = "—";
  private static final Map<String, String> ABOUT = Map.of(
      "heavy", "Every route of the heavy list once per round, in a fresh shuffled order per user and round",
      "small", "The same over the small list (responses of 50–200 KB on MBTA-shaped feeds)",
      "hello", "`GET /`, `GET /greeting/{name}`, `GET /hello?name={5 random letters}`, on kept-alive connections, "
          + "then with `Connection: close` on every request (a new connection each)",
      "think-time", "`GET /hello?name=…` with a pause after each request; " + Step.THINK_TIME_REQUESTS
          + " requests in all (fewer with --quick)");

  private final Results results;
  private final Path dir;
  private final StringBuilder md = new StringBuilder();

  private Report(Results results, Path dir) {
    this.results = results;
    this.dir = dir;
  }

  static void write(Results results, Path dir, List<String> charts) throws IOException {
    Report report = new Report(results, dir);
    Files.writeString(dir.resolve("report.md"), report.markdown(charts));
    Files.write(dir.resolve("results.csv"), report.csv());
  }

  private String markdown(List<String> charts) throws IOException {
    Options o = results.options;
    line("# Load test: " + String.join(", ", o.target() != null ? List.copyOf(results.servers.keySet()) : o.frameworks()));
    line();
    if (!results.failures.isEmpty()) {
      line("## Failures");
      line();
      results.failures.forEach(f -> line("- " + f));
      line();
    }
    if (o.quick()) line("**Quick run (`--quick`)**: it checks that every step runs and answers correctly; its figures measure nothing.\n");
    line("Requests/s is the step's successful responses over its duration; latencies are Gatling's, in ms; errors count responses "
        + "that were not 200 with the exact expected body length. CPU (100 % = one core) and RSS are the server process's "
        + "maxima, sampled every 250 ms while the step ran. Warm-up requests are excluded.");
    line();
    conditions();
    for (String scenario : o.scenarios()) scenario(scenario);
    if (!charts.isEmpty()) {
      line("## Charts");
      line();
      for (String chart : charts) line("![" + chart + "](" + chart + ")");
      line();
    }
    gatlingReports();
    if (!results.notes.isEmpty()) {
      line("## Notes");
      line();
      results.notes.forEach(n -> line("- " + n));
      line();
    }
    jmh();
    return md.toString();
  }

  private void conditions() {
    Options o = results.options;
    line("## Conditions");
    line();
    line("| | |");
    line("|---|---|");
    line("| Date | " + results.started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")) + " |");
    line("| JDK | " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " (servers and Gatling alike) |");
    line("| Server JVM flags | " + (results.serverJvmFlags == null ? "the target's own"
        : "`" + String.join(" ", results.serverJvmFlags) + "`, identical for every framework") + " |");
    line("| Cores | " + Runtime.getRuntime().availableProcessors() + "; " + results.pinning + " |");
    line("| Load generator | Gatling " + gatlingVersion() + ", closed workload: a step's users start at once and loop, each on its own connection |");
    line("| Warm-up | " + o.warmupSeconds() + " s of the same step before each measured step, excluded from the figures |");
    line("| Duration | " + o.durationSeconds() + " s per measured step (think-time: a fixed number of requests) |");
    line("| Feed | " + (results.feed == null ? "the target's own" : "`" + results.feed + "`") + " |");
    if (results.routes != null)
      line("| Routes | " + results.routes.source() + ": " + results.routes.heavy().size() + " heavy, "
          + results.routes.small().size() + " small |");
    StringBuilder load = new StringBuilder();
    results.servers.values().forEach(s -> load.append(load.length() == 0 ? "" : "; ").append(s.name()).append(" ")
        .append(String.format("%,d ms", s.loadMillis())).append(s.heapRetainedMb() >= 0 ? String.format(" (heap retained %,d MB)", s.heapRetainedMb()) : ""));
    line("| Feed load, as each server printed it (a target: its /health) | " + load + " |");
    line();
  }

  private void scenario(String scenario) {
    List<Step> steps = results.steps(scenario);
    List<String> labels = results.rowLabels(scenario);
    line("## " + scenario);
    line();
    line(ABOUT.get(scenario) + ".");
    line();
    boolean grouped = steps.size() > 1;
    List<String> header = new ArrayList<>(List.of("Framework"));
    for (Step step : steps) {
      String group = grouped ? group(step) + ": " : "";
      for (String column : List.of("req/s", "p50 / p95 / p99 / max ms", "errors", "max CPU %", "max RSS MB"))
        header.add(group + column);
    }
    tableHeader(header);
    for (String label : labels) {
      List<String> cells = new ArrayList<>(List.of(label));
      for (Step step : steps) cells.addAll(cells(results.find(label, step)));
      line("| " + String.join(" | ", cells) + " |");
    }
    line();
    if (labels.stream().anyMatch(l -> l.endsWith(" (cached)"))) cachedRatio(steps, labels);
    if (scenario.equals("hello")) connections(steps, labels);
  }

  /** The column group of a step: its variant and user count, without the scenario's name. */
  private static String group(Step step) { return step.label().substring(step.scenario().length() + 1); }

  private static List<String> cells(Results.Row row) {
    if (row == null || row.stats() == null) return List.of(MISSING, MISSING, MISSING, MISSING, MISSING);
    GatlingStats s = row.stats();
    return List.of(String.format(Locale.ROOT, "%,.0f", row.requestsPerSecond()),
        String.format(Locale.ROOT, "%.0f / %.0f / %.0f / %.0f", s.p50(), s.p95(), s.p99(), s.max()),
        String.valueOf(s.errors()),
        row.maxCpuPercent() == null ? MISSING : String.format(Locale.ROOT, "%.0f", row.maxCpuPercent()),
        row.maxRssMb() == null ? MISSING : String.format(Locale.ROOT, "%,d", row.maxRssMb()));
  }

  /** Serialize-per-request throughput as a fraction of the cached server's. */
  private void cachedRatio(List<Step> steps, List<String> labels) {
    line("Serializing every response, as a fraction of the requests/s with `--cache`:");
    line();
    List<String> header = new ArrayList<>(List.of("Framework"));
    steps.forEach(s -> header.add(s.usersLabel()));
    tableHeader(header);
    for (String label : labels) {
      if (label.endsWith(" (cached)") || !labels.contains(label + " (cached)")) continue;
      List<String> cells = new ArrayList<>(List.of(label));
      for (Step step : steps) {
        Results.Row plain = results.find(label, step), cached = results.find(label + " (cached)", step);
        boolean both = plain != null && cached != null && cached.requestsPerSecond() > 0;
        cells.add(both ? String.format(Locale.ROOT, "%.2f", plain.requestsPerSecond() / cached.requestsPerSecond()) : MISSING);
      }
      line("| " + String.join(" | ", cells) + " |");
    }
    line();
  }

  /** Shows that "new connection" really reconnects: connections closed per request, from TIME_WAIT sockets. */
  private void connections(List<Step> steps, List<String> labels) {
    if (results.rows.stream().allMatch(r -> r.connectionsClosed() == null)) return;
    line("Connections closed per request during the step (counted from the TIME_WAIT sockets on the server's port; "
        + "about 1 means a new connection per request, about 0 kept-alive):");
    line();
    List<String> header = new ArrayList<>(List.of("Framework"));
    steps.forEach(s -> header.add(group(s)));
    tableHeader(header);
    for (String label : labels) {
      List<String> cells = new ArrayList<>(List.of(label));
      for (Step step : steps) {
        Results.Row row = results.find(label, step);
        boolean known = row != null && row.stats() != null && row.connectionsClosed() != null && row.stats().requests() > 0;
        cells.add(known ? String.format(Locale.ROOT, "%.2f", (double) row.connectionsClosed() / row.stats().requests()) : MISSING);
      }
      line("| " + String.join(" | ", cells) + " |");
    }
    line();
  }

  private void gatlingReports() {
    line("## Gatling reports");
    line();
    for (Results.Server server : results.servers.values())
      server.reports().forEach((what, index) -> line("- " + server.name() + ", " + what + ": [" + dir.relativize(index) + "]("
          + dir.relativize(index) + ")"));
    line();
  }

  /** The JMH suite's summary, when it has written one. */
  private void jmh() throws IOException {
    Path summary = dir.getParent().resolve("jmh").resolve("latest").resolve("summary.md");
    if (!Files.isRegularFile(summary)) return;
    line("## JMH");
    line();
    line("From `" + summary + "`:");
    line();
    line(Files.readString(summary).replaceAll("(?m)^#", "##"));
  }

  private List<String> csv() {
    List<String> lines = new ArrayList<>();
    lines.add("server,cached,scenario,variant,users,requests,errors,requests_per_s,p50_ms,p95_ms,p99_ms,max_ms,max_cpu_percent,max_rss_mb,connections_closed");
    for (Results.Row r : results.rows) {
      GatlingStats s = r.stats();
      lines.add(String.join(",", r.server(), "" + r.cached(), r.step().scenario(), r.step().variant(), "" + r.step().users(),
          s == null ? "" : "" + s.requests(), "" + r.errors(), String.format(Locale.ROOT, "%.1f", r.requestsPerSecond()),
          s == null ? "" : "" + s.p50(), s == null ? "" : "" + s.p95(), s == null ? "" : "" + s.p99(), s == null ? "" : "" + s.max(),
          r.maxCpuPercent() == null ? "" : String.format(Locale.ROOT, "%.0f", r.maxCpuPercent()),
          r.maxRssMb() == null ? "" : "" + r.maxRssMb(), r.connectionsClosed() == null ? "" : "" + r.connectionsClosed()));
    }
    return lines;
  }

  private void tableHeader(List<String> header) {
    line("| " + String.join(" | ", header) + " |");
    line("|" + "---|".repeat(header.size()));
  }

  private static String gatlingVersion() {
    String version = io.gatling.app.Gatling.class.getPackage().getImplementationVersion();
    return version != null ? version : "3.15";
  }

  private void line(String text) { md.append(text).append('\n'); }

  private void line() { md.append('\n'); }
}
