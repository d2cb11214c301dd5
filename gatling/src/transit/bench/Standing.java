package transit.bench;

import com.univocity.parsers.common.record.Record;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import transit.measure.Csv;
import transit.measure.Spread;
import transit.server.Mode;

/**
 * One server set-up (a framework in a mode, with a heap, its limits on or off) at one step of a scenario, over its
 * rounds: what the verdict ranks and what a comparison sets side by side. Made from a run's results, or read back from
 * its results.csv (then without the cost breakdown and the overload's figures, which only the run has: group is null).
 */
record Standing(String scenario, String variant, String framework, Mode mode, String heap, boolean limits, int load, boolean open,
    Spread requestsPerSecond, Spread p50, Spread p99, Spread cpuMillisPerRequest, Spread rssMb, Spread liveHeapMb, long errors,
    boolean clientBound, boolean disturbed, Results.Group group) {
  /** An open step's server that completed less than this share of its rate fell behind it. */
  static final double KEPT_UP = 0.95;

  static Standing of(Results.Group g) {
    return new Standing(g.step().scenario(), g.step().variant(), g.framework(), g.mode(), g.heap(), g.limits(), g.step().load(),
        g.step().open(), g.spread(Results.Measurement::requestsPerSecond), g.spread(m -> m.percentile(50)), g.spread(m -> m.percentile(99)),
        g.spread(Results.Measurement::cpuSecondsPerThousand),
        g.spread(m -> m.serverProcess() == null ? null : m.serverProcess().maxRssKb() / 1024.0), g.spread(ReportSection::heapAfterGcMb),
        g.errors(), g.clientBound(), g.disturbed(), g);
  }

  /** Every scenario's standings in a run, in the order they first ran. */
  static List<Standing> of(Results results) {
    List<Standing> all = new ArrayList<>();
    for (String scenario : results.scenarios) results.groups(scenario).forEach(g -> all.add(of(g)));
    return all;
  }

  /**
   * A run's results.csv, its measured rounds (not the calibration) gathered per server set-up and step. A file without
   * the limits column (written before --limits) had every server keep its limits.
   */
  static List<Standing> read(Path run) throws IOException {
    Path csv = run.resolve("results.csv");
    if (!Files.isRegularFile(csv)) throw new IOException(run + ": no results.csv (not a harness run's folder?)");
    Map<String, List<Record>> steps = new LinkedHashMap<>();
    for (Record r : Csv.read(csv)) {
      if (r.getInt("round") == 0) continue;
      String key = String.join("|", r.getString("scenario"), nonNull(r.getString("variant")), r.getString("framework"), r.getString("mode"),
          r.getString("heap"), String.valueOf(limits(r)), r.getString("open"), r.getString("load"));
      steps.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    List<Standing> all = new ArrayList<>();
    steps.forEach((key, rounds) -> {
      Record r = rounds.get(0);
      Function<Function<Record, Double>, Spread> spread = f -> Spread.of(rounds.stream().map(f).toList());
      all.add(new Standing(r.getString("scenario"), nonNull(r.getString("variant")), r.getString("framework"), Mode.labelled(r.getString("mode")),
          r.getString("heap"), limits(r), r.getInt("load"), "true".equals(r.getString("open")), spread.apply(Standing::requestsPerSecondOf),
          spread.apply(x -> x.getDouble("p50_ms")), spread.apply(x -> x.getDouble("p99_ms")),
          spread.apply(x -> x.getDouble("server_cpu_s") == null || x.getLong("ok") == 0 ? null : x.getDouble("server_cpu_s") * 1000 / x.getLong("ok")),
          spread.apply(x -> x.getDouble("server_rss_max_mb")), spread.apply(x -> x.getDouble("server_heap_after_gc_max_mb")),
          rounds.stream().mapToLong(x -> x.getLong("failed") + x.getLong("lost")).sum(),
          rounds.stream().anyMatch(x -> "true".equals(x.getString("client_bound"))),
          rounds.stream().anyMatch(x -> x.getDouble("others_on_server_cpus_percent") != null
              && x.getDouble("others_on_server_cpus_percent") >= Results.DISTURBED_PERCENT), null));
    });
    return all;
  }

  /** Whether a results.csv line's server kept its limits: "off" in its limits column; on where there is none. */
  private static boolean limits(Record r) {
    return !(r.getMetaData().containsColumn("limits") && "off".equals(r.getString("limits")));
  }

  /** A round's requests/s from its count and seconds, as the run had it: requests_per_s is rounded to 0.1. */
  private static Double requestsPerSecondOf(Record r) {
    Double seconds = r.getDouble("seconds");
    return seconds == null || seconds <= 0 ? r.getDouble("requests_per_s") : r.getLong("ok") / seconds;
  }

  /** "50 users", "120 req/s". */
  String loadLabel() { return load + (open ? " req/s" : load == 1 ? " user" : " users"); }

  /** An open step whose server completed too little of its rate: its latency includes the queue. */
  boolean fellBehind() { return open && fellBehind(requestsPerSecond, load); }

  /** A server that achieved these requests/s over its rounds at this rate fell behind it. */
  static boolean fellBehind(Spread achieved, int rate) { return achieved != null && achieved.median() < KEPT_UP * rate; }

  /** Why the server did not stay up through a round (Results.Group#down); null when it did, or when not known. */
  String down() { return group == null ? null : group.down(); }

  private static String nonNull(String s) { return s == null ? "" : s; }
}
