package transit.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** results.csv: one line per round and step (the calibration's too), every figure as measured, for a reader's own analysis. */
final class ResultsCsv {
  private ResultsCsv() {}

  static void write(Results results, Path file) throws IOException {
    List<String> head = new ArrayList<>(List.of("framework", "mode", "heap", "limits", "round", "scenario", "variant", "load", "open",
        "ok", "failed", "lost", "seconds", "requests_per_s"));
    ReportSection.PERCENTILES.forEach(p -> head.add(Format.percentile(p) + "_ms"));
    head.addAll(List.of("max_ms", "server_cpu_s", "server_cpu_mean_percent", "server_cpu_max_percent", "server_rss_max_mb",
        "server_gc_ms", "server_heap_after_gc_max_mb", "server_allocated_bytes", "client_cpu_mean_percent", "client_gc_ms",
        "connections_accepted", "client_bound", "others_on_server_cpus_percent", "loopback_bytes"));
    List<List<String>> rows = new ArrayList<>();
    List<Results.Row> all = new ArrayList<>(results.calibration);
    all.addAll(results.rows);
    for (Results.Row r : all) {
      Results.Measurement m = r.m();
      var server = m.serverProcess();
      var gc = m.serverGc();
      List<String> cells = new ArrayList<>(List.of(r.framework(), r.mode().label, r.heap(), Format.limits(r.limits()), String.valueOf(r.round()),
          r.step().scenario(), r.step().variant(), String.valueOf(r.step().load()), String.valueOf(r.step().open()), String.valueOf(m.ok()),
          String.valueOf(m.failed()), String.valueOf(m.lost()), String.format(Locale.ROOT, "%.3f", m.seconds()),
          String.format(Locale.ROOT, "%.1f", m.requestsPerSecond())));
      ReportSection.PERCENTILES.forEach(p -> cells.add(whole(m.percentile(p))));
      cells.add(whole(m.maxLatency()));
      cells.add(server == null ? "" : String.format(Locale.ROOT, "%.2f", server.cpuSeconds()));
      cells.add(server == null ? "" : String.format(Locale.ROOT, "%.0f", server.meanCpuPercent()));
      cells.add(server == null ? "" : String.format(Locale.ROOT, "%.0f", server.maxCpuPercent()));
      cells.add(server == null ? "" : String.valueOf(server.maxRssKb() / 1024));
      cells.add(gc == null ? "" : String.valueOf(gc.gcMillis()));
      cells.add(gc == null || gc.maxHeapAfterGc() < 0 ? "" : String.valueOf(gc.maxHeapAfterGc() >> 20));
      cells.add(gc == null ? "" : String.valueOf(gc.allocatedBytes()));
      cells.add(m.clientProcess() == null ? "" : String.format(Locale.ROOT, "%.0f", m.clientProcess().meanCpuPercent()));
      cells.add(m.clientGc() == null ? "" : String.valueOf(m.clientGc().gcMillis()));
      cells.add(m.connectionsAccepted() < 0 ? "" : String.valueOf(m.connectionsAccepted()));
      cells.add(String.valueOf(m.clientBound()));
      cells.add(server == null || server.othersPercent() == null ? "" : String.format(Locale.ROOT, "%.0f", server.othersPercent()));
      cells.add(m.loopbackBytes() < 0 ? "" : String.valueOf(m.loopbackBytes()));
      rows.add(cells);
    }
    transit.measure.Csv.write(file, head, rows);
  }

  private static String whole(Double v) { return v == null ? "" : String.format(Locale.ROOT, "%.0f", v); }
}
