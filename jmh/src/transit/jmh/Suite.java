package transit.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import transit.server.FrameworkRegistry;

/**
 * What {@code ./mill jmh.runJmh} runs. The default suite fits a 20-minute budget on 2 cores; each entry is one
 * JMH run of one benchmark class (or method) with its own parameter values (JMH's {@code -p} would set them for
 * every class). A benchmark joins the default suite with one entry here; its warm-up, measurement and forks stay in
 * its class's annotations. Every framework of build.mill's list gets an entry of its own for its encoder, from the
 * registry: a new framework needs no line here. {@code --full} runs every benchmark with every parameter its
 * annotations list, and every framework's encoder.
 */
public final class Suite {
  private Suite() {}

  /**
   * One JMH run: the benchmarks JMH's include regex names, parameter values replacing the annotations', and whether
   * it is an encoder that settles slowly (Framework#encoderSettlesSlowly), which gets {@link #SLOW_TO_SETTLE}.
   */
  public record Entry(String include, Map<String, List<String>> params, boolean slowToSettle) {
    /** Every benchmark of the class. */
    public static Entry of(Class<?> benchmarks, Map<String, List<String>> params) {
      return new Entry("^" + Pattern.quote(benchmarks.getName() + "."), params, false);
    }

    /** These benchmark methods of the class. */
    static Entry of(Class<?> benchmarks, List<String> methods, Map<String, List<String>> params, boolean slowToSettle) {
      String names = methods.stream().map(Pattern::quote).collect(java.util.stream.Collectors.joining("|"));
      return new Entry("^" + Pattern.quote(benchmarks.getName() + ".") + "(" + names + ")$", params, slowToSettle);
    }
  }

  /**
   * Forks, warm-ups and iteration seconds for an encoder that settles slowly, where the command line does not set
   * them: an encoder allocating a collection's worth every few operations of a 10 MB response keeps climbing through
   * the default warm-ups and then settles each fork at a level of its own, so more warm-ups and more forks, of
   * iterations long enough to hold more operations (docs/RESULTS.md, JMH's warm-ups and forks).
   */
  record Settings(int forks, int warmups, int warmupSeconds, int measurementSeconds) {}

  static final Settings SLOW_TO_SETTLE = new Settings(6, 10, 2, 3);

  public static List<Entry> defaultSuite(FrameworkRegistry registry) {
    Map<String, List<String>> routes = Map.of("route", List.of("large", "small"));
    List<Entry> entries = new ArrayList<>(List.of(
        Entry.of(FeedLoadBenchmark.class, Map.of("feed", List.of(Feeds.BROOKLYN))),
        Entry.of(SerializationBenchmark.class, List.of("streaming"), routes, false)));
    entries.addAll(encoders(registry, routes));
    entries.add(Entry.of(QueryBenchmark.class, Map.of("route", List.of("large"))));
    // deflate as the frameworks deflate; how a server interleaves it (fifty large answers an operation) is --full's
    entries.add(Entry.of(DeflateBenchmark.class, List.of("gzip", "streamedGzip"),
        Map.of("route", List.of("large", "small"), "level", List.of("6")), false));
    return entries;
  }

  /** Every benchmark but the encoders, then each framework's encoder on every route its annotations list. */
  public static List<Entry> full(FrameworkRegistry registry) {
    List<Entry> entries = new ArrayList<>(List.of(new Entry("^(?!" + Pattern.quote(SerializationBenchmark.class.getName() + ".encode") + "$)",
        Map.of(), false)));
    entries.addAll(encoders(registry, Map.of()));
    return entries;
  }

  /** SerializationBenchmark.encode, one run per framework, with its own settings where its encoder settles slowly. */
  private static List<Entry> encoders(FrameworkRegistry registry, Map<String, List<String>> params) {
    List<Entry> entries = new ArrayList<>();
    for (String name : registry.names()) {
      Map<String, List<String>> withFramework = new java.util.LinkedHashMap<>(params);
      withFramework.put("framework", List.of(name));
      entries.add(Entry.of(SerializationBenchmark.class, List.of("encode"), withFramework, registry.framework(name).encoderSettlesSlowly()));
    }
    return entries;
  }
}
