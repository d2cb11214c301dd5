package transit.jmh;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import transit.Feed;

/**
 * summary.md: the conditions of the run, then a table per benchmark class with score, error and units, the
 * allocation per operation when -prof gc ran, bytes per second for the encoders, and the retained heap
 * beside the load times.
 */
final class Summary {
  private static final String ALLOC = "gc.alloc.rate.norm";

  private final Collection<RunResult> results;
  private final Map<String, RetainedHeap> retained;
  private final List<String> args, notes;
  private final Map<String, Feed> feeds = new HashMap<>(); // loaded once, to name routes and size responses
  private final Map<String, Route> routes = new HashMap<>();
  private final StringBuilder out = new StringBuilder();

  Summary(Collection<RunResult> results, Map<String, RetainedHeap> retained, List<String> args, List<String> notes) {
    this.results = results;
    this.retained = retained;
    this.args = args;
    this.notes = notes;
  }

  String markdown() {
    if (results.isEmpty()) return "# JMH results\n\nNo benchmark gave a result; JMH's output says why.\n";
    BenchmarkParams any = results.iterator().next().getParams();
    line("# JMH results, " + ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")));
    line("");
    line("- Command: `./mill jmh.runJmh" + (args.isEmpty() ? "` (the default suite, with `-prof gc`)" : " " + String.join(" ", args) + "`"));
    line("- JMH " + any.getJmhVersion() + "; JDK " + any.getJdkVersion() + ", " + any.getVmName() + " " + any.getVmVersion());
    line("- JVM flags of the forks: `" + String.join(" ", any.getJvmArgs()) + "`");
    line(String.format("- Machine: %d cores seen by the JVM; load average %.1f when the run ended (other work shares them)",
        Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
    for (String feed : paramValues("feed")) line("- Feed `" + feed + "`: " + describeFeed(feed));
    notes.forEach(n -> line("- " + n));

    Map<String, List<RunResult>> byClass = new TreeMap<>(); // JMH lists by mode; by name puts load first
    for (RunResult r : results) byClass.computeIfAbsent(className(r.getParams()), k -> new ArrayList<>()).add(r);
    byClass.forEach(this::table);

    line("");
    line("## Notes");
    line("");
    if (results.stream().noneMatch(r -> r.getSecondaryResults().containsKey(ALLOC)))
      line("- No allocation figures: run with `-prof gc` for gc.alloc.rate.norm, the bytes allocated per operation.");
    else line("- Allocated per op: `-prof gc`'s gc.alloc.rate.norm; for a single shot, everything one load allocates.");
    line("- Errors are JMH's 99.9% confidence half-widths; a blank error means too few samples for one.");
    line("- SerializationBenchmark.streaming writes straight from the feed's arrays, so it includes the query that"
        + " the three libraries get for free (their model is built once, outside the measurement; QueryBenchmark times it).");
    line("- Routes are picked per feed by response size: large is the biggest response, small the smallest, medium the median.");
    line("- SQLite: the query benchmark's database is imported once per feed into the temp directory and memory-mapped;"
        + " the day's services come from core's calendar, per request as in TransitApi.");
    return out.toString();
  }

  private void table(String clazz, List<RunResult> rows) {
    BenchmarkParams p = rows.get(0).getParams();
    line("");
    line("## " + clazz);
    line("");
    line(p.getMode().longLabel() + "; " + p.getForks() + " fork(s), each " + iterations("warm-up", p.getWarmup()) + " then "
        + iterations("measured", p.getMeasurement()) + ".");
    line("");
    List<String> keys = new ArrayList<>(p.getParamsKeys());
    boolean alloc = rows.stream().anyMatch(r -> r.getSecondaryResults().containsKey(ALLOC));
    boolean encoder = clazz.equals(SerializationBenchmark.class.getSimpleName());
    List<String> head = new ArrayList<>(List.of("Benchmark"));
    head.addAll(keys);
    head.addAll(List.of("Score", "Error", "Units"));
    if (encoder) head.addAll(List.of("Response", "MB/s"));
    if (alloc) head.add("Allocated per op");
    row(head);
    row(head.stream().map(h -> "---").toList());
    for (RunResult r : rows) {
      BenchmarkParams params = r.getParams();
      Result<?> score = r.getPrimaryResult();
      List<String> cells = new ArrayList<>(List.of(params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1)));
      for (String key : keys) cells.add(key.equals("route") ? route(params).label() : params.getParam(key));
      cells.addAll(List.of(number(score.getScore()), number(score.getScoreError()), score.getScoreUnit()));
      if (encoder) { // ops/s times the response's size
        long bytes = route(params).responseBytes();
        double megabytesPerOp = bytes / 1e6;
        boolean perSecond = score.getScoreUnit().equals("ops/s");
        cells.add(megabytes(bytes));
        cells.add(perSecond ? number(score.getScore() * megabytesPerOp) + plusMinus(score.getScoreError() * megabytesPerOp) : "");
      }
      if (alloc) {
        Result<?> a = r.getSecondaryResults().get(ALLOC);
        cells.add(a == null ? "" : megabytes((long) a.getScore()));
      }
      row(cells);
    }
    if (clazz.equals(FeedLoadBenchmark.class.getSimpleName()) && !retained.isEmpty()) retainedTable();
  }

  private void retainedTable() {
    line("");
    line("Heap retained by the loaded feed (used heap after a full GC, less the same before the load):");
    line("");
    row(List.of("feed", "columnar (Feed.load)", "objects (BaselineFeed)", "objects / columnar"));
    row(List.of("---", "---", "---", "---"));
    retained.forEach((feed, heap) -> row(List.of(feed,
        megabytes(heap.columnarBytes()), megabytes(heap.objectsBytes()),
        String.format("%.1f×", (double) heap.objectsBytes() / heap.columnarBytes()))));
  }

  private static String iterations(String what, IterationParams it) {
    String each = it.getTime().getTime() > 0 && it.getTime().getTimeUnit() != null ? " of " + it.getTime() : "";
    return it.getCount() + " " + what + " iteration(s)" + each;
  }

  private Set<String> paramValues(String key) {
    Set<String> values = new LinkedHashSet<>();
    for (RunResult r : results) if (r.getParams().getParam(key) != null) values.add(r.getParams().getParam(key));
    return values;
  }

  private String describeFeed(String name) {
    try {
      Path path = Feeds.path(name);
      return "`" + path + "` (" + megabytes(Files.size(path)) + ")";
    } catch (Exception e) {
      return e.getMessage();
    }
  }

  private record Route(String label, long responseBytes) {}

  /** The route a (feed, route) pair names, with its id and trips, and its response size; worked out once per pair. */
  private Route route(BenchmarkParams params) {
    String feedName = params.getParam("feed"), route = params.getParam("route");
    return routes.computeIfAbsent(feedName + "\n" + route, key -> {
      Feed feed = feeds.computeIfAbsent(feedName, n -> Feed.load(Feeds.path(n)));
      int code = Feeds.route(feed, route);
      String id = feed.routeIds.value(code);
      String label = (id.equals(route) ? id : route + ": " + id) + " (" + feed.tripsByRoute.size(code) + " trips)";
      return new Route(label, Feeds.responseBytes(feed, code));
    });
  }

  private static String className(BenchmarkParams params) {
    String name = params.getBenchmark();
    String clazz = name.substring(0, name.lastIndexOf('.'));
    return clazz.substring(clazz.lastIndexOf('.') + 1);
  }

  private static String number(double value) {
    if (Double.isNaN(value)) return "";
    double abs = Math.abs(value);
    return abs >= 100 ? String.format("%,.0f", value) : abs >= 10 ? String.format("%.1f", value)
        : abs >= 1 ? String.format("%.2f", value) : String.format("%.3g", value);
  }

  private static String plusMinus(double error) { return Double.isNaN(error) ? "" : " ± " + number(error); }

  private static String megabytes(long bytes) {
    return bytes >= 1_000_000 ? String.format("%.1f MB", bytes / 1e6) : bytes >= 1000 ? String.format("%.1f KB", bytes / 1e3)
        : bytes + " B";
  }

  private void row(List<String> cells) { line("| " + String.join(" | ", cells) + " |"); }

  private void line(String text) { out.append(text).append('\n'); }
}
