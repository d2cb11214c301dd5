package transit.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * {@code ./mill jmh.runJmh [JMH args]}: JMH's own command line (org.openjdk.jmh.Main's options, passed as
 * they are), with these additions:
 * <ul>
 *   <li>no arguments at all runs the default suite with {@code -prof gc}, for allocation per operation;
 *   <li>unless {@code -rf}/{@code -rff} are given, results go as JSON to results/jmh/TIMESTAMP/results.json,
 *       with results/jmh/latest linking to that folder;
 *   <li>without ../shared/gtfs/nyc-bus-brooklyn-2026.zip and without {@code -p feed=}, the generated feed;
 *   <li>afterwards the heap each feed representation retains (when FeedLoadBenchmark ran), and summary.md.
 * </ul>
 * {@code -h}, {@code -l}, {@code -lp}, {@code -lprof} and a command line JMH refuses go to JMH's Main as they are.
 */
public final class RunJmh {
  private RunJmh() {}

  public static void main(String[] args) throws Exception {
    try {
      if (run(Path.of("results", "jmh"), args) == null) org.openjdk.jmh.Main.main(args);
    } catch (RunnerException e) {
      System.err.println("RunJmh: " + e.getMessage());
      System.exit(1);
    }
  }

  /** Runs JMH and writes the summary into a new folder under resultsRoot; null when JMH's Main should answer. */
  public static Path run(Path resultsRoot, String... args) throws Exception {
    String[] jmhArgs = args.length == 0 ? new String[] {"-prof", "gc"} : args;
    CommandLineOptions command;
    try {
      command = new CommandLineOptions(jmhArgs);
    } catch (CommandLineOptionException e) {
      return null;
    }
    if (command.shouldHelp() || command.shouldList() || command.shouldListWithParams() || command.shouldListProfilers()
        || command.shouldListResultFormats()) return null;

    Path dir = resultsRoot.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Files.createDirectories(dir);
    ChainedOptionsBuilder options = new OptionsBuilder().parent(command);
    Path resultsFile = null;
    if (!command.getResultFormat().hasValue() && !command.getResult().hasValue()) {
      resultsFile = dir.resolve("results.json");
      options.resultFormat(ResultFormatType.JSON).result(resultsFile.toString());
    }
    List<String> notes = new ArrayList<>();
    if (!Files.exists(Feeds.brooklyn()) && !command.getParameter("feed").hasValue()) {
      options.param("feed", Feeds.GENERATED);
      notes.add("The Brooklyn feed (" + Feeds.brooklyn() + ") is missing: every benchmark ran on the generated feed.");
      System.out.println("RunJmh: " + notes.get(0));
    }

    Collection<RunResult> results;
    try {
      results = new Runner(options.build()).run();
    } catch (RunnerException e) {
      Files.deleteIfExists(dir); // still empty: nothing ran
      throw e;
    }

    Map<String, RetainedHeap> retained = new LinkedHashMap<>();
    for (RunResult r : results)
      if (r.getParams().getBenchmark().startsWith(FeedLoadBenchmark.class.getName()))
        retained.computeIfAbsent(r.getParams().getParam("feed"), feed -> {
          System.out.println("RunJmh: measuring the heap each representation of " + feed + " retains ...");
          return RetainedHeap.of(Feeds.path(feed));
        });
    Path summary = dir.resolve("summary.md");
    Files.writeString(summary, new Summary(results, retained, Arrays.asList(args), notes).markdown());
    Path latest = resultsRoot.resolve("latest");
    Files.deleteIfExists(latest);
    Files.createSymbolicLink(latest, dir.getFileName());
    System.out.println("RunJmh: " + (resultsFile != null ? "results in " + resultsFile.toAbsolutePath() + ", " : "")
        + "summary in " + summary.toAbsolutePath() + " (also " + latest + ")");
    return dir;
  }
}
