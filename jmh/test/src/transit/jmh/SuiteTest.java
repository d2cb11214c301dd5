package transit.jmh;

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

/** The default suite names benchmarks that exist, by parameters they have: a renamed class or parameter breaks here. */
class SuiteTest {
  private static final Set<BenchmarkListEntry> ALL =
      BenchmarkList.defaultList().getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of());

  @Test
  void everyDefaultEntryMatchesBenchmarksThatTakeItsParameters() {
    for (Suite.Entry entry : Suite.DEFAULT) {
      Pattern include = Pattern.compile(entry.include());
      List<BenchmarkListEntry> matched = ALL.stream().filter(b -> include.matcher(b.getUsername()).find()).toList();
      assertFalse(matched.isEmpty(), entry.include() + " matches no benchmark");
      for (BenchmarkListEntry b : matched)
        for (String key : entry.params().keySet())
          assertTrue(b.getParams().hasValue() && b.getParams().get().containsKey(key), b.getUsername() + " has no parameter " + key);
    }
  }

  @Test
  void anEntryForOneClassLeavesOutClassesWhoseNamesEndTheSame() {
    Pattern query = Pattern.compile(Suite.Entry.of(QueryBenchmark.class, java.util.Map.of()).include());
    assertTrue(query.matcher(QueryBenchmark.class.getName() + ".schedules").find());
    assertFalse(query.matcher(SqliteQueryBenchmark.class.getName() + ".schedules").find());
  }
}
