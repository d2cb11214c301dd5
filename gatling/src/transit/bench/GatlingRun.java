package transit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import transit.measure.ProcessSampler;

/**
 * One Gatling run of a plan in its own JVM, pinned to the client CPUs, with a stated heap and collector. Reads
 * the simulation's marker lines as they come, to time each measured step, count the connections accepted in
 * it and print progress; samples Gatling's own CPU and GC, so the report can tell when the client was the limit.
 */
final class GatlingRun {
  /** Gatling's JVM: a fixed heap (it holds whole responses for their length check) and the throughput collector. */
  static final List<String> JVM_FLAGS = List.of("-Xms2g", "-Xmx2g", "-XX:+UseParallelGC", "--add-opens=java.base/java.lang=ALL-UNNAMED");

  /**
   * A measured step as Gatling saw it: its window (epoch ms), response times by outcome, connections accepted and bytes
   * sent over the loopback in it (-1 unknown),
   * and, for a scenario that asks for it, its timeline: the right answers' times second by second.
   */
  record StepRun(long start, long end, Map<String, Histogram> outcomes, List<Histogram> timeline, long connectionsAccepted,
      long loopbackBytes, ProcessSampler.Window client, JvmProbe.Window clientGc) {
    double seconds() { return (end - start) / 1000.0; }

    Histogram ok() { return outcomes.get("ok"); }

    long count(String outcome) { return outcomes.containsKey(outcome) ? outcomes.get(outcome).getTotalCount() : 0; }
  }

  /** report: Gatling's own HTML report folder, once Gatling has written it (Gatling exits then). */
  record Result(java.util.concurrent.CompletableFuture<Path> report, List<StepRun> steps, String clientCollectors) {}

  /** Told when a measured step starts (its index, epoch ms), on the thread reading Gatling's output: must not block. */
  interface StepListener {
    void measuring(int step, long atMillis);
  }

  private final SimulationPlan plan;
  private final Consumer<String> progress;
  private final StepListener listener;
  private final long[][] windows; // per step: start, end, accepted at start, accepted at end, loopback bytes at start, at end
  private volatile String phase = "starting Gatling";
  private volatile long phaseStart = System.currentTimeMillis();
  private volatile int phaseSeconds;
  private volatile long lastPrint;

  private GatlingRun(SimulationPlan plan, Consumer<String> progress, StepListener listener) {
    this.plan = plan;
    this.progress = progress;
    this.listener = listener;
    this.windows = new long[plan.steps().size()][6];
  }

  /**
   * Gatling's JVM, started before its plan is known (launch): it waits for the plan's file (SimulationPlan#load), so
   * that its start, seconds on one core, overlaps the server's on the other CPUs. Closing it ends a JVM never given
   * its plan.
   */
  record Launched(Process process, Path dir, java.util.concurrent.atomic.AtomicBoolean ran) implements AutoCloseable {
    Path planFile() { return dir.resolve("plan.properties"); }

    /** Ends a JVM never given its plan, or whose run failed; one whose run returned ends once its report is written. */
    @Override
    public void close() {
      if (!ran.get()) process.destroyForcibly();
    }
  }

  /** Starts Gatling's JVM on the pinned CPUs, writing into dir, waiting for its plan. */
  static Launched launch(Path dir, List<String> pinning) throws IOException {
    Files.createDirectories(dir);
    List<String> command = new ArrayList<>(pinning);
    command.add(Launchers.java());
    command.addAll(JVM_FLAGS);
    command.addAll(List.of("-D" + SimulationPlan.PROPERTY + "=" + dir.resolve("plan.properties"), "-cp", System.getProperty("java.class.path"),
        "io.gatling.app.Gatling", "--simulation", TransitSimulation.class.getName(), "--results-folder", dir.toString()));
    return new Launched(new ProcessBuilder(command).redirectErrorStream(true).start(), dir, new java.util.concurrent.atomic.AtomicBoolean());
  }

  /**
   * Runs the plan on a JVM launched for it (launch); progress receives a line every few seconds. With reportAfter, it
   * returns once the simulation has ended, while Gatling still writes its HTML report (Result#report); else once
   * Gatling has exited.
   */
  static Result run(Launched launched, SimulationPlan plan, Consumer<String> progress, StepListener listener, boolean reportAfter)
      throws IOException, InterruptedException {
    return new GatlingRun(plan, progress, listener).run(launched, reportAfter);
  }

  private Result run(Launched launched, boolean reportAfter) throws IOException, InterruptedException {
    Path dir = launched.dir();
    plan.save(launched.planFile());
    Process gatling = launched.process();
    ProcessSampler stats = new ProcessSampler(gatling.pid(), false);
    // Attached once Gatling's JVM prints its first line, on a thread of its own while its output is read: the attach
    // API signals (SIGQUIT) a JVM not yet listening, which then prints a thread dump per signal; unread, those filled
    // the pipe and held both processes for minutes (two runs of 27 broke off so).
    java.util.concurrent.CompletableFuture<JvmProbe> attached = new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Void> simulated = new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.CompletableFuture<Path> report = new java.util.concurrent.CompletableFuture<>();
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    ticker.scheduleAtFixedRate(this::tick, 5, 5, TimeUnit.SECONDS);
    // Gatling's output is read to its end on a thread of its own, which may outlast this run (reportAfter)
    Thread reader = new Thread(() -> {
      boolean attaching = false;
      try (BufferedReader in = new BufferedReader(new InputStreamReader(gatling.getInputStream(), StandardCharsets.UTF_8));
          PrintWriter log = new PrintWriter(Files.newBufferedWriter(dir.resolve("gatling.log")), true)) {
        for (String line; (line = in.readLine()) != null; ) {
          if (!attaching) attached.completeAsync(() -> attachWhenReady(gatling));
          attaching = true;
          if (line.equals(Phase.MARKER + " " + Phase.SIMULATED)) simulated.complete(null);
          else if (line.startsWith(Phase.MARKER + " ")) onMarker(line.split(" "));
          else log.println(line);
        }
        int exit = gatling.waitFor();
        Path written = reportDir(dir);
        if (written == null) throw new IOException("Gatling exited " + exit + " without a report; see " + dir.resolve("gatling.log"));
        report.complete(written);
      } catch (IOException | InterruptedException | RuntimeException e) {
        report.completeExceptionally(e);
      } finally {
        if (!attaching) attached.complete(null);
        simulated.complete(null); // ended without its marker: the report's failure says why
      }
    }, "gatling-output");
    reader.setDaemon(true);
    reader.start();
    try {
      (reportAfter ? simulated : report).handle((done, failed) -> null).join();
      try {
        report.getNow(null);
      } catch (java.util.concurrent.CompletionException e) {
        if (e.getCause() instanceof IOException failed) throw failed;
        throw e;
      }
      JvmProbe probe = attached.completeOnTimeout(null, 30, TimeUnit.SECONDS).join();
      Path histograms = dir.resolve(TransitSimulation.HISTOGRAMS);
      if (!Files.exists(histograms)) throw new IOException("Gatling ended without its figures; see " + dir.resolve("gatling.log"));
      Map<String, List<Histogram>> byTag = readHistograms(histograms);
      List<StepRun> steps = new ArrayList<>();
      for (int i = 0; i < windows.length; i++) {
        long[] w = windows[i];
        Map<String, Histogram> outcomes = new HashMap<>();
        for (String outcome : Phase.OUTCOMES)
          if (byTag.containsKey(outcome + "-" + i)) outcomes.put(outcome, sum(byTag.get(outcome + "-" + i)));
        List<Histogram> timeline = Scenarios.named(plan.steps().get(i).scenario()).timeline() ? byTag.getOrDefault("ok-" + i, List.of()) : List.of();
        steps.add(new StepRun(w[0], w[1], outcomes, timeline, w[2] >= 0 && w[3] >= 0 ? w[3] - w[2] : -1,
            w[4] >= 0 && w[5] >= 0 ? w[5] - w[4] : -1, stats.window(w[0], w[1]), probe == null ? null : probe.window(w[0], w[1])));
      }
      launched.ran().set(true);
      return new Result(report, steps, probe == null ? "unknown" : probe.collectors);
    } catch (IOException | RuntimeException e) {
      gatling.destroyForcibly();
      throw e;
    } finally {
      stats.close();
      ticker.shutdownNow();
      attached.thenAccept(p -> { if (p != null) p.close(); }); // now, or once a late attach returns
    }
  }

  /** Gatling's JVM answers the attach API once it has started; until then, try again (for up to 20 s). */
  private static JvmProbe attachWhenReady(Process process) {
    try {
      for (int attempt = 0; attempt < 40 && process.isAlive(); attempt++) {
        try {
          return JvmProbe.attach(process.pid());
        } catch (IOException e) {
          Thread.sleep(500);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return null;
  }

  /** Each tag's intervals, in order. */
  private static Map<String, List<Histogram>> readHistograms(Path file) throws IOException {
    Map<String, List<Histogram>> byTag = new HashMap<>();
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; )
      byTag.computeIfAbsent(h.getTag(), k -> new ArrayList<>()).add((Histogram) h);
    return byTag;
  }

  static Histogram sum(List<Histogram> intervals) {
    Histogram all = new Histogram(3);
    intervals.forEach(all::add);
    return all;
  }

  /** "@@bench start|end warm-up|measure STEP EPOCH_MS" */
  private void onMarker(String[] f) {
    boolean start = f[1].equals("start"), measure = f[2].equals("measure");
    int index = Integer.parseInt(f[3]);
    Step step = plan.steps().get(index);
    long at = Long.parseLong(f[4]);
    if (measure) {
      windows[index][start ? 0 : 1] = at;
      windows[index][start ? 2 : 3] = ProcessSampler.connectionsAccepted();
      windows[index][start ? 4 : 5] = ProcessSampler.loopbackBytes();
      if (start) listener.measuring(index, at);
    }
    if (measure && !start && index == plan.steps().size() - 1) {
      phase = "writing the Gatling report";
      phaseStart = at;
      phaseSeconds = 0;
    }
    if (start) {
      phase = "step " + (index + 1) + "/" + plan.steps().size() + ", " + step.label() + ": " + f[2];
      phaseStart = at;
      phaseSeconds = measure ? step.expectedSeconds() : step.warmupSeconds();
      printProgress();
    }
  }

  /** Every 5 s, unless a phase has just been announced. */
  private void tick() {
    if (System.currentTimeMillis() - lastPrint >= 2000) printProgress();
  }

  private void printProgress() {
    lastPrint = System.currentTimeMillis();
    long elapsed = (System.currentTimeMillis() - phaseStart) / 1000;
    progress.accept(phase + (phaseSeconds > 0 ? " " + elapsed + " s / " + phaseSeconds + " s" : ""));
  }

  /** Gatling writes its report to a new folder (simulation name and timestamp) under the results folder. */
  private static Path reportDir(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(p -> Files.isRegularFile(p.resolve("index.html"))).findFirst().orElse(null);
    }
  }
}
