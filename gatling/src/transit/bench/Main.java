package transit.bench;

import java.io.IOException;
import transit.bench.report.CompareRuns;
import transit.bench.run.Launchers;
import transit.cli.Cli;

/** {@code ./mill gatling.run}: the load-test harness's command line (Options), --compare, or a run (Bench). */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    Launchers launchers = Launchers.load();
    Options options;
    try {
      options = Options.parse(args, launchers.frameworks());
    } catch (Cli.UsageException e) {
      System.err.println("gatling: " + e.getMessage() + " (see --help)");
      System.exit(2);
      return;
    }
    if (options.help()) {
      System.out.println(Options.usage(launchers.frameworks(), launchers.defaultHeap()));
      return;
    }
    if (options.compare() != null) {
      try {
        System.out.print(CompareRuns.write(options.compare().get(0), options.compare().get(1)));
        System.out.println("Comparison: " + options.compare().get(1).resolve("comparison.html") + " (and comparison.md beside it)");
      } catch (IOException e) {
        System.err.println("gatling: --compare: " + e.getMessage());
        System.exit(2);
      }
      return;
    }
    try {
      Bench.Outcome outcome = Bench.run(options, launchers);
      System.out.println("Report: " + outcome.html() + " (and report.md beside it)");
      if (!outcome.failures().isEmpty()) System.exit(1);
    } catch (Cli.UsageException e) {
      System.err.println("gatling: " + e.getMessage() + " (see --help)");
      System.exit(2);
    } catch (Exception e) {
      System.err.println("gatling: the load test failed: " + e);
      e.printStackTrace(); // a defect of the harness: where, for whoever fixes it
      System.exit(1);
    }
  }
}
