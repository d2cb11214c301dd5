package transit.bench.report;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import transit.bench.run.Launchers;
import transit.server.ProtocolError;
import transit.server.Setting;

/** What the docs say of each framework agrees with what the framework says of itself (the registry). */
class RegistryDocsTest {
  final Launchers launchers = Launchers.load();
  final Path workspace = launchers.workspace();

  @Test
  void docsApiMdHasEveryFrameworksTablesAsTheRegistryHasThem() throws IOException {
    String document = Files.readString(workspace.resolve("docs").resolve("API.md"));
    assertEquals(RegistryDocs.rewrite(document, launchers), document,
        "docs/API.md's per-framework tables differ from the registry: ./mill gatling.runMain transit.bench.report.RegistryDocs rewrites them");
    for (String framework : launchers.frameworks()) {
      for (Setting s : launchers.description(framework).settings())
        assertTrue(document.contains(s.name().replace("|", "\\|")), "docs/API.md names " + framework + "'s " + s.name());
      assertEquals(ProtocolError.values().length, launchers.description(framework).answers().size(), framework + "'s answers in the registry");
    }
  }

  @Test
  void aPartIsWrittenFromTheRegistryBetweenItsMarkersAndNowhereElse() {
    RegistryDocs.Part protocolErrors = RegistryDocs.PARTS.get(0);
    StringBuilder document = new StringBuilder("# API\n\nbefore\n\n");
    for (RegistryDocs.Part part : RegistryDocs.PARTS) document.append(part.begin()).append("\nstale\n").append(part.end()).append('\n');
    String written = RegistryDocs.rewrite(document.append("\nafter\n").toString(), launchers);
    assertFalse(written.contains("stale"), written);
    assertTrue(written.startsWith("# API\n\nbefore\n\n" + protocolErrors.begin() + "\n\n| Request | " + String.join(" | ", launchers.frameworks()) + " |"),
        written);
    assertTrue(written.endsWith("\nafter\n"), written);
    assertEquals(written, RegistryDocs.rewrite(written, launchers), "writing it again changes nothing");
  }

  @Test
  void aDocumentWithoutAPartsMarkersIsRefusedNotRewrittenAnywhere() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> RegistryDocs.rewrite("# API\n", launchers));
    assertTrue(e.getMessage().contains(RegistryDocs.PARTS.get(0).begin()), e.getMessage());
  }

  @Test
  void theReadmesFolderTableListsExactlyTheRegistrysFrameworks() throws IOException {
    Set<String> listed = new TreeSet<>();
    Matcher folder = Pattern.compile("(?m)^\\| `([a-z0-9]+)-server/` \\|").matcher(Files.readString(workspace.resolve("README.md")));
    while (folder.find()) listed.add(folder.group(1));
    assertEquals(new TreeSet<>(launchers.frameworks()), listed, "README.md's folder table against build.mill's frameworks");
  }

  /** Every server folder has the same rooms, so that two can be read side by side. */
  @Test
  void everyServerFolderHasTheSameRooms() throws IOException {
    List<String> rooms = List.of("Server", "Routes", "Contract", "Limits", "Json", "Framework");
    for (String framework : launchers.frameworks()) {
      // its module's sources, and a nested module's (Quarkus's described: what the suites load of it), not a package
      // below (Quarkus's augment: its build step)
      Set<String> found = new TreeSet<>();
      try (Stream<Path> folders = Files.walk(workspace.resolve(framework + "-server"), 2)) {
        for (Path module : (Iterable<Path>) folders::iterator) {
          Path sources = module.resolve("src").resolve("transit").resolve(framework);
          if (!Files.isDirectory(sources)) continue;
          try (Stream<Path> files = Files.list(sources)) {
            files.filter(Files::isRegularFile).map(f -> f.getFileName().toString().replaceFirst("\\.(java|scala)$", "")).forEach(found::add);
          }
        }
      }
      String prefix = found.stream().filter(n -> n.endsWith("Framework")).findFirst().orElseThrow().replace("Framework", "");
      assertEquals(new TreeSet<>(rooms.stream().map(room -> prefix + room).toList()), found,
          framework + "-server's files, against the rooms every server has");
    }
  }
}
