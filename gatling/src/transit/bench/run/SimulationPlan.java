package transit.bench.run;

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
import transit.bench.scenario.RouteLists;
import transit.bench.scenario.Step;

/**
 * What one Gatling run does, handed from the harness to the simulation in its own JVM as a properties file: its
 * slices in order (each with its server's URL), the route lists and every path's expected body length.
 */
public record SimulationPlan(List<Slice> slices, RouteLists routes, Map<String, Integer> lengths) {
  /**
   * Whether one population of users loops over every slice (each slice starting once all of them have come to it),
   * rather than a population per slice started after the one before: for slices that are all closed loops of fixed
   * work of one step, which are then a few ms apart where Gatling starts a population on its next second.
   */
  public boolean looping() {
    return !slices.isEmpty() && slices.stream().allMatch(s -> !s.step().open() && s.step().fixedWork() && s.step().sameAs(slices.get(0).step()));
  }

  /** One slice to run: a step's work against the server at baseUrl, its users' decks drawn from seed. */
  public record Slice(String baseUrl, Step step, long seed) {
    String encode() { return baseUrl + " " + seed + " " + step.encode(); }

    static Slice decode(String line) {
      String[] f = line.split(" ", 3);
      return new Slice(f[0], Step.decode(f[2]), Long.parseLong(f[1]));
    }
  }

  /** The system property naming the plan file in the Gatling JVM. */
  static final String PROPERTY = "transit.bench.plan";

  void save(Path file) {
    Properties p = new Properties();
    p.setProperty("slices", String.valueOf(slices.size()));
    for (int i = 0; i < slices.size(); i++) p.setProperty("slice." + i, slices.get(i).encode());
    p.setProperty("routes.heavy", String.join("\n", routes.heavy()));
    p.setProperty("routes.small", String.join("\n", routes.small()));
    p.setProperty("routes.source", routes.source());
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

  /** How long a Gatling JVM started before its plan waits for it: longer than any server's start. */
  static final Duration WAIT = Duration.ofMinutes(15);

  /** The plan in file, waiting for the file up to WAIT. */
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
    int count = Integer.parseInt(p.getProperty("slices"));
    List<Slice> slices = java.util.stream.IntStream.range(0, count).mapToObj(i -> Slice.decode(p.getProperty("slice." + i))).toList();
    return new SimulationPlan(slices, new RouteLists(lines(p.getProperty("routes.heavy")), lines(p.getProperty("routes.small")),
        p.getProperty("routes.source")), lengths);
  }

  private static List<String> lines(String text) {
    return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n"));
  }
}
