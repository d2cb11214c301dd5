package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import transit.measure.Comparison;
import transit.measure.Markdown;
import transit.measure.Spread;

/**
 * Two harness runs side by side ({@code ./mill gatling.run --compare DIR DIR}), from their results.csv: first each
 * run's verdict, scenario by scenario, and what moved beyond 10 %; then per scenario, framework, mode (limits off
 * apart) and load, the median over the rounds of requests/s, p50 and p99 in each run and the second's difference
 * from the first, and how many medians agree within 10 % (latencies also when 1 ms apart, the resolution of Gatling's
 * times). The latency scenario's rows are matched by the rate's place (its first, second, third rate), since each run
 * measures its own rates. A client-bound row is a lower bound in either run: it is listed, and counted apart. Written
 * as comparison.md and comparison.html into the second run's folder.
 */
final class CompareRuns {
  private CompareRuns() {}

  /** The figures compared, by their name in the tables, and how each is read from a standing. */
  static final Map<String, Function<Standing, Spread>> FIGURES = new LinkedHashMap<>();

  static {
    FIGURES.put("req/s", Standing::requestsPerSecond);
    FIGURES.put("p50 ms", Standing::p50);
    FIGURES.put("p99 ms", Standing::p99);
  }

  /** Gatling times responses in whole ms: latencies 1 ms apart (1 against 2 ms, +100 %) agree. */
  static final double LATENCY_RESOLUTION_MS = 1;

  /**
   * A run: its name, its standings, its heap (the one most of its steps ran at) and its own limits setting (on unless
   * every server ran with them off): the ones its verdict ranks.
   */
  record Run(String name, List<Standing> standings) {
    static Run read(Path dir) throws IOException { return new Run(dir.toString(), Standing.read(dir)); }

    String heap() {
      Map<String, Integer> counts = new LinkedHashMap<>();
      standings.forEach(s -> counts.merge(s.heap(), 1, Integer::sum));
      return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    List<String> scenarios() { return standings.stream().map(Standing::scenario).distinct().toList(); }

    boolean limits() { return standings.isEmpty() || standings.stream().anyMatch(Standing::limits); }

    List<Verdict.Ranking> verdict() { return Verdict.rank(standings, scenarios(), heap(), limits(), List.of()); }

    /** Each step by its name across runs: an open step by its rate's place among the same server's rates. */
    Map<String, Standing> byStep() {
      Map<String, TreeSet<Integer>> rates = new LinkedHashMap<>();
      for (Standing s : standings) if (s.open()) rates.computeIfAbsent(server(s), k -> new TreeSet<>()).add(s.load());
      Map<String, Standing> steps = new LinkedHashMap<>();
      for (Standing s : standings) {
        List<Integer> serverRates = s.open() ? new ArrayList<>(rates.get(server(s))) : List.of();
        steps.put(s.open() ? server(s) + " rate " + (serverRates.indexOf(s.load()) + 1) + " of " + serverRates.size()
            : server(s) + " " + s.load() + " users", s);
      }
      return steps;
    }

    /** "small cask idiomatic 1g", and "limits off" after it where the server ran so. */
    private static String server(Standing s) {
      return String.join(" ", s.scenario(), s.variant(), s.framework(), s.mode().label, s.heap(), s.limits() ? "" : "limits off")
          .replaceAll(" +", " ").trim();
    }
  }

  /** Writes comparison.md and comparison.html into the second run's folder and returns the markdown. */
  static String write(Path first, Path second) throws IOException {
    String md = markdown(Run.read(first), Run.read(second));
    Files.writeString(second.resolve("comparison.md"), md);
    Files.writeString(second.resolve("comparison.html"), ReportHtml.page("Comparison: " + first.getFileName() + " → " + second.getFileName(), md, List.of()));
    return md;
  }

  static String markdown(Run a, Run b) {
    Comparison comparison = new Comparison();
    List<String> moved = new ArrayList<>();
    Markdown.Table table = new Markdown.Table(List.of("Step", "Load", "req/s", "p50 ms", "p99 ms"));
    Map<String, Standing> x = a.byStep(), y = b.byStep();
    for (String key : Comparison.keys(x, y)) {
      Standing p = x.get(key), q = y.get(key);
      if (p == null || q == null) {
        table.row(List.of(key + " (only in the " + (p == null ? "second" : "first") + " run)", (p == null ? q : p).loadLabel(), Format.MISSING,
            Format.MISSING, Format.MISSING));
        continue;
      }
      boolean clientBound = p.clientBound() || q.clientBound();
      List<String> cells = new ArrayList<>(List.of(key + (clientBound ? " **client-bound**" : ""),
          p.loadLabel().equals(q.loadLabel()) ? p.loadLabel() : p.loadLabel() + " / " + q.loadLabel()));
      List<String> movedHere = new ArrayList<>();
      FIGURES.forEach((figure, read) -> {
        Spread f = read.apply(p), s = read.apply(q);
        if (f == null || s == null || f.median() == 0) {
          cells.add(Format.MISSING);
          return;
        }
        double slack = figure.endsWith(" ms") ? LATENCY_RESOLUTION_MS : 0;
        Comparison.Difference d = comparison.compare(f.median(), s.median(), slack, true, clientBound);
        String cell = Comparison.cell(d, Format::count);
        cells.add(cell);
        if (!d.agrees()) movedHere.add(figure + " " + cell.replace(" ✗", ""));
      });
      if (!movedHere.isEmpty()) moved.add("- " + key + ": " + String.join(", ", movedHere) + (clientBound ? " (client-bound: lower bounds)" : ""));
      table.row(cells);
    }
    StringBuilder md = new StringBuilder("# Comparison\n\n");
    md.append(comparison.verdict("medians", "in client-bound rows, lower bounds in either run")).append(".\n\nFirst: ").append(a.name())
        .append("; second: ").append(b.name()).append(". Medians of each run's rounds, first → second (difference); ✗ beyond ")
        .append(Math.round(Comparison.AGREEMENT * 100)).append(" % (latencies: and beyond 1 ms, Gatling's resolution).\n\n");
    md.append(sideBySide(a.verdict(), b.verdict()));
    md.append("## What moved beyond ").append(Math.round(Comparison.AGREEMENT * 100)).append(" %\n\n")
        .append(moved.isEmpty() ? "Nothing." : String.join("\n", moved)).append("\n\n");
    md.append("## Every median\n\n").append(table);
    return md.toString();
  }

  /** Each scenario's verdict in both runs, a line per mode: first run, second run. */
  static String sideBySide(List<Verdict.Ranking> first, List<Verdict.Ranking> second) {
    StringBuilder md = new StringBuilder("## Verdicts side by side\n\n");
    md.append("Each run's ranking at its scenario's highest load (as its report opens with): ")
        .append("**›** two neighbours' ranges over the rounds are apart, **≈** they overlap.\n\n");
    Map<String, Verdict.Ranking[]> rows = new LinkedHashMap<>(); // scenario|row → {first, second}
    first.forEach(r -> rows.computeIfAbsent(r.scenario() + "|" + r.row(), k -> new Verdict.Ranking[2])[0] = r);
    second.forEach(r -> rows.computeIfAbsent(r.scenario() + "|" + r.row(), k -> new Verdict.Ranking[2])[1] = r);
    String scenario = null;
    Markdown.Table table = null;
    for (Verdict.Ranking[] pair : rows.values()) {
      Verdict.Ranking any = pair[0] != null ? pair[0] : pair[1];
      if (!any.scenario().equals(scenario)) {
        if (table != null) md.append(table).append('\n');
        scenario = any.scenario();
        md.append("### ").append(scenario).append(": ").append(any.by().label).append("\n\n");
        table = new Markdown.Table(List.of("Mode", "First run", "Second run"));
      }
      table.row(List.of(any.row(), cell(pair[0]), cell(pair[1])));
    }
    if (table != null) md.append(table).append('\n');
    return md.toString();
  }

  private static String cell(Verdict.Ranking r) {
    if (r == null) return "not run";
    String apart = Verdict.apart(r);
    return "at " + r.load() + ": " + Verdict.line(r) + (apart.isEmpty() ? "" : "; not ranked: " + apart);
  }
}
