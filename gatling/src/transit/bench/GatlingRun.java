package transit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One Gatling run of a plan in its own JVM (pinned to the cores the server does not use), with the harness's
 * classpath. Reads the simulation's marker lines as they come, to time each measured step and print progress;
 * everything else Gatling prints goes to a log file.
 */
final class GatlingRun {
  /** When a step's measured phase started and ended (epoch ms), and the connections closed in between (or null). */
  static final class Window {
    long start, end;
    Long connectionsClosed;

    double seconds() { return (end - start) / 1000.0; }
  }

  record Result(Path reportDir, List<Window> windows) {}

  private final String title;
  private final Plan plan;
  private final int serverPort; // 0 when the server is not on this machine
  private final Window[] windows;
  private volatile String phase = "starting Gatling";
  private volatile long phaseStart = System.currentTimeMillis();
  private volatile int phaseSeconds;
  private volatile long lastPrint;

  private GatlingRun(String title, Plan plan, int serverPort) {
    this.title = title;
    this.plan = plan;
    this.serverPort = serverPort;
    this.windows = Stream.generate(Window::new).limit(plan.steps().size()).toArray(Window[]::new);
  }

  /** Runs the plan against the server; title prefixes progress lines (e.g. "cask, cached"). */
  static Result run(String title, Plan plan, Path dir, List<String> pinning, int serverPort) throws IOException, InterruptedException {
    return new GatlingRun(title, plan, serverPort).run(dir, pinning);
  }

  private Result run(Path dir, List<String> pinning) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path planFile = dir.resolve("plan.properties");
    plan.save(planFile);
    List<String> command = new ArrayList<>(pinning);
    command.addAll(List.of(Launchers.java(), "--add-opens=java.base/java.lang=ALL-UNNAMED", "-Xms1g", "-Xmx2g",
        "-D" + Plan.PROPERTY + "=" + planFile, "-cp", System.getProperty("java.class.path"), "io.gatling.app.Gatling",
        "--simulation", TransitSimulation.class.getName(), "--results-folder", dir.toString(), "--run-description", title));
    Process gatling = new ProcessBuilder(command).redirectErrorStream(true).start();
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    ticker.scheduleAtFixedRate(this::tick, 5, 5, TimeUnit.SECONDS);
    try (BufferedReader in = new BufferedReader(new InputStreamReader(gatling.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter log = new PrintWriter(Files.newBufferedWriter(dir.resolve("gatling.log")), true)) {
      for (String line; (line = in.readLine()) != null; ) {
        if (line.startsWith(TransitSimulation.MARKER + " ")) onMarker(line.split(" "));
        else log.println(line);
      }
    } finally {
      ticker.shutdownNow();
    }
    int exit = gatling.waitFor();
    Path report = reportDir(dir);
    if (report == null) throw new IOException("Gatling exited " + exit + " without a report; see " + dir.resolve("gatling.log"));
    return new Result(report, List.of(windows));
  }

  /** "@@bench start|end warm-up|measure STEP EPOCH_MS" */
  private void onMarker(String[] f) {
    boolean start = f[1].equals("start"), measure = f[2].equals("measure");
    Step step = plan.steps().get(Integer.parseInt(f[3]));
    long at = Long.parseLong(f[4]);
    if (measure) {
      Window w = windows[Integer.parseInt(f[3])];
      if (start) w.start = at;
      else {
        w.end = at;
        if (serverPort > 0) w.connectionsClosed = ProcessStats.connectionsClosedWithin(serverPort, (System.currentTimeMillis() - w.start) / 1000.0);
      }
    }
    if (measure && !start && step == plan.steps().get(plan.steps().size() - 1)) {
      phase = "writing the Gatling report";
      phaseStart = at;
      phaseSeconds = 0;
    }
    if (start) {
      phase = "step " + (Integer.parseInt(f[3]) + 1) + "/" + plan.steps().size() + ", " + step.label() + ": " + f[2];
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
    System.out.println("[" + title + "] " + phase + (phaseSeconds > 0 ? " " + elapsed + " s / " + phaseSeconds + " s" : ""));
  }

  /** Gatling writes its report to a new folder (simulation name and timestamp) under the results folder. */
  private static Path reportDir(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(p -> Files.isRegularFile(p.resolve("index.html"))).findFirst().orElse(null);
    }
  }
}
