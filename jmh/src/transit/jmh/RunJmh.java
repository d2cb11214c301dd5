package transit.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.profile.CompilerProfiler;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;
import transit.Feed;
import transit.cli.Cli;
import transit.server.FrameworkRegistry;
import transit.FeedLoader;

/**
 * {@code ./mill jmh.runJmh [--default | --full] [JMH args]}, or {@code --compare FIRST SECOND} (two runs, row by row):
 * <ul>
 *   <li>no arguments, or {@code --default [JMH options]}: the default suite ({@link Suite#defaultSuite}), each class with
 *       its own parameters, within 20 minutes on 2 cores; JMH options such as {@code -f 1} apply to each of its runs;
 *   <li>{@code --full [JMH args]}, or JMH's own command line alone: every benchmark and parameter, and every
 *       framework's encoder, unless the arguments name some (org.openjdk.jmh.Main's options, passed as they are);
 *   <li>{@code -prof gc} and {@code -prof comp} (allocation, JIT time per iteration) unless a profiler is named;
 *   <li>the forks pinned to one CPU and started with the servers' JVM flags (ForkConditions);
 *   <li>into results/jmh/TIMESTAMP/ (results/jmh/latest links to it): results.json (JMH's JSON, with each
 *       measured iteration in rawData), iterations.csv (every iteration, warm-up included) and summary.md;
 *   <li>without ../shared/gtfs/nyc-bus-brooklyn-2026.zip and without {@code -p feed=}, the generated feed;
 *   <li>afterwards the heap each feed representation retains (when FeedLoadBenchmark ran).
 * </ul>
 * {@code --help} prints the usage; {@code -h}, {@code -l}, {@code -lp}, {@code -lprof} and a command line JMH refuses
 * go to JMH's Main as they are.
 */
public final class RunJmh {
  private RunJmh() {}

  @Command(name = "./mill jmh.runJmh", sortOptions = false, usageHelpAutoWidth = true,
      description = "Runs the JMH benchmarks with the servers' JVM flags, the forks pinned to one CPU, and writes "
          + "results/jmh/<timestamp>/ (summary.md, results.json, iterations.csv); results/jmh/latest links to the newest.",
      footer = {"Any other argument is JMH's own (org.openjdk.jmh.Main): -f, -wi, -i, -r, -p name=value, -prof, benchmark",
          "regexes; JMH's arguments alone run as --full; -h, -l, -lp, -lprof print JMH's help and lists. docs/METHOD.md,",
          "Benchmarks, says more."})
  static final class Flags {
    @Option(names = "--default", description = "the default suite, about 20 minutes on 2 cores (the same as no arguments); "
        + "JMH options such as -f 1 apply to each of its runs")
    boolean defaultSuite;

    @Option(names = "--full", description = "every benchmark and parameter, and every framework's encoder; or those JMH's "
        + "arguments name (regexes, -p name=value)")
    boolean full;

    @Option(names = "--compare", arity = "2", paramLabel = "RUN", description = "two runs' folders (or results.json) row by "
        + "row, also into the second's comparison.md; runs nothing")
    List<Path> compare;

    @Option(names = "--help", usageHelp = true, description = "print this and exit")
    boolean help;

    @Unmatched
    List<String> jmh = new ArrayList<>();
  }

  public static void main(String[] args) throws Exception {
    try {
      Flags flags = Cli.parse(new Flags(), args, Map.of(), Map.of());
      if (flags.help) System.out.println(Cli.usage(new Flags(), "./mill jmh.runJmh"));
      else if (flags.compare != null) compare(flags.compare.get(0), flags.compare.get(1));
      else if (run(Path.of("results", "jmh"), true, args) == null) org.openjdk.jmh.Main.main(flags.jmh.toArray(String[]::new));
    } catch (Cli.UsageException | RunnerException | IllegalArgumentException e) {
      System.err.println("RunJmh: " + e.getMessage());
      System.exit(1);
    }
  }

  /** --compare FIRST SECOND: two runs' folders (or their results.json), row by row, also into SECOND/comparison.md. */
  static void compare(Path first, Path second) throws java.io.IOException {
    Path[] files = new Path[2];
    JsonNode[] results = new JsonNode[2];
    Path[] given = {first, second};
    for (int i = 0; i < 2; i++) {
      files[i] = Files.isDirectory(given[i]) ? given[i].resolve("results.json") : given[i];
      if (!Files.isRegularFile(files[i])) throw new IllegalArgumentException(given[i] + ": no results.json there");
      results[i] = new ObjectMapper().readTree(files[i].toFile());
    }
    String comparison = CompareJmhRuns.markdown(first.toString(), results[0], second.toString(), results[1]);
    System.out.print(comparison);
    Files.writeString(files[1].resolveSibling("comparison.md"), comparison);
  }

  /**
   * Runs JMH and writes the summary into a new folder under resultsRoot; null when JMH's Main should answer.
   * moveHost: pin this JVM off the forks' core (main does; a test calling in leaves its JVM where it is).
   */
  public static Path run(Path resultsRoot, boolean moveHost, String... args) throws Exception {
    Flags flags = Cli.parse(new Flags(), args, Map.of(), Map.of());
    if (flags.defaultSuite && flags.full) throw new IllegalArgumentException("--default and --full: one suite at a time");
    CommandLineOptions command;
    try {
      command = new CommandLineOptions(flags.jmh.toArray(String[]::new));
    } catch (CommandLineOptionException e) {
      return null;
    }
    if (command.shouldHelp() || command.shouldList() || command.shouldListWithParams() || command.shouldListProfilers()
        || command.shouldListResultFormats()) return null;
    boolean defaultSuite = flags.defaultSuite || args.length == 0; // JMH's own arguments alone run as --full
    if (defaultSuite && !command.getIncludes().isEmpty())
      throw new IllegalArgumentException("the default suite picks its own benchmarks: name benchmarks with --full, not with "
          + command.getIncludes());
    FrameworkRegistry registry = FrameworkRegistry.load();
    List<Suite.Entry> suite = defaultSuite ? Suite.defaultSuite(registry)
        : command.getIncludes().isEmpty() ? Suite.full(registry)
        : List.of(new Suite.Entry("", Map.of("framework", registry.names()), false)); // the command line's benchmarks, as JMH runs them

    Path dir = resultsRoot.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Files.createDirectories(dir);
    ForkConditions conditions = ForkConditions.pinned(moveHost);
    List<String> notes = new ArrayList<>();
    boolean generatedOnly = !Files.exists(Feeds.brooklyn()) && !command.getParameter("feed").hasValue();
    if (generatedOnly) {
      notes.add("The Brooklyn feed (" + Feeds.brooklyn() + ") is missing: every benchmark ran on the generated feed.");
      System.out.println("RunJmh: " + notes.get(0));
    }

    IterationLog log = new IterationLog();
    List<RunResult> results = new ArrayList<>();
    try (PrintStream output = command.getOutput().hasValue() ? new PrintStream(new FileOutputStream(command.getOutput().get(), true)) : null) {
      for (Suite.Entry entry : suite) {
        ChainedOptionsBuilder options = new OptionsBuilder().parent(command);
        if (!entry.include().isEmpty()) options.include(entry.include());
        if (entry.slowToSettle()) slowToSettle(options, command);
        Map<String, List<String>> params = new LinkedHashMap<>(entry.params());
        if (generatedOnly) params.put("feed", List.of(Feeds.GENERATED));
        params.forEach((key, values) -> {
          if (!command.getParameter(key).hasValue()) options.param(key, values.toArray(String[]::new)); // the command line's win
        });
        if (command.getProfilers().isEmpty()) options.addProfiler(GCProfiler.class).addProfiler(CompilerProfiler.class);
        conditions.applyTo(options, command, dir);
        OutputFormat jmhOutput = OutputFormatFactory.createFormatInstance(output != null ? output : System.out,
            command.verbosity().orElse(VerboseMode.NORMAL));
        results.addAll(new Runner(options.build(), log.recording(jmhOutput)).run());
      }
    } catch (RunnerException e) {
      if (results.isEmpty()) {
        try (var files = Files.list(dir)) {
          for (Path f : files.toList()) Files.delete(f);
        }
        Files.delete(dir);
      }
      throw e;
    }

    Path resultsFile = dir.resolve("results.json");
    ResultFormatFactory.getInstance(ResultFormatType.JSON, resultsFile.toString()).writeOut(results);
    log.writeCsv(dir.resolve("iterations.csv"));
    Map<String, RetainedHeap> retained = new LinkedHashMap<>();
    for (RunResult r : results)
      if (r.getParams().getBenchmark().startsWith(FeedLoadBenchmark.class.getName()))
        retained.computeIfAbsent(r.getParams().getParam("feed"), feed -> {
          System.out.println("RunJmh: measuring the heap each representation of " + feed + " retains ...");
          return RetainedHeap.of(Feeds.path(feed));
        });

    JsonNode json = new ObjectMapper().readTree(resultsFile.toFile());
    Set<List<String>> forkJvmArgs = new LinkedHashSet<>();
    Set<String> feeds = new LinkedHashSet<>();
    for (JsonNode r : json) {
      List<String> jvmArgs = new ArrayList<>();
      r.get("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
      forkJvmArgs.add(jvmArgs);
      if (r.path("params").has("feed")) feeds.add(r.get("params").get("feed").asText());
    }
    List<String> head = List.of(
        "# JMH results, " + ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")),
        "",
        "Command: `" + (conditions.launchedByMill() ? "./mill jmh.runJmh" : "sh out/jmh/launcher.dest/run")
            + (args.length == 0 ? "" : " " + String.join(" ", args)) + "`"
            + (defaultSuite ? " (the default suite)" : "") + String.format(java.util.Locale.ROOT, ", %.1f minutes.", conditions.minutes()));
    List<String> lines = new ArrayList<>(conditions.describe(forkJvmArgs));
    if (json.size() > 0) {
      JsonNode any = json.get(0);
      lines.add(0, "JMH " + any.get("jmhVersion").asText() + "; JDK " + any.get("jdkVersion").asText() + ", "
          + any.get("vmName").asText() + " " + any.get("vmVersion").asText() + ".");
    }
    for (String feed : feeds) lines.add("Feed `" + feed + "`: " + describeFeed(feed) + ".");
    lines.add("Beside this file: results.json (JMH's JSON; rawData holds each measured iteration, per fork) and"
        + " iterations.csv (every iteration, warm-up included, with wall time, JIT time and allocation).");
    Map<String, String> frameworks = new LinkedHashMap<>();
    for (String name : registry.names()) {
      FrameworkRegistry.Description d = registry.description(name);
      frameworks.put(name, name + ": " + d.json());
      lines.add("Framework " + name + ": " + d.libraries().stream().map(Object::toString).collect(java.util.stream.Collectors.joining(", "))
          + "; its encoder (SerializationBenchmark.encode): " + d.json() + ".");
    }
    Summary summary = new Summary(json, log.iterations(), head, lines, notes, retained, routeLabels(), frameworks);
    Path summaryFile = dir.resolve("summary.md");
    Files.writeString(summaryFile, summary.markdown());
    Path latest = resultsRoot.resolve("latest");
    Files.deleteIfExists(latest);
    Files.createSymbolicLink(latest, dir.getFileName());
    System.out.println("RunJmh: " + summary.verdict().replace("**", ""));
    System.out.println("RunJmh: summary in " + summaryFile.toAbsolutePath() + " (also " + latest + "), beside results.json and iterations.csv");
    return dir;
  }

  /** Suite.SLOW_TO_SETTLE's forks, warm-ups and iteration times, where the command line sets none of its own. */
  private static void slowToSettle(ChainedOptionsBuilder options, CommandLineOptions command) {
    Suite.Settings slow = Suite.SLOW_TO_SETTLE;
    if (!command.getForkCount().hasValue()) options.forks(slow.forks());
    if (!command.getWarmupIterations().hasValue()) options.warmupIterations(slow.warmups());
    if (!command.getWarmupTime().hasValue()) options.warmupTime(TimeValue.seconds(slow.warmupSeconds()));
    if (!command.getMeasurementTime().hasValue()) options.measurementTime(TimeValue.seconds(slow.measurementSeconds()));
  }

  /** The route a (feed, route) pair names, with its id and trips, and its response size; each feed loaded once. */
  private static java.util.function.BiFunction<String, String, Summary.Route> routeLabels() {
    Map<String, Feed> feeds = new HashMap<>();
    return (feedName, route) -> {
      Feed feed = feeds.computeIfAbsent(feedName, n -> FeedLoader.load(Feeds.path(n)));
      int code = Feeds.route(feed, route);
      String id = feed.routeIds.value(code);
      String label = (id.equals(route) ? id : route + ": " + id) + " (" + feed.tripsByRoute.size(code) + " trips)";
      return new Summary.Route(label, Feeds.responseBytes(feed, code));
    };
  }

  private static String describeFeed(String name) {
    try {
      Path path = Feeds.path(name);
      return "`" + path + "` (" + Summary.megabytes(Files.size(path)) + ")";
    } catch (Exception e) {
      return e.getMessage();
    }
  }
}
