package transit.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.measure.Comparison;
import transit.measure.Markdown;

/**
 * Two runs' results.json row by row ({@code ./mill jmh.runJmh --compare DIR DIR}): each row's score in both, the
 * second's difference from the first, and whether the row holds in both (error within 10 %) and agrees between them
 * (scores within 10 % of each other). Rows only one run has are listed as such, and do not agree.
 */
final class CompareJmhRuns {
  private CompareJmhRuns() {}

  static String markdown(String firstName, JsonNode first, String secondName, JsonNode second) {
    Map<String, Summary.Row> a = byKey(first), b = byKey(second);
    Comparison comparison = new Comparison();
    Markdown.Table table = new Markdown.Table(List.of("Row", "First", "Second", "Difference", ""));
    int both = 0;
    for (String key : Comparison.keys(a, b)) {
      Summary.Row x = a.get(key), y = b.get(key);
      if (x == null || y == null) {
        comparison.compare(1, 1, 0, false, false); // counted, and not agreeing
        table.row(List.of(key, x == null ? "(not run)" : score(x), y == null ? "(not run)" : score(y), "",
            "✗ only in the " + (x == null ? "second" : "first")));
        continue;
      }
      both++;
      boolean heldInBoth = x.withinError() && y.withinError();
      Comparison.Difference d = comparison.compare(x.score(), y.score(), 0, heldInBoth, false);
      List<String> why = new java.util.ArrayList<>();
      if (!heldInBoth) why.add("error over " + Summary.percent(Summary.COMPARABLE_ERROR));
      if (Math.abs(d.share()) > Comparison.AGREEMENT) why.add("runs differ by over " + Summary.percent(Comparison.AGREEMENT));
      table.row(List.of(key, score(x), score(y), String.format(java.util.Locale.ROOT, "%+.1f %%", d.share() * 100),
          d.agrees() ? "✓" : "✗ " + String.join(", ", why)));
    }
    return comparison.verdict("rows hold in both runs and", "") + " (" + both + " rows in both).\n\nFirst: " + firstName + "; second: " + secondName + ".\n\n" + table;
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
}
