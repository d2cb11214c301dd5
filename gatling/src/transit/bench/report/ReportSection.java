package transit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import transit.bench.results.Measurement;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.run.CpuProfile;
import transit.bench.scenario.Scenario;
import transit.measure.Markdown;
import transit.measure.ProcessSampler;
import transit.measure.Spread;
import transit.server.Mode;

/**
 * One scenario's section of report.md, after its heading and its about line: the tables its scenario names
 * (Scenario#tables), each written here or by its own class. Tables are long: one row per server and load; each figure
 * is the median of the rounds with their range.
 */
final class ReportSection {
  static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

  private final Results results;
  private final String scenario;
  private final List<Rounds> groups;
  private final StringBuilder md = new StringBuilder();

  ReportSection(Results results, String scenario) {
    this.results = results;
    this.scenario = scenario;
    this.groups = results.rounds(scenario);
  }

  Results results() { return results; }

  /** The scenario it is of. */
  String scenario() { return scenario; }

  /** The scenario's measured slices, gathered per group, server and step. */
  List<Rounds> groups() { return groups; }

  String markdown() { return md.toString(); }

  /** One of the tables a scenario names. */
  void write(Scenario.Table table) {
    switch (table) {
      case CLOSED_LOOP -> closedLoopTables();
      case WHERE_THE_TIME_GOES -> whereTheTimeGoes();
      case BESIDE_IDENTITY -> besideIdentity();
      case CONNECTIONS_PER_REQUEST -> connectionsPerRequest();
      case LATENCY_BY_RATE -> LatencyTables.write(this);
      case RELOADS -> ReloadTables.write(this);
      case OVERLOAD -> OverloadTables.write(this);
    }
  }

  void line(String text) { md.append(text).append('\n'); }

  void line() { md.append('\n'); }

  /** A table, and the empty line after it. */
  void table(Markdown.Table table) {
    md.append(table);
    line();
  }

  /** Whether a mode's servers were split into several groups (memory): the tables then say which group a row is of. */
  private boolean severalGroups() { return groups.stream().anyMatch(g -> g.group().of() > 1); }

  /**
   * A row's first headings: (where a mode's servers were split) group, framework (its build), mode, (with --heaps) heap,
   * (where a server ran with its limits off) limits, (where steps differ so) variant, and the load's.
   */
  List<String> head(boolean variants, String load) {
    List<String> head = new ArrayList<>();
    if (severalGroups()) head.add("Group");
    head.addAll(List.of("Framework", "Mode"));
    if (!results.heaps.isEmpty()) head.add("Heap");
    if (results.anyLimitsOff()) head.add("Limits");
    if (variants) head.add("Variant");
    head.add(load);
    return head;
  }

  /** The cells under {@link #head}. */
  List<String> cells(Rounds g, boolean variants) {
    List<String> cells = new ArrayList<>();
    if (severalGroups()) cells.add(g.group().label());
    cells.addAll(List.of(g.contestant().name(), g.contestant().mode().label));
    if (!results.heaps.isEmpty()) cells.add(g.contestant().heap());
    if (results.anyLimitsOff()) cells.add(Format.limits(g.contestant().limits()));
    if (variants) cells.add(g.step().variant());
    cells.add(g.step().open() ? g.step().load() + " req/s" : String.valueOf(g.step().load()));
    return cells;
  }

  private boolean variants() { return groups.stream().anyMatch(g -> !g.step().variant().isEmpty()); }

  /** Throughput and latency, what the server (and the client) used, and each mode beside cached, a row per framework, mode and load. */
  void closedLoopTables() {
    boolean variants = variants();
    List<String> head = head(variants, "Users");
    head.add("req/s");
    latencyHeads(head);
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : groups) {
      List<String> cells = cells(g, variants);
      cells.add(Format.spread(g.spread(Measurement::requestsPerSecond), Format::count) + marks(g));
      latencyCells(g, cells);
      table.row(cells);
    }
    table(table);
    resources(variants);
    if (groups.stream().map(g -> g.contestant().mode()).distinct().count() > 1) modesBesideCached();
  }

  /** The headings of {@link #latencyCells}' columns. */
  static void latencyHeads(List<String> head) {
    PERCENTILES.forEach(p -> head.add(Format.percentile(p) + " ms"));
    head.addAll(List.of("max ms", "errors"));
  }

  static void latencyCells(Rounds g, List<String> cells) {
    for (double p : PERCENTILES) cells.add(Format.spread(g.spread(m -> m.percentile(p)), Format::millis));
    cells.add(Format.spread(g.spread(Measurement::maxLatency), Format::millis));
    cells.add(errors(g));
  }

  /** Wrong answers and unanswered requests over the rounds. */
  static String errors(Rounds g) { return g.errors() + (g.lost() > 0 ? " (" + g.lost() + " unanswered)" : ""); }

  /** What may have held a server's throughput down other than the server itself, and in how many of its rounds. */
  static String marks(Rounds g) {
    return (g.clientBound() > 0 ? " **client-bound** (" + g.clientBound() + ")" : "") + (g.disturbed() > 0 ? " **disturbed** (" + g.disturbed() + ")" : "");
  }

  /** Medians over the rounds of what each side used. */
  void resources(boolean variants) {
    if (groups.stream().allMatch(g -> g.slices().stream().allMatch(r -> r.m().server() == null && r.m().client() == null))) return;
    line("What each side used (medians of the rounds): the server's mean and highest CPU % (100 = one core, sampled every "
        + "250 ms), its CPU-seconds per 1,000 successful requests, highest RSS, highest heap left after a collection, bytes "
        + "allocated per request and share of the slice spent in GC; the CPU anything else took on the server's CPUs, the "
        + "other servers idle beside it included (% of one core, highest round); Gatling's mean CPU % and GC share.");
    line();
    List<String> head = head(variants, "Users");
    head.addAll(List.of("server CPU % mean / max", "CPU-s per 1k req", "RSS MB", "heap after GC MB", "alloc per req", "server GC %",
        "others on server CPUs %", "client CPU %", "client GC %"));
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : groups) {
      List<String> cells = cells(g, variants);
      cells.add(Format.median(g.spread(m -> m.serverProcess() == null ? null : m.serverProcess().meanCpuPercent()), Format::count) + " / "
          + Format.median(g.spread(m -> m.serverProcess() == null ? null : m.serverProcess().maxCpuPercent()), Format::count));
      cells.add(Format.median(g.spread(Measurement::cpuMillisPerRequest), Format::twoDecimals));
      cells.add(Format.median(g.spread(Measurement::rssMb), Format::count));
      cells.add(Format.median(g.spread(Measurement::heapAfterGcMb), Format::count));
      cells.add(Format.median(g.spread(Measurement::allocatedPerRequest), Format::bytes));
      cells.add(Format.median(g.spread(Measurement::serverGcPercent), Format::oneDecimal));
      Spread others = g.spread(Measurement::othersPercent);
      cells.add(others == null ? Format.MISSING : Format.count(others.max()));
      cells.add(Format.median(g.spread(m -> m.clientProcess() == null ? null : m.clientProcess().meanCpuPercent()), Format::count));
      cells.add(Format.median(g.spread(Measurement::clientGcPercent), Format::oneDecimal));
      table.row(cells);
    }
    table(table);
  }

  /**
   * Each server's requests/s beside its framework's with --cache (the write path's ceiling) and beside the first
   * framework's idiomatic server (the baseline the tuned modes are judged against), per load; medians.
   */
  private void modesBesideCached() {
    Rounds first = groups.stream().filter(g -> g.contestant().mode() == Mode.IDIOMATIC).findFirst().orElse(null);
    String baseline = first == null ? null : first.contestant().name() + " idiomatic";
    line("Requests/s beside other servers (medians of the rounds): **of cached**, as a fraction of the same framework's "
        + "with `--cache` (responses encoded once and kept, only the write path left)"
        + (baseline == null ? "" : "; **× " + baseline + "**, as a multiple of " + baseline + "'s at the same load") + ".");
    line();
    List<String> head = head(variants(), "Users");
    head.add("of cached");
    if (baseline != null) head.add("× " + baseline);
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : groups) {
      List<String> cells = cells(g, variants());
      cells.add(g.contestant().mode() == Mode.CACHED ? Format.MISSING : ratio(g, sameStep(g, g.contestant().name(), Mode.CACHED)));
      if (baseline != null) cells.add(ratio(g, sameStep(g, first.contestant().name(), Mode.IDIOMATIC)));
      table.row(cells);
    }
    table(table);
  }

  private Rounds sameStep(Rounds g, String name, Mode mode) {
    return groups.stream().filter(c -> c.contestant().name().equals(name) && c.contestant().mode() == mode
        && c.contestant().heap().equals(g.contestant().heap()) && c.contestant().limits() == g.contestant().limits()
        && c.step().sameAs(g.step())).findFirst().orElse(null);
  }

  private static String ratio(Rounds g, Rounds base) {
    Spread mine = g.spread(Measurement::requestsPerSecond), theirs = base == null ? null : base.spread(Measurement::requestsPerSecond);
    return mine == null || theirs == null || theirs.median() <= 0 ? Format.MISSING : Format.twoDecimals(mine.median() / theirs.median());
  }

  /**
   * The server's CPU per request split into its parts (medians of the rounds): what a reader needs to see why a
   * framework is where it is. The parts add up to a little less than the total (threads that ended during the
   * step, and the JVM's other threads, are not counted in any part).
   */
  void whereTheTimeGoes() {
    if (groups.stream().allMatch(g -> g.slices().stream().allMatch(r -> r.m().server() == null || r.m().server().profile() == null))) return;
    line("Where the server's CPU goes, in ms per successful request (medians of the rounds). The threads' CPU comes from "
        + "the kernel by thread (sampled only for the server under load): the collector's (GC), the JIT compilers', and the application threads' time in the kernel (mostly "
        + "socket writes) and in user space; user space is split by a flight recording's samples, every 10 ms of a thread's "
        + "CPU time, into deflate (a sample with a frame of the JDK's deflater on its stack: gzipping an answer), encoding (a "
        + "JSON library's or a server writer's frame: a writer that streams from the feed into the socket counts whole as "
        + "encoding), the query (walking the feed into the response's trips) and the framework (HTTP parsing, routing, the "
        + "write path). CPU-time samples need the server on JDK 25 or newer; on an older JDK the split is by execution samples, "
        + "which see Java code only: zlib's native deflate is then not told apart (deflate —) and its time is spread over "
        + "the other parts. `cached` has no query or encoding left: its framework figure is the write path's cost. Built "
        + "on: the threads the query's and encoding's samples ran on (cached: the write's), a pool's threads under one name "
        + "with N for each number in it.");
    line();
    // deflate only where something was gzipped: an identity scenario's column would be zeros
    List<CpuProfile.Part> parts = java.util.Arrays.stream(CpuProfile.Part.values()).filter(part -> part != CpuProfile.Part.DEFLATE
        || groups.stream().map(g -> g.spread(m -> m.cpuMillisPerRequest(part))).anyMatch(d -> d != null && d.median() > 0)).toList();
    List<String> head = head(variants(), "Users");
    head.add("CPU ms per req");
    parts.forEach(part -> head.add(part.name().toLowerCase()));
    head.addAll(List.of("kernel", "GC", "JIT", "alloc per req", "built on"));
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : groups) {
      List<String> cells = cells(g, variants());
      cells.add(Format.median(g.spread(Measurement::cpuMillisPerRequest), Format::twoDecimals));
      for (CpuProfile.Part part : parts) cells.add(Format.median(g.spread(m -> m.cpuMillisPerRequest(part)), Format::twoDecimals));
      for (ProcessSampler.Kind kind : List.of(ProcessSampler.Kind.KERNEL, ProcessSampler.Kind.GC, ProcessSampler.Kind.JIT))
        cells.add(Format.median(g.spread(m -> m.cpuMillisPerRequest(kind)), Format::twoDecimals));
      cells.add(Format.median(g.spread(Measurement::allocatedPerRequest), Format::bytes));
      String threads = g.threads();
      cells.add(threads == null ? Format.MISSING : threads);
      table.row(cells);
    }
    table(table);
  }

  /**
   * What compression adds and saves: each server's compressed answers beside its identity ones to the same list in the
   * same run (the scenario its variant names), requests/s, CPU per request and bytes on the wire per answer; medians.
   */
  void besideIdentity() {
    line("Beside the same server's identity answers to the same list in this run (its `heavy` or `small` scenario; "
        + "— where the run had none): requests/s, CPU ms per request (every thread's, from the kernel) and bytes on the "
        + "wire per answer, identity → gzip; medians of the rounds.");
    line();
    List<String> head = head(true, "Users");
    head.addAll(List.of("req/s", "CPU ms per req", "bytes per answer"));
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : groups) {
      Rounds identity = results.rounds(g.step().variant()).stream().filter(c -> c.contestant().equals(g.contestant())
          && c.step().load() == g.step().load()).findFirst().orElse(null);
      List<String> cells = cells(g, true);
      cells.add(beside(identity, g, Measurement::requestsPerSecond, Format::count));
      cells.add(beside(identity, g, Measurement::cpuMillisPerRequest, Format::twoDecimals));
      cells.add(beside(identity, g, Measurement::wireBytesPerAnswer, Format::bytes));
      table.row(cells);
    }
    table(table);
  }

  /** "identity → gzip (×ratio)" of a figure's medians; the gzip one alone without an identity group. */
  private static String beside(Rounds identity, Rounds gzip, java.util.function.Function<Measurement, Double> figure,
      java.util.function.Function<Double, String> format) {
    Spread after = gzip.spread(figure), before = identity == null ? null : identity.spread(figure);
    if (after == null) return Format.MISSING;
    if (before == null || before.median() <= 0) return Format.MISSING + " → " + format.apply(after.median());
    return format.apply(before.median()) + " → " + format.apply(after.median()) + " (×" + Format.twoDecimals(after.median() / before.median()) + ")";
  }

  /** Shows that "new connection" really reconnects: connections the server accepted per request (median). */
  void connectionsPerRequest() {
    if (groups.stream().allMatch(g -> g.slices().stream().allMatch(r -> r.m().connectionsAccepted() < 0))) return;
    line("Connections accepted per request during the slice (the kernel's TCP PassiveOpens, medians of the rounds): "
        + "about 1 means a new connection per request, about 0 kept-alive.");
    line();
    List<String> head = head(true, "Users");
    head.add("connections per request");
    Markdown.Table table = new Markdown.Table(head);
    for (Rounds g : groups) {
      List<String> cells = cells(g, true);
      cells.add(Format.median(g.spread(m -> m.connectionsAccepted() < 0 || m.answers().all() == 0 ? null
          : (double) m.connectionsAccepted() / m.answers().all()), v -> String.format(Locale.ROOT, "%.2f", v)));
      table.row(cells);
    }
    table(table);
  }
}
