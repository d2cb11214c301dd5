package transit.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.results.Measurement;
import transit.bench.results.Pair;
import transit.bench.results.Ranking;
import transit.bench.results.Ratio;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.run.CpuProfile;
import transit.bench.scenario.Scenarios;
import transit.measure.Markdown;
import transit.measure.ProcessSampler;
import transit.measure.Spread;

/**
 * Who leads, by how much, and how sure that is: per scenario and group (a mode's servers, and variant), the servers
 * ranked at the scenario's highest load, each beside the next one down with the ratio of their figures, its 95 %
 * interval over the rounds, and what it decides (› apart, ≈ level, ? undecided). A server whose slices were mostly not a
 * measure of its own work is listed apart, never ranked. What report.md and report.html open with, and what a
 * comparison of two runs sets side by side.
 */
final class Verdict {
  private Verdict() {}

  /** The rankings the verdict shows: each scenario's, at its highest load per group and variant, in the scenarios' order. */
  static List<Ranking> shown(List<Ranking> all, List<String> scenarios) {
    List<Ranking> shown = new ArrayList<>();
    for (String scenario : scenarios) {
      Map<String, List<Ranking>> rows = new LinkedHashMap<>();
      all.stream().filter(r -> r.step().scenario().equals(scenario)).forEach(r -> rows.computeIfAbsent(row(r), k -> new ArrayList<>()).add(r));
      rows.values().forEach(rs -> shown.add(rs.stream().max(Comparator.comparingInt(r -> r.step().load())).orElseThrow()));
    }
    return shown;
  }

  /** A ranking's row: its group (the mode, and which group where a mode's servers were split) and variant. */
  static String row(Ranking r) { return r.group().label() + (r.step().variant().isEmpty() ? "" : ", " + r.step().variant()); }

  /**
   * "**javalin** 348 · 1.08× [1.04–1.12] › cask 322 · 1.01× [0.97–1.05] ≈ spring 319": the leader first, each next one
   * after the ratio of the one above it to it, its interval and what that decides; ⚑ where the same server with its
   * limits off did better, decided (pairs: the run's limits pairs).
   */
  static String line(Ranking r, List<Pair> pairs) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < r.places().size(); i++) {
      Ranking.Place p = r.places().get(i);
      Contestant c = p.series().contestant();
      line.append(i == 0 ? "**" + c.name() + "**" : c.name()).append(' ').append(Format.figure(r.by(), p.figure()));
      Pair cost = pairs.stream().filter(x -> x.kind() == Pair.Kind.LIMITS && x.first().stream().anyMatch(f -> f.contestant().equals(c))).findFirst().orElse(null);
      if (cost != null && cost.decision() == Ratio.Decision.BEHIND) line.append(' ').append(Pairs.MARK).append(" limits ").append(Format.signedPercent(cost.change()));
      long errors = p.series().rounds() == null ? 0 : p.series().rounds().errors();
      if (errors > 0) line.append(" ⚠ ").append(errors).append(" errors");
      if (p.toNext() != null) line.append(" · ").append(Format.ratio(p.toNext())).append(' ').append(p.decision().mark).append(' ');
    }
    return line.length() == 0 ? Format.MISSING : line.toString();
  }

  /** The servers left out of a ranking and why: "cask ≥ 1,136 (client-bound in 5 of 5 rounds)". */
  static String apart(Ranking r) {
    List<String> apart = new ArrayList<>();
    for (Ranking.Apart a : r.apart()) {
      Rounds rounds = a.series().rounds();
      double figure = rounds == null ? Double.NaN : geometricMean(rounds.slices().stream().map(s -> Ranking.figure(s.m(), r.by())).toList());
      String value = Double.isNaN(figure) ? "" : (a.why().startsWith("client-bound") && r.by().higherIsBetter ? "≥ " : "") + Format.figure(r.by(), figure) + " ";
      apart.add(a.series().contestant().name() + " " + value + "(" + a.why() + ")");
    }
    return String.join("; ", apart);
  }

  private static double geometricMean(List<Double> values) {
    List<Double> known = values.stream().filter(v -> !Double.isNaN(v)).toList();
    return known.isEmpty() ? Double.NaN : Math.exp(known.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
  }

  /** "11 of 14 pairs of neighbours decided (8 ›, 3 ≈), 3 undecided (?)". */
  static String decided(List<Ranking> rankings) {
    int pairs = rankings.stream().mapToInt(Ranking::neighbours).sum();
    long apart = rankings.stream().flatMap(r -> r.places().stream()).filter(p -> p.decision() == Ratio.Decision.AHEAD).count();
    long level = rankings.stream().flatMap(r -> r.places().stream()).filter(p -> p.decision() == Ratio.Decision.LEVEL).count();
    return (apart + level) + " of " + pairs + " pairs of neighbours decided (" + apart + " ›, " + level + " ≈)"
        + (pairs - apart - level == 0 ? "" : ", " + (pairs - apart - level) + " undecided (?)");
  }

  /**
   * The report's opening section: how sure the verdict is, then per scenario a line per group (and variant) ranking the
   * servers. Then, per scenario, the figures a reader weighs beside the ranked one, and where each server's CPU goes.
   */
  static String markdown(List<Ranking> rankings, Results results) {
    StringBuilder md = new StringBuilder("## Verdict\n\n");
    md.append("**").append(decided(rankings)).append("**").append(results.quick ? " (a quick run decides nothing: one round)" : "").append(". ")
        .append("Per scenario and mode, the servers from first to last at the scenario's highest load, each beside the next one down: ")
        .append("the ratio of their figures (the geometric mean of their ratios in the rounds that measured both in the same minutes) and its ")
        .append(Math.round(Ratio.CONFIDENCE * 100)).append(" % interval; **›** the interval lies above 1, **≈** within ±")
        .append(Math.round(results.margin * 100)).append(" % (no difference that matters), **?** neither: undecided in the rounds the run ")
        .append("had time for. Each figure is the server's at the comparison's typical round (its own level and each round's fitted by least "
        + "squares over the rounds: a server that counted only in slow or fast rounds is not moved by them). A server whose slices were mostly client-bound, ")
        .append("disturbed, waiting, fallen behind or down is listed apart, never ranked, as is a server whose start broke off (see Failures). ")
        .append("How many rounds each comparison took, and what was left undecided: How each comparison ended, below.");
    if (rankings.stream().anyMatch(r -> !results.pairs(r.group(), r.step()).isEmpty() && results.pairs(r.group(), r.step()).stream()
        .anyMatch(p -> p.kind() == Pair.Kind.LIMITS)))
      md.append(" **").append(Pairs.MARK).append(" limits** and a percent: the same server with its limits off (each framework's own ")
          .append("defaults) did better, decided by its interval, by that much: what its limits cost it (What the limits cost, below).");
    md.append("\n\n");
    for (Map.Entry<String, List<Ranking>> scenario : byScenario(rankings).entrySet()) {
      Ranking first = scenario.getValue().get(0);
      md.append("### ").append(scenario.getKey()).append(": ").append(first.by().label).append(" at ").append(load(first)).append("\n\n");
      boolean anyApart = scenario.getValue().stream().anyMatch(r -> !r.apart().isEmpty());
      List<String> head = new ArrayList<>(List.of("Mode", "Ranking (" + (first.by().higherIsBetter ? "higher" : "lower") + " is better)", "Rounds"));
      if (anyApart) head.add("Not ranked");
      Markdown.Table table = new Markdown.Table(head);
      for (Ranking r : scenario.getValue()) {
        List<String> cells = new ArrayList<>(List.of(row(r) + (load(r).equals(load(first)) ? "" : " at " + load(r)),
            line(r, results.pairs(r.group(), r.step())), String.valueOf(r.rounds())));
        if (anyApart) cells.add(r.apart().isEmpty() ? "" : apart(r));
        table.row(cells);
      }
      md.append(table).append('\n');
    }
    return md.toString();
  }

  /** "50 users", "120 req/s", "120 slow clients". */
  static String load(Ranking r) {
    return r.step().open() ? r.step().loadLabel() : r.step().load() + " " + Scenarios.named(r.step().scenario()).loadUnit();
  }

  /**
   * Per scenario, every server of the verdict with the figures a reader weighs beside its rank: requests/s, p99, CPU
   * per request, RSS and live heap, what it took idle beside the others; then, where the run profiled the servers, a
   * sentence each on where the CPU goes, and how each held where the scenario says so (the overload scenario).
   */
  static String figures(List<Ranking> rankings, Results results) {
    StringBuilder md = new StringBuilder("## The verdict's figures\n\n");
    md.append("Per scenario, at the load ranked above, medians of the rounds with their range: # its place in its mode's ranking "
        + "(— not ranked, and why), × leader its ranked figure beside the leader's, the server's CPU per request, its highest RSS, "
        + "the heap it held live (the highest left after a collection), errors summed over the rounds, and its CPU while it waited "
        + "idle beside the others' slices (mean, in % of a core).\n\n");
    for (Map.Entry<String, List<Ranking>> scenario : byScenario(rankings).entrySet()) {
      md.append("### ").append(scenario.getKey()).append("\n\n");
      Markdown.Table table = new Markdown.Table(List.of("Mode", "#", "Framework", "req/s", "× leader", "p99 ms", "CPU ms per req", "RSS MB",
          "live heap MB", "errors", "idle CPU %"));
      List<String> costs = new ArrayList<>(), held = new ArrayList<>();
      boolean tellsHow = Scenarios.named(scenario.getKey()).toldHowItHeld();
      for (Ranking r : scenario.getValue()) {
        double leader = r.leader() == null ? Double.NaN : r.leader().figure();
        for (int i = 0; i < r.places().size(); i++) {
          Ranking.Place p = r.places().get(i);
          figureRow(table, results, row(r), String.valueOf(i + 1), p.series().rounds(), p.series().contestant(),
              Format.twoDecimals(p.figure() / leader), costs, held, tellsHow);
        }
        for (Ranking.Apart a : r.apart())
          figureRow(table, results, row(r), "— " + a.why(), a.series().rounds(), a.series().contestant(), Format.MISSING, costs, held, tellsHow);
      }
      md.append(table).append('\n');
      if (!held.isEmpty()) md.append("How each server held:\n\n").append(String.join("\n", held)).append("\n\n");
      if (!costs.isEmpty()) md.append("Where the CPU goes:\n\n").append(String.join("\n", costs)).append("\n\n");
    }
    return md.toString();
  }

  /** One server's row of the figures, at its place ("2", or "— client-bound …"); and its sentences on where its CPU goes and how it held. */
  private static void figureRow(Markdown.Table table, Results results, String row, String place, Rounds g, Contestant c, String ofLeader,
      List<String> costs, List<String> held, boolean tellsHow) {
    Double idle = g == null ? null : results.idleCpu(g.group(), c);
    table.row(List.of(row, place, c.name(), g == null ? Format.MISSING : Format.spread(g.spread(Measurement::requestsPerSecond), Format::count),
        ofLeader, g == null ? Format.MISSING : Format.spread(g.spread(m -> m.percentile(99)), Format::millis),
        g == null ? Format.MISSING : Format.median(g.spread(Measurement::cpuMillisPerRequest), Format::twoDecimals),
        g == null ? Format.MISSING : Format.median(g.spread(Measurement::rssMb), Format::count),
        g == null ? Format.MISSING : Format.median(g.spread(Measurement::heapAfterGcMb), Format::count),
        g == null ? Format.MISSING : String.valueOf(g.errors()), idle == null ? Format.MISSING : Format.oneDecimal(idle)));
    if (g == null) return;
    String cost = whereTheCpuGoes(g);
    if (cost != null) costs.add("- " + cost);
    String how = tellsHow ? OverloadTables.held(g) : null;
    if (how != null) held.add("- **" + c.name() + " " + c.mode().label + "**: " + how);
  }

  /**
   * "**cask idiomatic**: 21.3 ms of CPU per request, 48 % encoding, 25 % GC, 10 % kernel; 16.9 MB allocated per request;
   * answers built on XNIO-N task-N (99 %)", from the run's cost breakdown (its three largest parts) and the threads its
   * samples ran on; null without one.
   */
  static String whereTheCpuGoes(Rounds g) {
    Map<String, Spread> parts = new LinkedHashMap<>();
    for (CpuProfile.Part part : CpuProfile.Part.values()) parts.put(part.name().toLowerCase(), g.spread(m -> m.cpuMillisPerRequest(part)));
    for (ProcessSampler.Kind kind : List.of(ProcessSampler.Kind.KERNEL, ProcessSampler.Kind.GC, ProcessSampler.Kind.JIT))
      parts.put(kind == ProcessSampler.Kind.KERNEL ? "kernel" : kind.name(), g.spread(m -> m.cpuMillisPerRequest(kind)));
    Spread total = g.spread(Measurement::cpuMillisPerRequest);
    if (total == null || total.median() <= 0 || parts.values().stream().allMatch(p -> p == null)) return null;
    List<String> largest = parts.entrySet().stream().filter(e -> e.getValue() != null)
        .sorted(Comparator.comparingDouble((Map.Entry<String, Spread> e) -> e.getValue().median()).reversed()).limit(3)
        .map(e -> Math.round(100 * e.getValue().median() / total.median()) + " % " + e.getKey()).toList();
    Spread allocated = g.spread(Measurement::allocatedPerRequest);
    String threads = g.threads();
    return "**" + g.contestant().name() + " " + g.contestant().mode().label + "**: " + Format.twoDecimals(total.median()) + " ms of CPU per request, "
        + String.join(", ", largest) + (allocated == null ? "" : "; " + Format.bytes(allocated.median()) + " allocated per request")
        + (threads == null ? "" : "; answers built on " + threads);
  }

  static Map<String, List<Ranking>> byScenario(List<Ranking> rankings) {
    Map<String, List<Ranking>> by = new LinkedHashMap<>();
    rankings.forEach(r -> by.computeIfAbsent(r.step().scenario(), k -> new ArrayList<>()).add(r));
    return by;
  }
}
