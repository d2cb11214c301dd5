package transit.bench;

import com.univocity.parsers.common.record.Record;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import transit.measure.Comparison;
import transit.measure.Csv;
import transit.measure.Markdown;
import transit.measure.Spread;

/**
 * Two harness runs side by side ({@code ./mill gatling.run --compare DIR DIR}), from their results.csv: per
 * scenario, framework, mode and load, the median over the rounds of requests/s, p50 and p99 in each run and the
 * second's difference from the first, and how many medians agree within 10 % (latencies also when 1 ms apart, the
 * resolution of Gatling's times). The latency scenario's rows are matched by the rate's place (its first, second,
 * third rate), since each run measures its own rates. A client-bound row is a lower bound in either run: it is
 * listed, and counted apart.
 */
final class CompareRuns {
  private CompareRuns() {}

  static final List<String> FIGURES = List.of("requests_per_s", "p50_ms", "p99_ms");
  /** Gatling times responses in whole ms: latencies 1 ms apart (1 against 2 ms, +100 %) agree. */
  static final double LATENCY_RESOLUTION_MS = 1;

  /** One step's rounds in one run: each figure's median, and whether any round was client-bound. */
  record Medians(Map<String, Double> figures, boolean clientBound, String load) {}

  /** Writes comparison.md into the second run's folder and returns its text. */
  static String write(Path first, Path second) throws IOException {
    String md = markdown(first.toString(), read(first), second.toString(), read(second));
    Files.writeString(second.resolve("comparison.md"), md);
    return md;
  }

  static String markdown(String firstName, Map<String, Medians> a, String secondName, Map<String, Medians> b) {
    Comparison comparison = new Comparison();
    Markdown.Table table = new Markdown.Table(List.of("Step", "Load", "req/s", "p50 ms", "p99 ms"));
    for (String key : Comparison.keys(a, b)) {
      Medians x = a.get(key), y = b.get(key);
      if (x == null || y == null) {
        table.row(List.of(key + " (only in the " + (x == null ? "second" : "first") + " run)", (x == null ? y : x).load(), Format.MISSING,
            Format.MISSING, Format.MISSING));
        continue;
      }
      boolean clientBound = x.clientBound() || y.clientBound();
      List<String> cells = new ArrayList<>(List.of(key + (clientBound ? " **client-bound**" : ""),
          x.load().equals(y.load()) ? x.load() : x.load() + " / " + y.load()));
      for (String figure : FIGURES) {
        Double p = x.figures().get(figure), q = y.figures().get(figure);
        if (p == null || q == null || p == 0) {
          cells.add(Format.MISSING);
          continue;
        }
        double slack = figure.endsWith("_ms") ? LATENCY_RESOLUTION_MS : 0;
        cells.add(Comparison.cell(comparison.compare(p, q, slack, true, clientBound), Format::count));
      }
      table.row(cells);
    }
    return comparison.verdict("medians", "in client-bound rows, lower bounds in either run") + ".\n\nFirst: " + firstName
        + "; second: " + secondName + ". Medians of each run's rounds, first → second (difference); ✗ beyond "
        + Math.round(Comparison.AGREEMENT * 100) + " % (latencies: and beyond 1 ms, Gatling's resolution).\n\n" + table;
  }

  /** One step of a run: the server set-up (scenario, variant, framework, mode, heap), closed or open, and its load. */
  private record StepKey(String server, boolean open, int load) {}

  /** A run's results.csv, its measured rounds (not the calibration) gathered per step into medians. */
  static Map<String, Medians> read(Path run) throws IOException {
    Path csv = run.resolve("results.csv");
    if (!Files.isRegularFile(csv)) throw new IOException(run + ": no results.csv (not a harness run's folder?)");
    Map<StepKey, List<Record>> steps = new LinkedHashMap<>();
    Map<String, TreeSet<Integer>> rates = new LinkedHashMap<>(); // each server's open-step rates, in order
    for (Record r : Csv.read(csv)) {
      if (r.getInt("round") == 0) continue;
      String server = String.join(" ", r.getString("scenario"), nonNull(r.getString("variant")), r.getString("framework"),
          r.getString("mode"), r.getString("heap")).replaceAll(" +", " ");
      StepKey step = new StepKey(server, r.getBoolean("open", "true", "false"), r.getInt("load"));
      if (step.open()) rates.computeIfAbsent(server, k -> new TreeSet<>()).add(step.load());
      steps.computeIfAbsent(step, k -> new ArrayList<>()).add(r);
    }
    Map<String, Medians> medians = new LinkedHashMap<>();
    steps.forEach((step, rounds) -> {
      List<Integer> serverRates = step.open() ? new ArrayList<>(rates.get(step.server())) : List.of();
      String name = step.open() // an open step by its rate's place among the run's rates for the same server
          ? step.server() + " rate " + (serverRates.indexOf(step.load()) + 1) + " of " + serverRates.size()
          : step.server() + " " + step.load() + " users";
      Map<String, Double> figures = new LinkedHashMap<>();
      for (String figure : FIGURES) {
        Spread s = Spread.of(rounds.stream().map(r -> r.getDouble(figure)).toList());
        figures.put(figure, s == null ? null : s.median());
      }
      medians.put(name, new Medians(figures, rounds.stream().anyMatch(r -> r.getBoolean("client_bound", "true", "false")),
          step.load() + (step.open() ? " req/s" : " users")));
    });
    return medians;
  }

  private static String nonNull(String s) { return s == null ? "" : s; }
}
