package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import transit.server.FrameworkRegistry;

/** The default suite names benchmarks that exist, by parameters they have: a renamed class or parameter breaks here. */
class SuiteTest {
  private static final Set<BenchmarkListEntry> ALL =
      BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of());

  private static final FrameworkRegistry REGISTRY = FrameworkRegistry.load();

  @Test
  void everyDefaultEntryMatchesBenchmarksThatTakeItsParameters() {
    for (Suite.Entry entry : Suite.defaultSuite(REGISTRY)) {
      Pattern include = Pattern.compile(entry.include());
      List<BenchmarkListEntry> matched = ALL.stream().filter(b -> include.matcher(b.getUsername()).find()).toList();
      assertFalse(matched.isEmpty(), entry.include() + " matches no benchmark");
      for (BenchmarkListEntry b : matched)
        for (String key : entry.params().keySet())
          assertTrue(b.getParams().hasValue() && b.getParams().get().containsKey(key), b.getUsername() + " has no parameter " + key);
    }
  }

  /** A framework of build.mill's list that the default or the full suite leaves out fails here. */
  @Test
  void everyFrameworksEncoderIsInEverySuite() {
    for (List<Suite.Entry> suite : List.of(Suite.defaultSuite(REGISTRY), Suite.full(REGISTRY))) {
      List<String> encoded = suite.stream().filter(e -> e.params().containsKey("framework")).flatMap(e -> e.params().get("framework").stream()).toList();
      assertEquals(REGISTRY.names(), encoded, "one encoder run per framework, in build.mill's order");
      for (Suite.Entry e : suite)
        if (e.params().containsKey("framework"))
          assertEquals(REGISTRY.framework(e.params().get("framework").get(0)).encoderSettlesSlowly(), e.slowToSettle(), e.toString());
    }
    Pattern everythingElse = Pattern.compile(Suite.full(REGISTRY).get(0).include());
    assertFalse(everythingElse.matcher(SerializationBenchmark.class.getName() + ".encode").find(), "the encoders run per framework");
    assertTrue(everythingElse.matcher(SerializationBenchmark.class.getName() + ".streaming").find());
  }

  @Test
  void anEntryForOneClassLeavesOutClassesWhoseNamesEndTheSame() {
    Pattern query = Pattern.compile(Suite.Entry.of(QueryBenchmark.class, java.util.Map.of()).include());
    assertTrue(query.matcher(QueryBenchmark.class.getName() + ".schedules").find());
    assertFalse(query.matcher(SqliteQueryBenchmark.class.getName() + ".schedules").find());
  }
}
