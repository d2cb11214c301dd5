package transit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.results.Pair;
import transit.bench.results.Ranking;
import transit.bench.results.Ratio;
import transit.bench.results.Series;
import transit.bench.scenario.Scenarios;
import transit.measure.Comparison;
import transit.measure.Markdown;
import transit.measure.Spread;

/**
 * Two harness runs side by side ({@code ./mill gatling.run --compare DIR DIR}), from their results.csv: whether they
 * agree (every pair of neighbours one run decided, as the other decides the same two servers: agreeing, undecided, or
 * the other way round), each run's verdict scenario by scenario, then per comparison and server the median over the
 * rounds of requests/s, p50 and p99 in each run and the second's difference from the first, and how many medians agree
 * within 10 % (latencies also when 1 ms apart, Gatling's resolution). A client-bound median is a lower bound in either
 * run: it is listed, and counted apart. Written as comparison.md and comparison.html into the second run's folder.
 */
public final class CompareRuns {
  private CompareRuns() {}

  /** Gatling times responses in whole ms: latencies 1 ms apart (1 against 2 ms, +100 %) agree. */
  static final double LATENCY_RESOLUTION_MS = 1;

  /** Writes comparison.md and comparison.html into the second run's folder and returns the markdown. */
  public static String write(Path first, Path second) throws IOException {
    String md = markdown(first.toString(), ResultsCsv.read(first), second.toString(), ResultsCsv.read(second));
    Files.writeString(second.resolve("comparison.md"), md);
    Files.writeString(second.resolve("comparison.html"), ReportHtml.page("Comparison: " + first.getFileName() + " → " + second.getFileName(), md, List.of()));
    return md;
  }

  /** A run's rankings, read back, in the order its comparisons ran. */
  static List<Ranking> rankings(ResultsCsv.Read run) {
    return run.comparisons().values().stream()
        .map(c -> Ranking.of(c.group(), c.step(), c.servers(), Scenarios.named(c.step().scenario()).rankedBy(), Ratio.MARGIN)).toList();
  }

  static String markdown(String firstName, ResultsCsv.Read a, String secondName, ResultsCsv.Read b) {
    List<Ranking> first = rankings(a), second = rankings(b);
    StringBuilder md = new StringBuilder("# Comparison\n\n");
    md.append("First: ").append(firstName).append("; second: ").append(secondName).append(".\n\n");
    md.append(agreement(first, second, a, b));
    md.append(sideBySide(first, second, a, b));
    md.append(medians(a, b));
    return md.toString();
  }

  /** The same comparison in the other run, or null: by its group's label and its step. */
  private static ResultsCsv.Comparison same(Ranking r, ResultsCsv.Read other) {
    return other.comparisons().get(r.group().label() + "|" + r.step().label());
  }

  /**
   * Whether the two runs agree: each pair of neighbours one run decided (›), as the other run decides the same two
   * servers over its own rounds; a pair decided one way in one run and the other way in the other is a contradiction.
   */
  static String agreement(List<Ranking> first, List<Ranking> second, ResultsCsv.Read a, ResultsCsv.Read b) {
    List<String> lines = new ArrayList<>();
    int[] counts = new int[4]; // agree, undecided, level, contradict
    check(first, b, "first", lines, counts);
    check(second, a, "second", lines, counts);
    int decided = counts[0] + counts[1] + counts[2] + counts[3];
    StringBuilder md = new StringBuilder("## Do the runs agree?\n\n");
    md.append("**").append(counts[3] == 0 ? "No contradiction" : counts[3] + " contradiction" + (counts[3] == 1 ? "" : "s")).append("**: of the ")
        .append(decided).append(" pairs of neighbours decided › in one run, the other run decides the same two servers the same way in ")
        .append(counts[0]).append(", level (≈) in ").append(counts[2]).append(", undecided in ").append(counts[1]).append(", the other way in ")
        .append(counts[3]).append(". Decided in the first run: ").append(Verdict.decided(first)).append("; in the second: ")
        .append(Verdict.decided(second)).append(".\n\n");
    if (!lines.isEmpty()) md.append(String.join("\n", lines)).append("\n\n");
    return md.toString();
  }

  private static void check(List<Ranking> rankings, ResultsCsv.Read other, String which, List<String> lines, int[] counts) {
    for (Ranking r : rankings) {
      ResultsCsv.Comparison there = same(r, other);
      if (there == null) continue;
      for (int i = 0; i + 1 < r.places().size(); i++) {
        if (r.places().get(i).decision() != Ratio.Decision.AHEAD) continue;
        Contestant x = r.places().get(i).series().contestant(), y = r.places().get(i + 1).series().contestant();
        Series p = find(there, x), q = find(there, y);
        if (p == null || q == null || p.fit().size() < 2 || q.fit().size() < 2) continue;
        Ratio ratio = Ranking.ratio(p.logs(), q.logs());
        Ratio.Decision d = (r.by().higherIsBetter ? ratio : ratio.inverse()).decide(r.margin());
        int k = d == Ratio.Decision.AHEAD ? 0 : d == Ratio.Decision.UNDECIDED ? 1 : d == Ratio.Decision.LEVEL ? 2 : 3;
        counts[k]++;
        if (k == 3)
          lines.add("- **" + Verdict.row(r) + ", " + r.step().label() + "**: the " + which + " run has " + x.name() + " › " + y.name() + " ("
              + Format.ratio(r.places().get(i).toNext()) + "), the other " + Format.ratio(ratio));
      }
    }
  }

  private static Series find(ResultsCsv.Comparison c, Contestant x) {
    return c.servers().stream().filter(s -> s.contestant().equals(x)).findFirst().orElse(null);
  }

  /** Each scenario's verdict in both runs, a line per mode: first run, second run. */
  static String sideBySide(List<Ranking> first, List<Ranking> second, ResultsCsv.Read a, ResultsCsv.Read b) {
    StringBuilder md = new StringBuilder("## Verdicts side by side\n\n");
    md.append("Each run's ranking, comparison by comparison (as its report opens with): **›** apart, **≈** level, **?** undecided.\n\n");
    Markdown.Table table = new Markdown.Table(List.of("Mode", "Step", "First run", "Second run"));
    List<String> seen = new ArrayList<>();
    for (Ranking r : first) {
      seen.add(r.group().label() + "|" + r.step().label());
      Ranking s = second.stream().filter(x -> x.group().label().equals(r.group().label()) && x.step().sameAs(r.step())).findFirst().orElse(null);
      table.row(List.of(Verdict.row(r), r.step().label(), cell(r, a), s == null ? "not run" : cell(s, b)));
    }
    for (Ranking s : second)
      if (!seen.contains(s.group().label() + "|" + s.step().label())) table.row(List.of(Verdict.row(s), s.step().label(), "not run", cell(s, b)));
    return md.append(table).append('\n').toString();
  }

  private static String cell(Ranking r, ResultsCsv.Read run) {
    ResultsCsv.Comparison c = same(r, run);
    List<Pair> pairs = c == null ? List.of() : Pair.of(c.servers(), r.by(), r.margin());
    String apart = Verdict.apart(r);
    return Verdict.line(r, pairs) + (apart.isEmpty() ? "" : "; not ranked: " + apart);
  }

  /** Per comparison and server: each figure's median over the rounds in both runs, and whether they agree within 10 %. */
  static String medians(ResultsCsv.Read a, ResultsCsv.Read b) {
    Comparison comparison = new Comparison();
    List<String> moved = new ArrayList<>();
    Markdown.Table table = new Markdown.Table(List.of("Mode", "Step", "Server", "req/s", "p50 ms", "p99 ms"));
    for (Map.Entry<String, ResultsCsv.Comparison> e : a.comparisons().entrySet()) {
      ResultsCsv.Comparison there = b.comparisons().get(e.getKey());
      if (there == null) continue;
      for (Map.Entry<Contestant, Map<String, List<Double>>> server : e.getValue().figures().entrySet()) {
        Map<String, List<Double>> theirs = there.figures().get(server.getKey());
        if (theirs == null) continue;
        boolean clientBound = server.getValue().get("client-bound").contains(1.0) || theirs.get("client-bound").contains(1.0);
        List<String> cells = new ArrayList<>(List.of(e.getValue().group().label(), e.getValue().step().label(),
            server.getKey().label(server.getKey().heap()) + (clientBound ? " **client-bound**" : "")));
        List<String> movedHere = new ArrayList<>();
        for (String figure : List.of("req/s", "p50 ms", "p99 ms")) {
          Spread f = Spread.of(server.getValue().get(figure)), s = Spread.of(theirs.get(figure));
          if (f == null || s == null || f.median() == 0) {
            cells.add(Format.MISSING);
            continue;
          }
          Comparison.Difference d = comparison.compare(f.median(), s.median(), figure.endsWith(" ms") ? LATENCY_RESOLUTION_MS : 0, true, clientBound);
          String cell = Comparison.cell(d, Format::count);
          cells.add(cell);
          if (!d.agrees()) movedHere.add(figure + " " + cell.replace(" ✗", ""));
        }
        if (!movedHere.isEmpty())
          moved.add("- " + e.getValue().group().label() + ", " + e.getValue().step().label() + ", " + server.getKey().name() + ": "
              + String.join(", ", movedHere) + (clientBound ? " (client-bound: lower bounds)" : ""));
        table.row(cells);
      }
    }
    StringBuilder md = new StringBuilder("## Every median\n\n");
    md.append(comparison.verdict("medians", "in client-bound rows, lower bounds in either run")).append(": each server's median over its ")
        .append("rounds, first → second (difference); ✗ beyond ").append(Math.round(Comparison.AGREEMENT * 100))
        .append(" % (latencies: and beyond 1 ms, Gatling's resolution). Figures from different minutes of a drifting machine: ")
        .append("the verdicts above, made within each run, are what should agree.\n\n");
    md.append("What moved beyond ").append(Math.round(Comparison.AGREEMENT * 100)).append(" %:\n\n")
        .append(moved.isEmpty() ? "Nothing." : String.join("\n", moved)).append("\n\n");
    return md.append(table).toString();
  }
}
