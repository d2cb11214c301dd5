package transit.bench.report;

import static org.junit.jupiter.api.Assertions.*;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import transit.bench.run.Launchers;
import transit.server.Mode;
import transit.server.Setting;

/** Every framework says what its server sets beyond its framework's defaults, in full (docs/API.md: RegistryDocsTest). */
class BeyondDefaultsTest {
  final Launchers launchers = Launchers.load();

  @Test
  void everyFrameworkListsItsSettingsEachWithWhyAndCostAndItsLimits() {
    for (String framework : launchers.frameworks()) {
      List<Setting> settings = launchers.description(framework).settings();
      assertTrue(settings.stream().anyMatch(Setting::limit), framework + " lists its limits");
      assertTrue(settings.stream().anyMatch(s -> !s.limit()), framework + " lists what it sets for the contract");
      Set<String> names = new HashSet<>();
      for (Setting s : settings) {
        for (String field : List.of(s.name(), s.value(), s.frameworkDefault(), s.why(), s.cost()))
          assertFalse(field.isBlank(), framework + ": " + s + " leaves something unexplained");
        assertFalse(s.modes().isEmpty(), framework + ": " + s.name() + " in no mode");
        assertTrue(names.add(s.name()), framework + " lists " + s.name() + " twice");
        if (s.limit()) assertEquals(List.of(Mode.values()), s.modes(), framework + ": a limit is kept in every mode: " + s.name());
      }
    }
  }
}
