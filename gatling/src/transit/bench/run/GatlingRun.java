package transit.bench.run;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import transit.bench.scenario.Phase;
import transit.bench.scenario.Scenarios;
import transit.measure.ProcessSampler;

/**
 * One Gatling run of a plan's slices in its own JVM, pinned to the client CPUs, with a stated heap and collector.
 * Reads the simulation's marker lines as they come, to time each slice, count the connections accepted in it and hand
 * each to the harness as it ends, which decides the next ones (Control) while the run goes; samples Gatling's own CPU
 * and GC, so the report can tell when the client was the limit.
 */
public final class GatlingRun {
  /** Gatling's JVM: a fixed heap (it holds whole responses for their length check) and the throughput collector. */
  public static final List<String> JVM_FLAGS = List.of("-Xms2g", "-Xmx2g", "-XX:+UseParallelGC", "--add-opens=java.base/java.lang=ALL-UNNAMED");

  /**
   * A slice as Gatling saw it: its window (epoch ms); its answers by outcome and the right ones' times; connections accepted and
   * bytes sent over the loopback in it (-1 unknown); for a scenario that asks for it, its timeline (the right answers'
   * times second by second, once the run is over); Gatling's process and collector over it.
   */
  public record SliceRun(long start, long end, long ok, long failed, long lost, Histogram times,
      List<Histogram> timeline, long connectionsAccepted, long loopbackBytes, ProcessSampler.Window client, JvmProbe.Window clientGc) {
    public double seconds() { return (end - start) / 1000.0; }

    /** The same with its timeline. */
    SliceRun withTimeline(List<Histogram> seconds) {
      return new SliceRun(start, end, ok, failed, lost, times, seconds, connectionsAccepted, loopbackBytes, client, clientGc);
    }
  }

  /**
   * records: the folder of Gatling's own record of the run (its simulation.log, from which `--reports-only` draws its
   * HTML report), once Gatling has exited; slices: each as it ran, null for one skipped.
   */
  public record Result(CompletableFuture<Path> records, List<SliceRun> slices, String clientCollectors) {}

  /**
   * Told when a slice starts and when it has ended (with what it measured), on the thread reading Gatling's output: what it
   * does (decide the next slices) holds the run's next undecided slice, never the one running.
   */
  public interface SliceListener {
    void started(int slice, long atMillis);

    void ended(int slice, SliceRun run);
  }

  private final SimulationPlan plan;
  private final SliceListener listener;
  private final long[][] windows; // per slice: start, end, accepted at start, at end, loopback bytes at start, at end
  private final SliceRun[] ran;
  private ProcessSampler stats;
  private volatile JvmProbe probe;

  private GatlingRun(SimulationPlan plan, SliceListener listener) {
    this.plan = plan;
    this.listener = listener;
    this.windows = new long[plan.slices().size()][6];
    this.ran = new SliceRun[plan.slices().size()];
  }

  /**
   * Gatling's JVM, started before its plan is known (launch): it waits for the plan's file (SimulationPlan#load), so
   * that its start overlaps whatever the harness does meanwhile. control: where the harness decides its slices. Closing
   * it ends a JVM never given its plan.
   */
  public record Launched(Process process, Path dir, Control control, java.util.concurrent.atomic.AtomicBoolean ran) implements AutoCloseable {
    Path planFile() { return dir.resolve("plan.properties"); }

    /** Ends a JVM never given its plan, or whose run failed; one whose run returned ends by itself. */
    @Override
    public void close() {
      if (!ran.get()) process.destroyForcibly();
    }
  }

  /** Starts Gatling's JVM on the pinned CPUs, writing into dir, waiting for its plan, none of its slices decided. */
  public static Launched launch(Path dir, List<String> pinning) throws IOException {
    Files.createDirectories(dir);
    Control control = new Control(dir);
    List<String> command = new ArrayList<>(pinning);
    command.add(Launchers.java());
    command.addAll(JVM_FLAGS);
    command.addAll(List.of("-D" + SimulationPlan.PROPERTY + "=" + dir.resolve("plan.properties"), "-cp", System.getProperty("java.class.path"),
        "io.gatling.app.Gatling", "--simulation", TransitSimulation.class.getName(), "--results-folder", dir.toString(),
        "--no-reports")); // the harness's report is made from the slices' figures; Gatling's own would cost the client's CPU
    return new Launched(new ProcessBuilder(command).redirectErrorStream(true).start(), dir, control, new java.util.concurrent.atomic.AtomicBoolean());
  }

  /** Runs the plan on a JVM launched for it (launch). It returns once the simulation has ended, while Gatling still exits. */
  public static Result run(Launched launched, SimulationPlan plan, SliceListener listener) throws IOException, InterruptedException {
    return new GatlingRun(plan, listener).run(launched);
  }

  private Result run(Launched launched) throws IOException, InterruptedException {
    Path dir = launched.dir();
    plan.save(launched.planFile());
    Process gatling = launched.process();
    stats = new ProcessSampler(gatling.pid(), false);
    // Attached once Gatling's JVM prints its first line, on a thread of its own while its output is read: the attach
    // API signals (SIGQUIT) a JVM not yet listening, which then prints a thread dump per signal; unread, those filled
    // the pipe and held both processes for minutes.
    CompletableFuture<JvmProbe> attached = new CompletableFuture<>();
    CompletableFuture<Void> simulated = new CompletableFuture<>();
    CompletableFuture<Path> records = new CompletableFuture<>();
    attached.thenAccept(p -> probe = p);
    // Gatling's output is read to its end on a thread of its own, which outlasts this run while Gatling exits
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
        Path written = recordsDir(dir);
        if (written == null) throw new IOException("Gatling exited " + exit + " without its records; see " + dir.resolve("gatling.log"));
        records.complete(written);
      } catch (IOException | InterruptedException | RuntimeException e) {
        records.completeExceptionally(e);
        simulated.completeExceptionally(e);
      } finally {
        if (!attaching) attached.complete(null);
        simulated.complete(null); // ended without its marker: the records say why
      }
    }, "gatling-output");
    reader.setDaemon(true);
    reader.start();
    try {
      try {
        simulated.join();
      } catch (java.util.concurrent.CompletionException e) {
        if (e.getCause() instanceof IOException failed) throw failed;
        if (e.getCause() instanceof RuntimeException failed) throw failed;
        throw e;
      }
      JvmProbe attachedProbe = attached.completeOnTimeout(null, 30, TimeUnit.SECONDS).join();
      Path histograms = dir.resolve(TransitSimulation.HISTOGRAMS);
      if (!Files.exists(histograms)) throw new IOException("Gatling ended without its figures; see " + dir.resolve("gatling.log"));
      Map<String, List<Histogram>> byTag = readHistograms(histograms);
      List<SliceRun> slices = new ArrayList<>();
      for (int i = 0; i < ran.length; i++) {
        boolean timeline = ran[i] != null && Scenarios.named(plan.slices().get(i).step().scenario()).timeline();
        slices.add(ran[i] == null ? null : timeline ? ran[i].withTimeline(byTag.getOrDefault("ok-" + i, List.of())) : ran[i]);
      }
      launched.ran().set(true);
      return new Result(records, slices, attachedProbe == null ? "unknown" : attachedProbe.collectors);
    } catch (IOException | RuntimeException e) {
      gatling.destroyForcibly();
      throw e;
    } finally {
      stats.close();
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

  /** "@@bench start|end SLICE EPOCH_MS [OK FAILED LOST TIMES]" */
  private void onMarker(String[] f) {
    int index = Integer.parseInt(f[2]);
    long at = Long.parseLong(f[3]);
    long[] w = windows[index];
    switch (f[1]) {
      case "start" -> {
        w[0] = at;
        w[2] = ProcessSampler.connectionsAccepted();
        w[4] = ProcessSampler.loopbackBytes();
        listener.started(index, at);
      }
      case "end" -> {
        w[1] = at;
        w[3] = ProcessSampler.connectionsAccepted();
        w[5] = ProcessSampler.loopbackBytes();
        JvmProbe gc = probe;
        ran[index] = new SliceRun(w[0], w[1], Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), Phase.decode(f[7]),
            List.of(), w[2] >= 0 && w[3] >= 0 ? w[3] - w[2] : -1, w[4] >= 0 && w[5] >= 0 ? w[5] - w[4] : -1, stats.window(w[0], w[1]),
            gc == null ? null : gc.window(w[0], w[1]));
        listener.ended(index, ran[index]);
      }
      default -> { }
    }
  }

  /** Gatling writes its records to a new folder (simulation name and timestamp) under the results folder. */
  private static Path recordsDir(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(p -> Files.isRegularFile(p.resolve("simulation.log"))).findFirst().orElse(null);
    }
  }
}
