package transit.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.measure.Markdown;
import transit.measure.ProcessSampler;
import transit.measure.Spread;

/**
 * Who leads, by how much, and whether it is more than the run's own spread: per scenario and mode (and variant), the
 * frameworks ranked at the scenario's highest load, by requests/s or, where the scenario says so, by p99. A figure
 * the server did not make alone (client-bound, disturbed) or a server that fell behind or went down is listed apart,
 * never ranked. Only the servers run with the run's own limits setting are ranked; where the same server also ran the
 * other way and its limits cost more than the spread, its figure is marked (⚑). What report.md and report.html open
 * with, and what a comparison of two runs sets side by side.
 */
final class Verdict {
  /**
   * A ranked server: its figure as a multiple of the leader's, whether its rounds' range overlaps the one ranked above
   * it, and the same server with its limits off beside it (null where it did not run so).
   */
  record Place(Standing standing, double ofLeader, boolean overlapsAbove, LimitsCost limitsCost) {}

  /** A server left out of a ranking, and why: standing is null where it has no figure at the ranked load. */
  record Apart(String framework, Standing standing, String why) {}

  /** One line of the verdict: a scenario's mode (and variant) at its highest load, ranked, and what was left out and why. */
  record Ranking(String scenario, String row, String load, RankedBy by, List<Place> places, List<Apart> apart) {
    Place leader() { return places.isEmpty() ? null : places.get(0); }
  }

  private Verdict() {}

  /**
   * The rankings of every scenario, in the order of the scenarios, at the run's heap and its own limits setting (on
   * unless --limits off). A framework of brokeOff (whose run broke off) without a figure at a ranking's load is listed
   * apart.
   */
  static List<Ranking> rank(List<Standing> standings, List<String> scenarios, String heap, boolean limits, Collection<String> brokeOff) {
    List<Ranking> rankings = new ArrayList<>();
    for (String scenario : scenarios) {
      Scenario about = Scenarios.named(scenario);
      RankedBy by = about.rankedBy();
      Map<String, List<Standing>> rows = new LinkedHashMap<>();
      standings.stream().filter(s -> s.scenario().equals(scenario) && s.heap().equals(heap) && s.limits() == limits)
          .sorted(Comparator.comparing(Standing::mode))
          .forEach(s -> rows.computeIfAbsent(s.mode().label + (s.variant().isEmpty() ? "" : ", " + s.variant()), k -> new ArrayList<>()).add(s));
      rows.forEach((row, all) -> {
        int load = all.stream().mapToInt(Standing::load).max().orElseThrow();
        List<Standing> atLoad = all.stream().filter(s -> s.load() == load).toList();
        List<String> missing = brokeOff.stream().filter(f -> atLoad.stream().noneMatch(s -> s.framework().equals(f))).toList();
        rankings.add(ranking(scenario, row, atLoad.get(0).open() ? atLoad.get(0).loadLabel() : load + " " + about.loadUnit(), by, atLoad, missing,
            standings));
      });
    }
    return rankings;
  }

  /** all: every standing of the run, where each ranked server's limits-off pair is found. */
  private static Ranking ranking(String scenario, String row, String load, RankedBy by, List<Standing> atLoad, List<String> brokeOff,
      List<Standing> all) {
    List<Apart> apart = new ArrayList<>();
    List<Standing> ranked = new ArrayList<>();
    for (Standing s : atLoad) {
      String why = unranked(s, by);
      if (why == null) ranked.add(s);
      else apart.add(new Apart(s.framework(), s, why));
    }
    brokeOff.forEach(f -> apart.add(new Apart(f, null, "its run broke off")));
    Comparator<Standing> best = Comparator.comparingDouble(s -> by.of(s).median());
    ranked.sort(by.higherIsBetter ? best.reversed() : best);
    List<Place> places = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      Spread mine = by.of(ranked.get(i)), leader = by.of(ranked.get(0));
      boolean overlaps = i > 0 && overlap(mine, by.of(ranked.get(i - 1)));
      places.add(new Place(ranked.get(i), leader.median() == 0 ? 0 : mine.median() / leader.median(), overlaps,
          LimitsCost.of(ranked.get(i), all, by)));
    }
    return new Ranking(scenario, row, load, by, places, apart);
  }

  /** Why a server's figure is not ranked (it went down, was not measured, client-bound, disturbed, fell behind), or null. */
  static String unranked(Standing s, RankedBy by) {
    return s.down() != null ? "went down" : by.of(s) == null ? "not measured" : s.clientBound() ? "client-bound"
        : s.disturbed() ? "disturbed" : s.fellBehind() ? "fell behind" : null;
  }

  /** Two figures' rounds overlap: the run cannot tell them apart. */
  static boolean overlap(Spread a, Spread b) { return a.min() <= b.max() && b.min() <= a.max(); }

  /**
   * "**vertx** 68.3 › spring 57.2 (0.84×) ≈ javalin 55.0 (0.81×) ⚑ limits −14 %": the leader first, each next one ›
   * (apart) or ≈ (ranges overlap); ⚑ where the same server with its limits off did better beyond the spread.
   */
  static String line(Ranking r) {
    StringBuilder line = new StringBuilder();
    for (Place p : r.places()) {
      if (line.length() > 0) line.append(p.overlapsAbove() ? " ≈ " : " › ");
      boolean leader = p == r.leader();
      line.append(leader ? "**" + p.standing().framework() + "**" : p.standing().framework()).append(' ')
          .append(r.by().format(r.by().of(p.standing()).median()));
      if (!leader) line.append(" (").append(Format.twoDecimals(p.ofLeader())).append("×)");
      if (p.limitsCost() != null && p.limitsCost().marked()) line.append(' ').append(p.limitsCost().mark());
      if (p.standing().errors() > 0) line.append(" ⚠ ").append(p.standing().errors()).append(" errors");
    }
    return line.length() == 0 ? Format.MISSING : line.toString();
  }

  /** The servers left out of a ranking and why: "cask ≥ 1,136 (client-bound)". */
  static String apart(Ranking r) {
    List<String> apart = new ArrayList<>();
    for (Apart a : r.apart()) {
      Spread figure = a.standing() == null ? null : r.by().of(a.standing());
      String value = figure == null ? "" : (a.why().equals("client-bound") && r.by().higherIsBetter ? "≥ " : "") + r.by().format(figure.median()) + " ";
      apart.add(a.framework() + " " + value + "(" + a.why() + ")");
    }
    return String.join("; ", apart);
  }

  /**
   * The report's opening section: per scenario, a line per mode (and variant) ranking the frameworks. Then, per
   * scenario, the figures a reader weighs beside the ranked one, and where each server's CPU goes.
   */
  static String markdown(List<Ranking> rankings, int rounds) {
    StringBuilder md = new StringBuilder("## Verdict\n\n");
    md.append("Per scenario and mode, the frameworks from first to last at the scenario's highest load (medians of ").append(rounds)
        .append(" round").append(rounds == 1 ? "" : "s").append("), each beside the leader's figure (0.84× = 84 % of it); ")
        .append("**›** two neighbours' ranges over the rounds are apart, **≈** they overlap: no real difference. Client-bound, disturbed, fallen-behind ")
        .append("and downed servers are listed apart, never ranked, as is a framework whose run broke off (see Failures). The figures behind it follow, then every table in full.");
    if (rankings.stream().anyMatch(r -> r.places().stream().anyMatch(p -> p.limitsCost() != null)))
      md.append(" **").append(LimitsCost.MARK).append(" limits** and a percent: the same server with its limits off (each framework's own ")
          .append("defaults) did better beyond the rounds' spread, by that much: what its limits cost it (What the limits cost, below).");
    md.append("\n\n");
    for (Map.Entry<String, List<Ranking>> scenario : byScenario(rankings).entrySet()) {
      Ranking first = scenario.getValue().get(0);
      md.append("### ").append(scenario.getKey()).append(": ").append(first.by().label).append(" at ").append(first.load()).append("\n\n");
      boolean anyApart = scenario.getValue().stream().anyMatch(r -> !r.apart().isEmpty());
      List<String> head = new ArrayList<>(List.of("Mode", "Ranking (" + (first.by().higherIsBetter ? "higher" : "lower") + " is better)"));
      if (anyApart) head.add("Not ranked");
      Markdown.Table table = new Markdown.Table(head);
      for (Ranking r : scenario.getValue()) {
        List<String> cells = new ArrayList<>(List.of(r.row() + (r.load().equals(first.load()) ? "" : " at " + r.load()), line(r)));
        if (anyApart) cells.add(r.apart().isEmpty() ? "" : apart(r));
        table.row(cells);
      }
      md.append(table).append('\n');
    }
    return md.toString();
  }

  /**
   * Per scenario, every server of the verdict with the figures a reader weighs beside its rank: requests/s, p99, CPU
   * per request, RSS and live heap; then, where the run profiled the servers, a sentence each on where the CPU goes,
   * and what the scenario itself says of each server (the overload scenario: how it held).
   */
  static String figures(List<Ranking> rankings) {
    StringBuilder md = new StringBuilder("## The verdict's figures\n\n");
    md.append("Per scenario, at the load ranked above, medians of the rounds with their range: # its place in its mode's ranking "
        + "(— not ranked, and why), × leader its ranked figure beside the leader's, the server's CPU per request, its highest RSS "
        + "and the heap it held live (the highest left after a collection), errors summed over the rounds.\n\n");
    for (Map.Entry<String, List<Ranking>> scenario : byScenario(rankings).entrySet()) {
      md.append("### ").append(scenario.getKey()).append("\n\n");
      Markdown.Table table = new Markdown.Table(List.of("Mode", "#", "Framework", "req/s", "× leader", "p99 ms", "CPU ms per req", "RSS MB",
          "live heap MB", "errors"));
      List<String> costs = new ArrayList<>(), held = new ArrayList<>();
      Scenario about = Scenarios.named(scenario.getKey());
      for (Ranking r : scenario.getValue()) {
        for (int i = 0; i < r.places().size(); i++) {
          Place p = r.places().get(i);
          figureRow(table, r.row(), String.valueOf(i + 1), p.standing().framework(), p.standing(), Format.twoDecimals(p.ofLeader()), about, costs, held);
        }
        for (Apart a : r.apart()) figureRow(table, r.row(), "— " + a.why(), a.framework(), a.standing(), Format.MISSING, about, costs, held);
      }
      md.append(table).append('\n');
      if (!held.isEmpty()) md.append("How each server held:\n\n").append(String.join("\n", held)).append("\n\n");
      if (!costs.isEmpty()) md.append("Where the CPU goes:\n\n").append(String.join("\n", costs)).append("\n\n");
    }
    return md.toString();
  }

  /**
   * One server's row of the figures, at its place ("2", or "— client-bound"), dashes where it has no figure (s null);
   * and its sentences on where its CPU goes and on how it held.
   */
  private static void figureRow(Markdown.Table table, String row, String place, String framework, Standing s, String ofLeader, Scenario about,
      List<String> costs, List<String> held) {
    if (s == null) {
      List<String> cells = new ArrayList<>(List.of(row, place, framework));
      while (cells.size() < 10) cells.add(Format.MISSING);
      table.row(cells);
      return;
    }
    table.row(List.of(row, place, framework, Format.spread(s.requestsPerSecond(), Format::count), ofLeader,
        Format.spread(s.p99(), Format::millis), Format.median(s.cpuMillisPerRequest(), Format::twoDecimals),
        Format.median(s.rssMb(), Format::count), Format.median(s.liveHeapMb(), Format::count), String.valueOf(s.errors())));
    String cost = whereTheCpuGoes(s);
    if (cost != null) costs.add("- " + cost);
    String how = about.held(s);
    if (how != null) held.add("- **" + framework + " " + s.mode().label + "**: " + how);
  }

  /**
   * "**cask idiomatic**: 21.3 ms of CPU per request, 48 % encoding, 25 % GC, 10 % kernel; 16.9 MB allocated per request;
   * answers built on XNIO-N task-N (99 %)", from the run's cost breakdown (its three largest parts) and the threads its
   * samples ran on; null without one.
   */
  static String whereTheCpuGoes(Standing s) {
    if (s.group() == null) return null;
    Map<String, Spread> parts = new LinkedHashMap<>();
    for (CpuProfile.Part part : CpuProfile.Part.values()) parts.put(part.name().toLowerCase(), s.group().spread(m -> m.cpuMillisPerRequest(part)));
    for (ProcessSampler.Kind kind : List.of(ProcessSampler.Kind.KERNEL, ProcessSampler.Kind.GC, ProcessSampler.Kind.JIT))
      parts.put(kind == ProcessSampler.Kind.KERNEL ? "kernel" : kind.name(), s.group().spread(m -> m.cpuMillisPerRequest(kind)));
    Spread total = s.cpuMillisPerRequest();
    if (total == null || total.median() <= 0 || parts.values().stream().allMatch(p -> p == null)) return null;
    List<String> largest = parts.entrySet().stream().filter(e -> e.getValue() != null)
        .sorted(Comparator.comparingDouble((Map.Entry<String, Spread> e) -> e.getValue().median()).reversed()).limit(3)
        .map(e -> Math.round(100 * e.getValue().median() / total.median()) + " % " + e.getKey()).toList();
    Spread allocated = s.group().spread(Results.Measurement::allocatedPerRequest);
    String threads = s.group().threads();
    return "**" + s.framework() + " " + s.mode().label + "**: " + Format.twoDecimals(total.median()) + " ms of CPU per request, " + String.join(", ", largest)
        + (allocated == null ? "" : "; " + Format.bytes(allocated.median()) + " allocated per request")
        + (threads == null ? "" : "; answers built on " + threads);
  }

  static Map<String, List<Ranking>> byScenario(List<Ranking> rankings) {
    Map<String, List<Ranking>> by = new LinkedHashMap<>();
    rankings.forEach(r -> by.computeIfAbsent(r.scenario(), k -> new ArrayList<>()).add(r));
    return by;
  }
}
