package transit.bench.report;

import com.univocity.parsers.common.record.Record;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.results.Measurement;
import transit.bench.results.Ranking;
import transit.bench.results.Results;
import transit.bench.results.Series;
import transit.bench.results.Slice;
import transit.bench.scenario.RankedBy;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.Step;
import transit.measure.Csv;
import transit.server.Mode;

/**
 * results.csv: one line per slice (warm-up, calibration and measured), every figure as measured and why it was not a
 * fit measure of its server's work where it was not, for a reader's own analysis; and read back, each comparison's
 * servers' ranked figures over its rounds, for --compare.
 */
final class ResultsCsv {
  private ResultsCsv() {}

  static void write(Results results, Path file) throws IOException {
    List<String> head = new ArrayList<>(List.of("mode", "group", "groups", "framework", "revision", "jdk", "heap", "limits", "scenario",
        "variant", "load", "open", "kind", "round", "seed", "requests_per_user", "ok", "failed", "lost", "seconds", "requests_per_s"));
    ReportSection.PERCENTILES.forEach(p -> head.add(Format.percentile(p) + "_ms"));
    head.addAll(List.of("max_ms", "server_cpu_s", "server_cpu_mean_percent", "server_cpu_max_percent", "cpu_ms_per_request", "jit_percent",
        "server_rss_max_mb", "server_gc_ms", "server_heap_after_gc_max_mb", "server_allocated_bytes", "client_cpu_mean_percent", "client_gc_ms",
        "connections_accepted", "client_bound", "others_on_server_cpus_percent", "idle_servers_cpu_percent", "loopback_bytes", "unfit", "down",
        "instance"));
    List<List<String>> rows = new ArrayList<>();
    for (Slice s : results.slices) {
      Measurement m = s.m();
      Contestant c = s.contestant();
      var server = m.serverProcess();
      var gc = m.serverGc();
      RankedBy by = Scenarios.named(s.step().scenario()).rankedBy();
      List<String> cells = new ArrayList<>(List.of(c.mode().label, String.valueOf(s.group().number()), String.valueOf(s.group().of()),
          c.framework(), c.revision() == null ? "" : c.revision(), c.jdk() == null ? "" : String.valueOf(c.jdk()), c.heap(), Format.limits(c.limits()),
          s.step().scenario(), s.step().variant(), String.valueOf(s.step().load()), String.valueOf(s.step().open()), s.kind().label,
          String.valueOf(s.round()), String.valueOf(s.seed()), String.valueOf(s.step().requests()), String.valueOf(m.ok()),
          String.valueOf(m.failed()), String.valueOf(m.lost()), decimals(m.seconds(), 3), decimals(m.requestsPerSecond(), 1)));
      ReportSection.PERCENTILES.forEach(p -> cells.add(whole(m.percentile(p))));
      cells.add(whole(m.maxLatency()));
      cells.add(m.serverCpuSeconds() == null ? "" : decimals(m.serverCpuSeconds(), 2));
      cells.add(server == null ? "" : whole(server.meanCpuPercent()));
      cells.add(server == null ? "" : whole(server.maxCpuPercent()));
      cells.add(m.cpuMillisPerRequest() == null ? "" : decimals(m.cpuMillisPerRequest(), 3));
      cells.add(m.jitPercent() == null ? "" : decimals(m.jitPercent(), 1));
      cells.add(server == null ? "" : String.valueOf(server.maxRssKb() / 1024));
      cells.add(gc == null ? "" : String.valueOf(gc.gcMillis()));
      cells.add(gc == null || gc.maxHeapAfterGc() < 0 ? "" : String.valueOf(gc.maxHeapAfterGc() >> 20));
      cells.add(gc == null ? "" : String.valueOf(gc.allocatedBytes()));
      cells.add(m.clientProcess() == null ? "" : whole(m.clientProcess().meanCpuPercent()));
      cells.add(m.clientGc() == null ? "" : String.valueOf(m.clientGc().gcMillis()));
      cells.add(m.connectionsAccepted() < 0 ? "" : String.valueOf(m.connectionsAccepted()));
      cells.add(String.valueOf(m.clientBound()));
      cells.add(m.othersPercent() == null ? "" : whole(m.othersPercent()));
      cells.add(s.idleCpu().isEmpty() ? "" : decimals(s.idleCpu().values().stream().mapToDouble(Double::doubleValue).sum(), 1));
      cells.add(m.loopbackBytes() < 0 ? "" : String.valueOf(m.loopbackBytes()));
      String unfit = Ranking.unfit(m, s.step(), by, results.serverCpus);
      cells.add(unfit == null ? "" : unfit);
      cells.add(m.server() == null || m.server().down() == null ? "" : m.server().down());
      cells.add(String.valueOf(c.instance()));
      rows.add(cells);
    }
    Csv.write(file, head, rows);
  }

  /** A run's results.csv read back: its measured slices' ranked figures, per comparison, and each server's medians. */
  record Read(Map<String, Comparison> comparisons) {}

  /** One comparison of a run read back: its group, step, and its servers' figures over the rounds (Series, without slices). */
  record Comparison(Group group, Step step, List<Series> servers, Map<Contestant, Map<String, List<Double>>> figures) {}

  /** A run's results.csv, its measured slices gathered per comparison; an IOException names a folder that holds none. */
  static Read read(Path run) throws IOException {
    Path csv = run.resolve("results.csv");
    if (!Files.isRegularFile(csv)) throw new IOException(run + ": no results.csv (not a harness run's folder?)");
    Map<String, Comparison> comparisons = new LinkedHashMap<>();
    Map<String, Map<Contestant, Map<Integer, Double>>> fit = new LinkedHashMap<>();
    Map<String, Map<Contestant, Map<Integer, String>>> unfit = new LinkedHashMap<>();
    List<Record> records;
    try {
      records = Csv.read(csv);
    } catch (RuntimeException e) {
      throw new IOException(csv + ": not a results.csv this harness writes (" + e.getMessage() + ")", e);
    }
    for (Record r : records) {
      if (!r.getMetaData().containsColumn("kind")) throw new IOException(csv + ": written by an older harness (no slices); compare runs of this one");
      if (!"measured".equals(r.getString("kind"))) continue;
      Mode mode = Mode.labelled(r.getString("mode"));
      String revision = nonNull(r.getString("revision")), jdk = nonNull(r.getString("jdk"));
      Contestant c = new Contestant(r.getString("framework"), revision.isEmpty() ? null : revision, jdk.isEmpty() ? null : Integer.valueOf(jdk),
          mode, r.getString("heap"), !"off".equals(r.getString("limits")),
          r.getMetaData().containsColumn("instance") ? r.getInt("instance") : 0);
      Group group = new Group(r.getInt("group"), r.getInt("groups"), mode, List.of());
      Step step = new Step(r.getString("scenario"), nonNull(r.getString("variant")), r.getInt("load"), "true".equals(r.getString("open")),
          r.getInt("requests_per_user"), 0);
      String key = group.label() + "|" + step.label();
      Comparison comparison = comparisons.computeIfAbsent(key, k -> new Comparison(group, step, new ArrayList<>(), new LinkedHashMap<>()));
      RankedBy by = Scenarios.named(step.scenario()).rankedBy();
      Double figure = by == RankedBy.REQUESTS_PER_SECOND ? r.getDouble("requests_per_s") : r.getDouble("p99_ms");
      String why = nonNull(r.getString("unfit"));
      int round = r.getInt("round");
      if (why.isEmpty() && figure != null && figure > 0) fit.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(c, k -> new LinkedHashMap<>()).put(round, figure);
      else unfit.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(c, k -> new LinkedHashMap<>()).put(round, why.isEmpty() ? "not measured" : why);
      fit.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(c, k -> new LinkedHashMap<>());
      Map<String, List<Double>> its = comparison.figures().computeIfAbsent(c, k -> new LinkedHashMap<>());
      its.computeIfAbsent("req/s", k -> new ArrayList<>()).add(r.getDouble("requests_per_s"));
      its.computeIfAbsent("p50 ms", k -> new ArrayList<>()).add(r.getDouble("p50_ms"));
      its.computeIfAbsent("p99 ms", k -> new ArrayList<>()).add(r.getDouble("p99_ms"));
      its.computeIfAbsent("client-bound", k -> new ArrayList<>()).add("true".equals(r.getString("client_bound")) ? 1.0 : 0.0);
    }
    comparisons.forEach((key, comparison) -> fit.get(key).forEach((c, figures) -> comparison.servers().add(new Series(c, null, figures,
        unfit.getOrDefault(key, Map.of()).getOrDefault(c, Map.of())))));
    return new Read(comparisons);
  }

  private static String nonNull(String s) { return s == null ? "" : s; }

  private static String whole(Double v) { return v == null ? "" : String.format(Locale.ROOT, "%.0f", v); }

  private static String decimals(double v, int places) { return String.format(Locale.ROOT, "%." + places + "f", v); }
}
