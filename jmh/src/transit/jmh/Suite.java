package transit.jmh;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What {@code ./mill jmh.runJmh} runs. The default suite fits a 20-minute budget on 2 cores; each entry is one
 * JMH run of one benchmark class with its own parameter values (JMH's {@code -p} would set them for every class).
 * A benchmark joins the default suite with one entry here; its warm-up, measurement and forks stay in its
 * class's annotations. {@code --full} is one run of every benchmark with every parameter its annotations list.
 */
public final class Suite {
  private Suite() {}

  /** One JMH run: the benchmarks JMH's include regex names (all when empty), parameter values replacing the annotations'. */
  public record Entry(String include, Map<String, List<String>> params) {
    /** Every benchmark of the class. */
    public static Entry of(Class<?> benchmarks, Map<String, List<String>> params) {
      return new Entry("^" + Pattern.quote(benchmarks.getName() + "."), params);
    }
  }

  public static final List<Entry> DEFAULT = List.of(
      Entry.of(FeedLoadBenchmark.class, Map.of("feed", List.of(Feeds.BROOKLYN))),
      Entry.of(SerializationBenchmark.class, Map.of("route", List.of("large", "small"))),
      Entry.of(QueryBenchmark.class, Map.of("route", List.of("large"))));

  public static final List<Entry> FULL = List.of(new Entry("", Map.of()));
}
