package transit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Per-request statistics read from a Gatling report. Gatling 3.15 writes no stats.json or global_stats.json
 * (older versions did): the numbers are in the statistics table of the report's index.html, a row per request
 * name, columns named in its header ("Total", "KO", "50th pct", …, "Max"). The percentiles are the ones
 * gatling.conf sets (charting.indicators).
 */
record GatlingStats(long requests, long errors, double p50, double p95, double p99, double max) {

  private static final Pattern HEADER = Pattern.compile("<th id=\"col-(\\d+)\"[^>]*><span>(?:<abbr[^>]*>)?([^<]+)<");
  private static final Pattern NAME = Pattern.compile("class=\"ellipsed-name\">([^<]*)</span>");
  private static final Pattern CELL = Pattern.compile("<td class=\"value [^\"]*col-(\\d+)\">([^<]*)</td>");

  /** Request name to its row, for every request of the report. */
  static Map<String, GatlingStats> read(Path reportDir) throws IOException {
    String html = Files.readString(reportDir.resolve("index.html"));
    Map<String, Integer> column = new HashMap<>();
    for (Matcher m = HEADER.matcher(html); m.find(); ) column.putIfAbsent(m.group(2).trim(), Integer.parseInt(m.group(1)));
    Map<String, GatlingStats> rows = new LinkedHashMap<>();
    for (String row : html.split("<tr id=")) {
      Matcher name = NAME.matcher(row);
      if (!name.find()) continue;
      Map<Integer, String> cells = new HashMap<>();
      for (Matcher m = CELL.matcher(row); m.find(); ) cells.put(Integer.parseInt(m.group(1)), m.group(2).trim());
      if (cells.isEmpty()) continue;
      rows.put(unescape(name.group(1)), new GatlingStats((long) value(cells, column, "Total"), (long) value(cells, column, "KO"),
          value(cells, column, "50th pct"), value(cells, column, "95th pct"), value(cells, column, "99th pct"), value(cells, column, "Max")));
    }
    return rows;
  }

  private static double value(Map<Integer, String> cells, Map<String, Integer> column, String header) {
    Integer index = column.get(header);
    if (index == null) throw new IllegalStateException("no \"" + header + "\" column in the Gatling report (columns: " + column.keySet() + ")");
    String text = cells.getOrDefault(index, "-").replace(",", "");
    return text.equals("-") || text.isEmpty() ? 0 : Double.parseDouble(text);
  }

  private static String unescape(String html) {
    return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
  }
}
