package transit.bench;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * How to start each framework's server without Mill: main class, classpath, the JVM flags every server gets and
 * the library versions, as build.mill's serverLaunchers wrote them to the file named by the system property.
 */
public record Launchers(List<String> frameworks, List<String> jvmFlags, String defaultHeap, String versions, Path workspace,
    Properties servers) {
  static final String PROPERTY = "transit.bench.servers";

  public static Launchers load() {
    String file = System.getProperty(PROPERTY);
    if (file == null) throw new IllegalStateException("no -D" + PROPERTY + ": run the harness with ./mill gatling.run");
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(Path.of(file))) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Launchers(Arrays.asList(p.getProperty("frameworks").split(",")), Arrays.asList(p.getProperty("jvm.flags").split(" ")),
        p.getProperty("jvm.heap"), p.getProperty("versions"), Path.of(p.getProperty("workspace")), p);
  }

  /** The shared flags with this heap as -Xmx (the build's own -Xmx left out), for every framework alike. */
  List<String> flags(String heap) {
    List<String> flags = new ArrayList<>(jvmFlags.stream().filter(f -> !f.startsWith("-Xmx")).toList());
    flags.add(0, "-Xmx" + heap);
    return flags;
  }

  /** java (the harness's, or the given one), the shared flags with the heap, the framework's classpath and main class. */
  List<String> javaCommand(String framework, String java, String heap) {
    List<String> command = new ArrayList<>(List.of(java != null ? java : java()));
    command.addAll(flags(heap));
    command.addAll(List.of("-cp", servers.getProperty(framework + ".classpath"), servers.getProperty(framework + ".main")));
    return command;
  }

  /** The JDK running the harness. */
  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
