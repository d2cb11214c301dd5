package transit.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;
import transit.measure.Csv;

/**
 * Every iteration of a run, warm-up included, as JMH's forks report it to the host: JMH's results keep only the
 * measured ones, and the warm-up is what shows whether a benchmark had settled. Written as iterations.csv beside
 * the results; the summary's steady-state column is computed from it.
 */
final class IterationLog {
  static final String JIT = "compiler.time.profiled", ALLOC = "gc.alloc.rate.norm";

  /**
   * One iteration. fork: JMH's fork number ("w1" for a warm-up fork, "0" when run in the host); iteration counts
   * from 1 within warm-up and within measurement; wallMillis as the host saw it (setup at iteration level
   * included); jitMillis and allocBytes are NaN without -prof comp / -prof gc.
   */
  record Iteration(String benchmark, String mode, Map<String, String> params, String fork, boolean warmup, int iteration,
      double score, String unit, double wallMillis, double jitMillis, double allocBytes) {}

  private final List<Iteration> iterations = Collections.synchronizedList(new ArrayList<>());

  List<Iteration> iterations() { return List.copyOf(iterations); }

  /** JMH's output as it is, recording each iteration on the way. One per Runner: the Runner ends it. */
  OutputFormat recording(OutputFormat jmhOutput) { return new Recording(jmhOutput); }

  void writeCsv(Path file) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    for (Iteration i : iterations())
      rows.add(List.of(i.benchmark(), i.mode(), paramsText(i.params()), i.fork(), i.warmup() ? "warmup" : "measurement",
          String.valueOf(i.iteration()), String.valueOf(i.score()), i.unit(), String.valueOf(Math.round(i.wallMillis())),
          orBlank(i.jitMillis()), orBlank(i.allocBytes())));
    Csv.write(file, List.of("benchmark", "mode", "params", "fork", "phase", "iteration", "score", "unit", "wall_ms", "jit_ms",
        "alloc_bytes_per_op"), rows);
  }

  static String paramsText(Map<String, String> params) {
    StringBuilder text = new StringBuilder();
    params.forEach((k, v) -> text.append(text.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return text.toString();
  }

  private static String orBlank(double value) { return Double.isNaN(value) ? "" : String.valueOf(value); }

  static Map<String, String> params(BenchmarkParams params) {
    Map<String, String> values = new TreeMap<>();
    for (String key : params.getParamsKeys()) values.put(key, params.getParam(key));
    return values;
  }

  private final class Recording implements OutputFormat {
    private static final Pattern FORK = Pattern.compile("^# (Warmup )?Fork: (\\d+) of");
    private final OutputFormat jmh;
    private String fork = "0";
    private long iterationStart;

    Recording(OutputFormat jmh) { this.jmh = jmh; }

    @Override
    public void iteration(BenchmarkParams benchmark, IterationParams params, int iteration) {
      iterationStart = System.nanoTime();
      jmh.iteration(benchmark, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchmark, IterationParams params, int iteration, IterationResult data) {
      Result<?> primary = data.getPrimaryResult();
      Map<String, Result> secondary = data.getSecondaryResults();
      iterations.add(new Iteration(benchmark.getBenchmark(), benchmark.getMode().shortLabel(), params(benchmark), fork, params.getType() == IterationType.WARMUP,
          iteration, primary.getScore(), primary.getScoreUnit(), (System.nanoTime() - iterationStart) / 1e6,
          score(secondary, JIT), score(secondary, ALLOC)));
      jmh.iterationResult(benchmark, params, iteration, data);
    }

    private static double score(Map<String, Result> results, String label) {
      Result<?> r = results.get(label);
      return r == null ? Double.NaN : r.getScore();
    }

    @Override
    public void startBenchmark(BenchmarkParams benchmark) {
      fork = "0";
      jmh.startBenchmark(benchmark);
    }

    @Override
    public void println(String line) {
      Matcher m = FORK.matcher(line);
      if (m.find()) fork = (m.group(1) != null ? "w" : "") + m.group(2);
      jmh.println(line);
    }

    @Override public void endBenchmark(BenchmarkResult result) { jmh.endBenchmark(result); }
    @Override public void startRun() { jmh.startRun(); }
    @Override public void endRun(Collection<RunResult> result) { jmh.endRun(result); }
    @Override public void print(String s) { jmh.print(s); }
    @Override public void flush() { jmh.flush(); }
    @Override public void close() { jmh.close(); }
    @Override public void verbosePrintln(String s) { jmh.verbosePrintln(s); }
    @Override public void write(int b) { jmh.write(b); }
    @Override public void write(byte[] b) throws IOException { jmh.write(b); }
  }
}
