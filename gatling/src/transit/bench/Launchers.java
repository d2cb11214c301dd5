package transit.bench;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * How to start each framework's server without Mill: main class, classpath and the JVM flags every server gets,
 * as build.mill's gatling.serverLaunchers wrote them to the file named by the system property.
 */
public record Launchers(List<String> frameworks, List<String> jvmFlags, Path workspace, Properties servers) {
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
        Path.of(p.getProperty("workspace")), p);
  }

  /** java, the shared flags, the framework's classpath and main class. */
  List<String> javaCommand(String framework) {
    List<String> command = new java.util.ArrayList<>(List.of(java()));
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp", servers.getProperty(framework + ".classpath"), servers.getProperty(framework + ".main")));
    return command;
  }

  /** The JDK running the harness runs the servers too. */
  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
