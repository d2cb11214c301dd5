package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import transit.server.Mode;
import transit.server.Setting;

/** Every framework says what its server sets beyond its framework's defaults, in full, and docs/API.md says the same. */
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

  @Test
  void docsApiMdHasEveryFrameworksSettingsAsTheRegistryHasThem() throws Exception {
    Path api = launchers.workspace().resolve("docs").resolve("API.md");
    String document = Files.readString(api);
    assertEquals(BeyondDefaults.rewrite(document, launchers), document,
        "docs/API.md's settings differ from the frameworks' own lists: ./mill gatling.runMain transit.bench.BeyondDefaults rewrites them");
    for (String framework : launchers.frameworks())
      for (Setting s : launchers.description(framework).settings())
        assertTrue(document.contains(s.name().replace("|", "\\|")), "docs/API.md names " + framework + "'s " + s.name());
  }

  @Test
  void aDocumentWithoutTheMarkersIsRefusedNotRewrittenAnywhere() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> BeyondDefaults.rewrite("# API\n", launchers));
    assertTrue(e.getMessage().contains(BeyondDefaults.BEGIN), e.getMessage());
  }
}
