package transit.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.server.ServerStartup;

/**
 * The load-test harness: for each framework in turn, its server in its own JVM (same flags, same feed, a free
 * port), every chosen scenario through Gatling, and for heavy and small the same again with the server's
 * --cache; then results/<timestamp>/report.md with charts. See {@link Options#usage}.
 */
public final class Bench {
  static { // a harness stopped early (Ctrl-C, a test timeout) takes its servers and Gatling with it
    Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroy)));
  }

  private final Options options;
  private final Launchers launchers;
  private final Path dir;
  private final Results results;
  private final Pinning pinning;
  private FirstPass firstPass; // from the first server that answers: the lengths every server must match

  private Bench(Options options, Launchers launchers, Path dir) {
    this.options = options;
    this.launchers = launchers;
    this.dir = dir;
    this.results = new Results(options, Step.plan(options));
    this.pinning = options.target() == null ? Pinning.choose() : Pinning.none("the server is not started here; Gatling not pinned");
  }

  public static void main(String[] args) {
    Launchers launchers = Launchers.load();
    Options options;
    try {
      options = Options.parse(args, launchers.frameworks());
    } catch (Options.UsageException e) {
      System.err.println("gatling: " + e.getMessage());
      System.err.println(Options.usage(launchers.frameworks()));
      System.exit(2);
      return;
    }
    if (options.help()) {
      System.out.println(Options.usage(launchers.frameworks()));
      return;
    }
    try {
      Outcome outcome = run(options, launchers);
      System.out.println("Report: " + outcome.report());
      if (!outcome.failures().isEmpty()) System.exit(1);
    } catch (Exception e) {
      System.err.println("gatling: the load test failed: " + e);
      System.exit(1);
    }
  }

  /** report.md, and the frameworks whose runs broke off (with why). */
  public record Outcome(Path report, List<String> failures) {}

  /** Runs every framework and scenario the options choose, then writes the report. */
  public static Outcome run(Options options, Launchers launchers) throws Exception {
    Path root = options.results() != null ? options.results() : launchers.workspace().resolve("results");
    Path dir = root.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss")));
    Files.createDirectories(dir);
    Bench bench = new Bench(options, launchers, dir);
    long started = System.nanoTime();
    bench.runAll();
    Report.write(bench.results, dir, Charts.write(bench.results, dir));
    Path latest = root.resolve("latest");
    Files.deleteIfExists(latest);
    Files.createSymbolicLink(latest, dir.getFileName());
    System.out.printf("Finished in %d s%n", (System.nanoTime() - started) / 1_000_000_000);
    return new Outcome(dir.resolve("report.md"), bench.results.failures);
  }

  private void runAll() throws Exception {
    results.pinning = pinning.description();
    if (options.target() != null) {
      runTarget(options.target());
      return;
    }
    results.serverJvmFlags = launchers.jvmFlags();
    results.feed = ServerStartup.resolveFeed(options.gtfs());
    List<Step> cachedSteps = results.steps.stream().filter(Step::comparedWithCache).toList();
    for (String framework : options.frameworks()) {
      try {
        runServer(framework, false, results.steps);
        if (!cachedSteps.isEmpty()) runServer(framework, true, cachedSteps);
      } catch (ServerProcess.CacheUnsupported e) {
        results.notes.add("No `--cache` run for " + framework + ": " + e.getMessage());
        System.out.println("[" + framework + "] " + e.getMessage() + ": no cached run");
      } catch (Exception e) { // the other frameworks still run, and the report says what went wrong
        results.failures.add(framework + ": " + e.getMessage());
        System.out.println("[" + framework + "] failed: " + e.getMessage());
      }
    }
  }

  /** Starts the framework's server, runs the steps against it through Gatling, stops it. */
  private void runServer(String framework, boolean cached, List<Step> steps) throws Exception {
    String title = cached ? framework + ", cached" : framework;
    String name = framework + (cached ? "-cached" : "");
    System.out.println("[" + title + "] starting the server on " + results.feed.getFileName());
    try (ServerProcess server = ServerProcess.start(launchers, framework, results.feed, cached, pinning.server(),
        dir.resolve(name + "-server.log"))) {
      if (!cached) results.servers.put(framework, new Results.Server(framework, server.loadMillis, server.heapRetainedMb, new LinkedHashMap<>()));
      measure(title, name, framework, cached, server.baseUrl, steps, server);
    }
  }

  /** --target: one server already running, maybe elsewhere; nothing sampled, no cached run. */
  private void runTarget(URI target) throws Exception {
    String name = target.getAuthority();
    results.notes.add("Loaded an already running server (" + target + "): no CPU or RSS figures, no `--cache` run.");
    FirstPass.get(target.toString(), "/health"); // fails early when nothing answers there
    results.servers.put(name, new Results.Server(name, healthLoadMillis(target.toString()), -1, new LinkedHashMap<>()));
    measure(name, "target", name, false, target.toString(), results.steps, null);
  }

  /**
   * One Gatling run of the steps against a server, and a result row per step; server is null when it was not
   * started here (nothing to sample). title prefixes progress lines; name is the run's folder.
   */
  private void measure(String title, String name, String serverName, boolean cached, String baseUrl, List<Step> steps,
      ServerProcess server) throws Exception {
    if (firstPass == null) {
      System.out.println("[" + title + "] first pass: every path once, for the expected body lengths");
      firstPass = FirstPass.run(baseUrl, results.feed != null ? results.feed : ServerStartup.resolveFeed(options.gtfs()), dir);
      results.routes = firstPass.routes();
    }
    GatlingRun.Result run = GatlingRun.run(title, firstPass.plan(baseUrl, steps), dir.resolve("gatling").resolve(name),
        pinning.gatling(), server == null ? 0 : server.port());
    Map<String, GatlingStats> stats = GatlingStats.read(run.reportDir());
    for (int i = 0; i < steps.size(); i++) {
      GatlingRun.Window w = run.windows().get(i);
      GatlingStats s = stats.get(steps.get(i).label());
      // successful responses only: a server that fails fast must not look fast
      double rps = s == null || w.seconds() <= 0 ? 0 : (s.requests() - s.errors()) / w.seconds();
      ProcessStats.Sample max = server == null ? null : server.stats.max(w.start, w.end);
      results.rows.add(new Results.Row(serverName, cached, steps.get(i), s, rps, max == null ? null : max.cpuPercent(),
          max == null ? null : max.rssKb() / 1024, w.connectionsClosed));
    }
    results.servers.get(serverName).reports().put(cached ? "cached" : "serializing per request", run.reportDir().resolve("index.html"));
  }

  private static long healthLoadMillis(String baseUrl) throws IOException, InterruptedException {
    String body = new String(FirstPass.get(baseUrl, "/health").body(), java.nio.charset.StandardCharsets.UTF_8);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"load_ms\":(\\d+)").matcher(body);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }
}
