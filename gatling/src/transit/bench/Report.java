package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * results/<timestamp>/report.md and results.csv: the conditions, then a section per scenario (each scenario
 * writes its own through the tables here), charts, links to Gatling's reports. Tables are long: one row per
 * framework, mode and load; each figure is the median of the rounds with their range.
 */
final class Report {
  static final String MISSING = "—", WIDE = "⚠";
  static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

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

  private String markdown(List<String> charts) {
    Options o = results.options;
    line("# Load test: " + String.join(", ", results.rows.stream().map(Results.Row::framework).distinct().toList()));
    line();
    if (!results.failures.isEmpty()) {
      line("## Failures");
      line();
      results.failures.forEach(f -> line("- " + f));
      line();
    }
    if (o.quick()) line("**Quick run (`--profile quick`)**: it checks that every step runs and answers correctly; its figures measure nothing.\n");
    line("Each figure is the median of " + o.repeat() + " round" + (o.repeat() == 1 ? "" : "s") + ", with the rounds' range in "
        + "brackets; " + WIDE + " marks a range wider than " + Math.round(Results.WIDE_SPREAD * 100) + " % of its median. Requests/s "
        + "counts successful responses over the step; errors (summed over the rounds) are responses that were not 200 with the "
        + "exact expected body length, or no answer at all (refused, reset, timed out: counted in brackets). Latencies are Gatling's response times in ms. **client-bound**: Gatling used at least "
        + Math.round(Results.CLIENT_BOUND_SHARE * 100) + " % of its CPUs in some round, so that throughput is a lower bound, "
        + "the client's and not the server's. **disturbed**: in some round other processes used at least "
        + Math.round(Results.DISTURBED_PERCENT) + " % of a core on the server's CPUs, taking it from the server (interrupt time, mostly the test's own packets, not counted). Warm-up requests are excluded.");
    line();
    conditions();
    for (String name : o.scenarios()) {
      if (results.groups(name).isEmpty()) continue;
      Scenario scenario = Scenario.named(name);
      line("## " + name);
      line();
      line(scenario.about() + ".");
      line();
      scenario.report(this);
    }
    if (!charts.isEmpty()) {
      line("## Charts");
      line();
      for (String chart : charts) line("![" + chart + "](" + chart + ")");
      line();
    }
    if (!results.gatlingReports.isEmpty()) {
      line("## Gatling reports");
      line();
      results.gatlingReports.forEach((run, index) -> line("- " + run + ": [" + dir.relativize(index) + "](" + dir.relativize(index) + ")"));
      line();
    }
    if (!results.notes.isEmpty()) {
      line("## Notes");
      line();
      results.notes.forEach(n -> line("- " + n));
      line();
    }
    return md.toString();
  }

  private void conditions() {
    line("## Conditions");
    line();
    line("| | |");
    line("|---|---|");
    line("| Date | " + results.started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")) + " |");
    results.conditions.forEach((what, value) -> line("| " + what + " | " + value + " |"));
    if (results.routes != null)
      line("| Routes | " + results.routes.source() + ": " + results.routes.heavy().size() + " heavy, " + results.routes.small().size() + " small |");
    if (!results.servers.isEmpty()) {
      StringBuilder load = new StringBuilder();
      results.servers.values().forEach(s -> load.append(load.length() == 0 ? "" : "; ").append(s.name()).append(" ")
          .append(String.format(Locale.ROOT, "%,d ms", s.loadMillis()))
          .append(s.snapshotMillis() >= 0 ? String.format(Locale.ROOT, " (this start read the snapshot in %,d ms)", s.snapshotMillis()) : "")
          .append(s.heapRetainedMb() >= 0 ? String.format(Locale.ROOT, " (heap retained %,d MB)", s.heapRetainedMb()) : ""));
      line("| Feed load from the CSV, as each server printed it | " + load + " |");
    }
    line();
  }

  /** A row's first cells: the framework, its mode and (with --heaps) its heap, and the step's load. */
  private List<String> rowStart(Results.Group g, boolean variants) {
    List<String> cells = new ArrayList<>(List.of(g.framework(), g.mode().label));
    if (!results.options.heaps().isEmpty()) cells.add(g.heap());
    if (variants) cells.add(g.step().variant());
    cells.add(g.step().open() ? g.step().load() + " req/s" : String.valueOf(g.step().load()));
    return cells;
  }

  private List<String> headStart(boolean variants, String load) {
    List<String> head = new ArrayList<>(List.of("Framework", "Mode"));
    if (!results.options.heaps().isEmpty()) head.add("Heap");
    if (variants) head.add("Variant");
    head.add(load);
    return head;
  }

  /** Throughput and latency, then what the server (and the client) used, a row per framework, mode and load. */
  void closedLoopTables(Scenario scenario) {
    List<Results.Group> groups = results.groups(scenario.name());
    boolean variants = groups.stream().anyMatch(g -> !g.step().variant().isEmpty());
    List<String> head = headStart(variants, "Users");
    head.add("req/s");
    latencyHeads(head);
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, variants);
      cells.add(spread(g.spread(m -> m.requestsPerSecond()), Report::count) + marks(g));
      latencyCells(g, cells);
      row(cells);
    }
    line();
    resources(groups, variants);
    if (groups.stream().map(Results.Group::mode).distinct().count() > 1) modesBesideCached(groups);
    if (scenario instanceof RouteScenario) whereTheTimeGoes(groups);
  }

  /**
   * The server's CPU per request split into its parts (medians of the rounds): what a reader needs to see why a
   * framework is where it is. The parts add up to a little less than the total (threads that ended during the
   * step, and the JVM's other threads, are not counted in any part).
   */
  private void whereTheTimeGoes(List<Results.Group> groups) {
    if (groups.stream().allMatch(g -> g.rounds().stream().allMatch(r -> r.m().profile() == null))) return;
    line("Where the server's CPU goes, in ms per successful request (medians of the rounds). The threads' CPU comes from "
        + "`/proc` by thread: the collector's (GC), the JIT compilers', and the application threads' time in the kernel (mostly "
        + "socket writes) and in user space; user space is split by a flight recording's execution samples (every 10 ms) "
        + "into encoding (a sample with a JSON library's or a server writer's frame on its stack: a writer that streams from the "
        + "feed into the socket counts whole as encoding), the query (walking the feed into the response's trips) and the "
        + "framework (HTTP parsing, routing, the write path). `cached` has no query or encoding left: its framework figure is "
        + "the write path's cost.");
    line();
    List<String> head = headStart(false, "Users");
    head.addAll(List.of("CPU ms per req", "query", "encoding", "framework", "kernel", "GC", "JIT", "alloc per req"));
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, false);
      cells.add(median(g.spread(Results.Measurement::cpuSecondsPerThousand), Report::twoDecimals));
      for (CpuProfile.Part part : CpuProfile.Part.values()) cells.add(median(g.spread(m -> m.cpuMillisPerRequest(part)), Report::twoDecimals));
      for (ProcessStats.Kind kind : List.of(ProcessStats.Kind.KERNEL, ProcessStats.Kind.GC, ProcessStats.Kind.JIT))
        cells.add(median(g.spread(m -> m.cpuMillisPerRequest(kind)), Report::twoDecimals));
      cells.add(median(g.spread(Results.Measurement::allocatedPerRequest), Report::bytes));
      row(cells);
    }
    line();
  }

  /** The headings of {@link #latencyCells}' columns. */
  private static void latencyHeads(List<String> head) {
    PERCENTILES.forEach(p -> head.add("p" + percentileLabel(p) + " ms"));
    head.addAll(List.of("max ms", "errors"));
  }

  private void latencyCells(Results.Group g, List<String> cells) {
    for (double p : PERCENTILES) cells.add(spread(g.spread(m -> m.percentile(p)), Report::millis));
    cells.add(spread(g.spread(Results.Measurement::maxLatency), Report::millis));
    cells.add(g.errors() + (g.lost() > 0 ? " (" + g.lost() + " unanswered)" : ""));
  }

  /** What may have held a step's throughput down other than the server itself. */
  private static String marks(Results.Group g) {
    return (g.clientBound() ? " **client-bound**" : "") + (g.disturbed() ? " **disturbed**" : "");
  }

  /** Medians over the rounds of what each side used. */
  private void resources(List<Results.Group> groups, boolean variants) {
    if (groups.stream().allMatch(g -> g.rounds().stream().allMatch(r -> r.m().server() == null && r.m().client() == null))) return;
    line("What each side used (medians of the rounds): the server's mean and highest CPU % (100 = one core, sampled every "
        + "250 ms), its CPU-seconds per 1,000 successful requests, highest RSS, highest heap left after a collection, bytes "
        + "allocated per request and share of the step spent in GC; the CPU other processes took on the server's CPUs "
        + "(% of one core, highest round); Gatling's mean CPU % and GC share.");
    line();
    List<String> head = headStart(variants, "Users");
    head.addAll(List.of("server CPU % mean / max", "CPU-s per 1k req", "RSS MB", "heap after GC MB", "alloc per req", "server GC %",
        "others on server CPUs %", "client CPU %", "client GC %"));
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, variants);
      cells.add(median(g.spread(m -> m.server() == null ? null : m.server().meanCpuPercent()), Report::count) + " / "
          + median(g.spread(m -> m.server() == null ? null : m.server().maxCpuPercent()), Report::count));
      cells.add(median(g.spread(Results.Measurement::cpuSecondsPerThousand), Report::twoDecimals));
      cells.add(median(g.spread(m -> m.server() == null ? null : m.server().maxRssKb() / 1024.0), Report::count));
      cells.add(median(g.spread(m -> m.serverGc() == null || m.serverGc().maxHeapAfterGc() < 0 ? null : m.serverGc().maxHeapAfterGc() / 1048576.0), Report::count));
      cells.add(median(g.spread(Results.Measurement::allocatedPerRequest), Report::bytes));
      cells.add(median(g.spread(m -> Results.Measurement.gcPercent(m.serverGc(), m.seconds())), Report::percent));
      Results.Spread others = g.spread(m -> m.server() == null ? null : m.server().othersPercent());
      cells.add(others == null ? MISSING : count(others.max()));
      cells.add(median(g.spread(m -> m.client() == null ? null : m.client().meanCpuPercent()), Report::count));
      cells.add(median(g.spread(m -> Results.Measurement.gcPercent(m.clientGc(), m.seconds())), Report::percent));
      row(cells);
    }
    line();
  }

  /**
   * Each server's requests/s beside its framework's with --cache (the write path's ceiling) and beside the first
   * framework's idiomatic server (the baseline the tuned modes are judged against), per load; medians.
   */
  private void modesBesideCached(List<Results.Group> groups) {
    Results.Group first = groups.stream().filter(g -> g.mode() == Mode.IDIOMATIC).findFirst().orElse(null);
    String baseline = first == null ? null : first.framework() + " idiomatic";
    line("Requests/s beside other servers (medians of the rounds): **of cached**, as a fraction of the same framework's "
        + "with `--cache` (responses encoded once and kept, only the write path left)"
        + (baseline == null ? "" : "; **× " + baseline + "**, as a multiple of " + baseline + "'s at the same load") + ".");
    line();
    List<String> head = headStart(false, "Users");
    head.add("of cached");
    if (baseline != null) head.add("× " + baseline);
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, false);
      cells.add(g.mode() == Mode.CACHED ? MISSING : ratio(g, sameStep(groups, g, g.framework(), Mode.CACHED)));
      if (baseline != null) cells.add(ratio(g, sameStep(groups, g, first.framework(), Mode.IDIOMATIC)));
      row(cells);
    }
    line();
  }

  private static Results.Group sameStep(List<Results.Group> groups, Results.Group g, String framework, Mode mode) {
    return groups.stream().filter(c -> c.framework().equals(framework) && c.mode() == mode && c.heap().equals(g.heap())
        && c.step().label().equals(g.step().label())).findFirst().orElse(null);
  }

  private static String ratio(Results.Group g, Results.Group base) {
    Results.Spread mine = g.spread(m -> m.requestsPerSecond()), theirs = base == null ? null : base.spread(m -> m.requestsPerSecond());
    return mine == null || theirs == null || theirs.median() <= 0 ? MISSING
        : String.format(Locale.ROOT, "%.2f", mine.median() / theirs.median());
  }

  /** Shows that "new connection" really reconnects: connections the server accepted per request (median). */
  void connectionsPerRequest(Scenario scenario) {
    List<Results.Group> groups = results.groups(scenario.name());
    if (groups.stream().allMatch(g -> g.rounds().stream().allMatch(r -> r.m().connectionsAccepted() < 0))) return;
    line("Connections accepted per request during the step (TCP PassiveOpens of /proc/net/snmp, medians of the rounds): "
        + "about 1 means a new connection per request, about 0 kept-alive.");
    line();
    List<String> head = headStart(true, "Users");
    head.add("connections per request");
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, true);
      cells.add(median(g.spread(m -> m.connectionsAccepted() < 0 || m.ok() + m.failed() + m.lost() == 0 ? null
          : (double) m.connectionsAccepted() / (m.ok() + m.failed() + m.lost())), v -> String.format(Locale.ROOT, "%.2f", v)));
      row(cells);
    }
    line();
  }

  /** Open model: per rate, what each server achieved and its latency percentiles. */
  void latencyTables(Scenario scenario) {
    List<Results.Group> groups = results.groups(scenario.name());
    if (!results.calibration.isEmpty()) {
      line("Rates: " + LatencyScenario.PERCENT_OF_SLOWEST + " % of the slowest framework's requests/s on the small list at "
          + LatencyScenario.CALIBRATION_USERS + " users, measured first (one round each): " + String.join(", ",
          results.calibration.stream().map(r -> r.framework() + " " + count(r.m().requestsPerSecond())).toList())
          + " → " + results.rates + " requests/s.");
      line();
    } else if (results.rates != null) {
      line("Rates given with --rates: " + results.rates + " requests/s.");
      line();
    }
    List<String> head = headStart(false, "Target");
    head.add("achieved req/s");
    latencyHeads(head);
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, false);
      Results.Spread achieved = g.spread(m -> m.requestsPerSecond());
      boolean behind = achieved != null && achieved.median() < 0.95 * g.step().load();
      cells.add(spread(achieved, Report::count) + (behind ? " **fell behind**" : "") + marks(g));
      latencyCells(g, cells);
      row(cells);
    }
    line();
    line("A server **fell behind** when it completed less than 95 % of the target rate: its requests queued, and its latency "
        + "includes the wait. The charts below show each rate's latency by percentile, every round's responses together.");
    line();
    resources(groups, false);
  }

  /**
   * A feed replaced under load: per framework, the throughput and errors over the whole step, how long each reload
   * took to be in service (from the file's move to the server's "reloaded" line), and the latency of the seconds
   * before the first swap beside the seconds from each swap until a second after its reload.
   */
  void reloadTables(Scenario scenario) {
    List<Results.Group> groups = results.groups(scenario.name());
    List<String> head = headStart(false, "Users");
    head.addAll(List.of("req/s", "errors", "swaps in service", "reload took ms", "p99 ms before", "p99 ms around swaps",
        "max ms around swaps"));
    tableHeader(head);
    for (Results.Group g : groups) {
      List<String> cells = rowStart(g, false);
      cells.add(spread(g.spread(m -> m.requestsPerSecond()), Report::count));
      cells.add(g.errors() + (g.lost() > 0 ? " (" + g.lost() + " unanswered)" : ""));
      long replaced = 0, reloaded = 0;
      List<Double> took = new ArrayList<>();
      for (Results.Row r : g.rounds()) {
        Swaps swaps = Swaps.of(r.m());
        replaced += swaps.replaced();
        reloaded += swaps.took().size();
        swaps.took().forEach(t -> took.add((double) t));
      }
      cells.add(reloaded + " of " + replaced);
      cells.add(spread(Results.Spread.of(took), Report::millis));
      cells.add(spread(g.spread(m -> Swaps.of(m).before(99)), Report::millis));
      cells.add(spread(g.spread(m -> Swaps.of(m).around(99)), Report::millis));
      cells.add(spread(g.spread(m -> Swaps.of(m).aroundMax()), Report::millis));
      row(cells);
    }
    line();
    line("A swap is in service when the server printed its \"reloaded\" line; a reload that failed or was still running "
        + Bench.RELOAD_GRACE_MILLIS / 1000 + " s after the step shows as fewer swaps in service than made. \"Around swaps\": the "
        + "seconds from each move of the feed until a second after its reload, when the new feed is parsed on the server's CPU beside "
        + "the requests. The chart shows the first round, second by second.");
    line();
    resources(groups, false);
  }

  /** A step's feed replacements (each with when it was in service, or -1), and its latency before and around them. */
  record Swaps(List<long[]> swaps, List<org.HdrHistogram.Histogram> timeline) {
    static Swaps of(Results.Measurement m) {
      List<long[]> swaps = new ArrayList<>();
      for (ServerProcess.Event e : m.events()) {
        if (e.what().equals("replaced")) swaps.add(new long[] {e.atMillis(), -1});
        else if (e.what().equals("reloaded") && !swaps.isEmpty() && swaps.get(swaps.size() - 1)[1] < 0) swaps.get(swaps.size() - 1)[1] = e.atMillis();
      }
      return new Swaps(swaps, m.timeline());
    }

    int replaced() { return swaps.size(); }

    /** How long each swap that came into service took, from the file's move. */
    List<Long> took() { return swaps.stream().filter(s -> s[1] >= 0).map(s -> s[1] - s[0]).toList(); }

    Double before(double percentile) {
      if (swaps.isEmpty()) return null;
      return value(timeline.stream().filter(h -> h.getEndTimeStamp() <= swaps.get(0)[0]).toList(), percentile);
    }

    Double around(double percentile) { return value(aroundSwaps(), percentile); }

    Double aroundMax() { return value(aroundSwaps(), 100); }

    /** The seconds from each move until a second after its reload (to the step's end when it never came). */
    private List<org.HdrHistogram.Histogram> aroundSwaps() {
      List<org.HdrHistogram.Histogram> around = new ArrayList<>();
      for (long[] swap : swaps) {
        long to = swap[1] < 0 ? Long.MAX_VALUE : swap[1] + 1000;
        for (var h : timeline) if (h.getEndTimeStamp() > swap[0] && h.getStartTimeStamp() < to && !around.contains(h)) around.add(h);
      }
      return around;
    }

    private static Double value(List<org.HdrHistogram.Histogram> intervals, double percentile) {
      if (intervals.isEmpty()) return null;
      var all = GatlingRun.sum(intervals);
      return all.getTotalCount() == 0 ? null : (double) (percentile >= 100 ? all.getMaxValue() : all.getValueAtPercentile(percentile));
    }
  }

  /** One line per round and step: every figure as measured, for a reader's own analysis. */
  private List<String> csv() {
    List<String> lines = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of("framework", "mode", "heap", "round", "scenario", "variant", "load", "open",
        "ok", "failed", "lost", "seconds", "requests_per_s"));
    PERCENTILES.forEach(p -> head.add("p" + percentileLabel(p) + "_ms"));
    head.addAll(List.of("max_ms", "server_cpu_s", "server_cpu_mean_percent", "server_cpu_max_percent", "server_rss_max_mb",
        "server_gc_ms", "server_heap_after_gc_max_mb", "server_allocated_bytes", "client_cpu_mean_percent", "client_gc_ms",
        "connections_accepted", "client_bound", "others_on_server_cpus_percent"));
    lines.add(String.join(",", head));
    List<Results.Row> all = new ArrayList<>(results.calibration);
    all.addAll(results.rows);
    for (Results.Row r : all) {
      Results.Measurement m = r.m();
      List<String> cells = new ArrayList<>(List.of(r.framework(), r.mode().label, r.heap(), String.valueOf(r.round()), r.step().scenario(),
          r.step().variant(), String.valueOf(r.step().load()), String.valueOf(r.step().open()), String.valueOf(m.ok()),
          String.valueOf(m.failed()), String.valueOf(m.lost()), String.format(Locale.ROOT, "%.3f", m.seconds()), String.format(Locale.ROOT, "%.1f", m.requestsPerSecond())));
      PERCENTILES.forEach(p -> cells.add(raw(m.percentile(p))));
      cells.add(raw(m.maxLatency()));
      cells.add(m.server() == null ? "" : String.format(Locale.ROOT, "%.2f", m.server().cpuSeconds()));
      cells.add(m.server() == null ? "" : String.format(Locale.ROOT, "%.0f", m.server().meanCpuPercent()));
      cells.add(m.server() == null ? "" : String.format(Locale.ROOT, "%.0f", m.server().maxCpuPercent()));
      cells.add(m.server() == null ? "" : String.valueOf(m.server().maxRssKb() / 1024));
      cells.add(m.serverGc() == null ? "" : String.valueOf(m.serverGc().gcMillis()));
      cells.add(m.serverGc() == null || m.serverGc().maxHeapAfterGc() < 0 ? "" : String.valueOf(m.serverGc().maxHeapAfterGc() >> 20));
      cells.add(m.serverGc() == null ? "" : String.valueOf(m.serverGc().allocatedBytes()));
      cells.add(m.client() == null ? "" : String.format(Locale.ROOT, "%.0f", m.client().meanCpuPercent()));
      cells.add(m.clientGc() == null ? "" : String.valueOf(m.clientGc().gcMillis()));
      cells.add(m.connectionsAccepted() < 0 ? "" : String.valueOf(m.connectionsAccepted()));
      cells.add(String.valueOf(m.clientBound()));
      cells.add(m.server() == null || m.server().othersPercent() == null ? "" : String.format(Locale.ROOT, "%.0f", m.server().othersPercent()));
      lines.add(String.join(",", cells));
    }
    return lines;
  }

  static String percentileLabel(double p) { return p == Math.rint(p) ? String.valueOf((int) p) : String.valueOf(p); }

  /** "median (min–max)", marked when wide; the median alone for one round, or rounds that all agree. */
  static String spread(Results.Spread s, Function<Double, String> format) {
    if (s == null) return MISSING;
    if (s.n() == 1 || format.apply(s.min()).equals(format.apply(s.max()))) return format.apply(s.median());
    return format.apply(s.median()) + " (" + format.apply(s.min()) + "–" + format.apply(s.max()) + ")" + (s.wide() ? " " + WIDE : "");
  }

  static String median(Results.Spread s, Function<Double, String> format) { return s == null ? MISSING : format.apply(s.median()); }

  static String count(double v) { return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v); }

  static String twoDecimals(double v) { return String.format(Locale.ROOT, "%.2f", v); }

  static String millis(double v) { return String.format(Locale.ROOT, "%,.0f", v); }

  static String percent(double v) { return String.format(Locale.ROOT, "%.1f", v); }

  static String bytes(double v) {
    return v >= 1e6 ? String.format(Locale.ROOT, "%.1f MB", v / 1e6) : v >= 1e3 ? String.format(Locale.ROOT, "%.0f KB", v / 1e3)
        : String.format(Locale.ROOT, "%.0f B", v);
  }

  private static String raw(Double v) { return v == null ? "" : String.format(Locale.ROOT, "%.0f", v); }

  private void tableHeader(List<String> header) {
    row(header);
    line("|" + "---|".repeat(header.size()));
  }

  private void row(List<String> cells) { line("| " + String.join(" | ", cells) + " |"); }

  private void line(String text) { md.append(text).append('\n'); }

  private void line() { md.append('\n'); }
}
