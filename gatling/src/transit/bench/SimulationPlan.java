package transit.bench;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What one Gatling run does, handed from the harness to the simulation in its own JVM as a properties file:
 * the server's URL, the steps in order, the route lists and every path's expected body length.
 */
public record SimulationPlan(String baseUrl, List<Step> steps, List<String> heavyRoutes, List<String> smallRoutes,
    Map<String, Integer> lengths) {

  /** The system property naming the plan file in the Gatling JVM. */
  static final String PROPERTY = "transit.bench.plan";

  void save(Path file) {
    Properties p = new Properties();
    p.setProperty("baseUrl", baseUrl);
    p.setProperty("steps", String.valueOf(steps.size()));
    for (int i = 0; i < steps.size(); i++) p.setProperty("step." + i, steps.get(i).encode());
    p.setProperty("routes.heavy", String.join("\n", heavyRoutes));
    p.setProperty("routes.small", String.join("\n", smallRoutes));
    lengths.forEach((path, length) -> p.setProperty("length." + path, String.valueOf(length)));
    Path written = file.resolveSibling(file.getFileName() + ".part");
    try (Writer out = Files.newBufferedWriter(written)) {
      p.store(out, "a Gatling run of the load-test harness");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      Files.move(written, file, StandardCopyOption.ATOMIC_MOVE); // whole, for a Gatling JVM waiting on it
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** How long a Gatling JVM started before its server waits for its plan: longer than any server's start. */
  static final Duration WAIT = Duration.ofMinutes(15);

  /** The plan in file, waiting for the file up to WAIT: Gatling's JVM is started while its server starts. */
  static SimulationPlan load(Path file) {
    long until = System.nanoTime() + WAIT.toNanos();
    while (!Files.exists(file)) {
      if (System.nanoTime() > until) throw new UncheckedIOException(new IOException("no plan in " + file + " after " + WAIT));
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Integer> lengths = new LinkedHashMap<>();
    for (String key : p.stringPropertyNames())
      if (key.startsWith("length.")) lengths.put(key.substring("length.".length()), Integer.parseInt(p.getProperty(key)));
    int count = Integer.parseInt(p.getProperty("steps"));
    List<Step> steps = java.util.stream.IntStream.range(0, count).mapToObj(i -> Step.decode(p.getProperty("step." + i))).toList();
    return new SimulationPlan(p.getProperty("baseUrl"), steps, lines(p.getProperty("routes.heavy")), lines(p.getProperty("routes.small")), lengths);
  }

  private static List<String> lines(String text) {
    return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n"));
  }
}
