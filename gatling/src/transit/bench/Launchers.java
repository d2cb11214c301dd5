package transit.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import transit.server.FrameworkRegistry;
import transit.server.Library;

/**
 * How to start each framework's server without Mill, and what each says of itself, from the framework registry
 * build.mill writes (core's FrameworkRegistry): main class, classpath, the JVM flags every server gets.
 */
public record Launchers(FrameworkRegistry registry) {
  public static Launchers load() { return new Launchers(FrameworkRegistry.load()); }

  /** The frameworks, in build.mill's order. */
  public List<String> frameworks() { return registry.names(); }

  public String defaultHeap() { return registry.defaultHeap(); }

  public Path workspace() { return registry.workspace(); }

  public FrameworkRegistry.Description description(String framework) { return registry.description(framework); }

  /** The shared flags with this heap as -Xmx (the build's own -Xmx left out), for every framework alike. */
  List<String> flags(String heap) {
    List<String> flags = new ArrayList<>(registry.jvmFlags().stream().filter(f -> !f.startsWith("-Xmx")).toList());
    flags.add(0, "-Xmx" + heap);
    return flags;
  }

  /** java (the harness's, or the given one), the shared flags with the heap, the framework's classpath and main class. */
  List<String> javaCommand(String framework, String java, String heap) {
    List<String> command = new ArrayList<>(List.of(java != null ? java : java()));
    command.addAll(flags(heap));
    command.addAll(List.of("-cp", registry.classpath(framework), registry.mainClass(framework)));
    return command;
  }

  /** Every framework's libraries with their versions, each once, then the harness's own. */
  String versions(String harness) {
    Set<String> libraries = new LinkedHashSet<>();
    for (String framework : frameworks()) for (Library l : description(framework).libraries()) libraries.add(l.toString());
    libraries.add(Library.of("univocity", com.univocity.parsers.csv.CsvParser.class).toString());
    libraries.add(harness);
    return String.join(", ", libraries);
  }

  /** The JDK running the harness. */
  static String java() { return Path.of(System.getProperty("java.home"), "bin", "java").toString(); }
}
