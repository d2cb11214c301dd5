package transit.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs' results.json row by row ({@code ./mill jmh.runJmh --compare DIR DIR}): each row's score in both, the
 * second's difference from the first as a percentage, and whether the row holds in both (error within 10 %) and
 * agrees between them (scores within 10 % of each other). Rows only one run has are listed as such.
 */
final class CompareRuns {
  private CompareRuns() {}

  /** Two scores agree when they differ by at most this share of the first. */
  static final double AGREEMENT = Summary.COMPARABLE_ERROR;

  static String markdown(String firstName, JsonNode first, String secondName, JsonNode second) {
    Map<String, Summary.Row> a = byKey(first), b = byKey(second);
    List<String> lines = new ArrayList<>();
    int agree = 0, both = 0;
    for (Map.Entry<String, Summary.Row> e : a.entrySet()) {
      Summary.Row x = e.getValue(), y = b.get(e.getKey());
      if (y == null) {
        lines.add(row(e.getKey(), score(x), "(not run)", "", "✗ only in the first"));
        continue;
      }
      both++;
      double difference = (y.score() - x.score()) / x.score();
      boolean holds = x.withinError() && y.withinError() && Math.abs(difference) <= AGREEMENT;
      if (holds) agree++;
      List<String> why = new ArrayList<>();
      if (!x.withinError() || !y.withinError()) why.add("error over " + Summary.percent(Summary.COMPARABLE_ERROR));
      if (Math.abs(difference) > AGREEMENT) why.add("runs differ by over " + Summary.percent(AGREEMENT));
      lines.add(row(e.getKey(), score(x), score(y), String.format("%+.1f %%", difference * 100), holds ? "✓" : "✗ " + String.join(", ", why)));
    }
    for (String key : b.keySet()) if (!a.containsKey(key)) lines.add(row(key, "(not run)", score(b.get(key)), "", "✗ only in the second"));
    StringBuilder out = new StringBuilder();
    out.append("**").append(agree).append(" of ").append(a.size() + (int) b.keySet().stream().filter(k -> !a.containsKey(k)).count())
        .append(" rows hold in both runs and agree within ").append(Summary.percent(AGREEMENT)).append("** (")
        .append(both).append(" rows in both).\n\n");
    out.append("First: ").append(firstName).append("; second: ").append(secondName).append(".\n\n");
    out.append("| Row | First | Second | Difference | |\n| --- | --- | --- | --- | --- |\n");
    lines.forEach(l -> out.append(l).append('\n'));
    return out.toString();
  }

  private static Map<String, Summary.Row> byKey(JsonNode results) {
    Map<String, Summary.Row> rows = new LinkedHashMap<>();
    for (Summary.Row r : Summary.rows(results, List.of()))
      rows.put(r.benchmark() + (r.params().isEmpty() ? "" : " " + IterationLog.paramsText(r.params())), r);
    return rows;
  }

  private static String score(Summary.Row r) {
    return Summary.number(r.score()) + " " + r.unit() + (Double.isNaN(r.error()) ? "" : " ± " + Summary.percent(Math.abs(r.errorShare())));
  }

  private static String row(String... cells) { return "| " + String.join(" | ", cells) + " |"; }
}
