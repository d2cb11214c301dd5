package transit.bench;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Every step of a {@link SimulationPlan}, one after the other, each preceded by its warm-up; each step's population
 * comes from its scenario. Every response must be 200 with the body length the harness measured before the run (for
 * a path it measured: not /health, whose figures differ by server): wrong or empty data counts as an error, never as speed. Each measured response's time goes into the step's HdrHistogram
 * of its outcome (Phase), written second by second to {@value #HISTOGRAMS} beside the plan (HdrHistogram's interval
 * log, each interval tagged OUTCOME-STEP: the step's figures are the sum, its timeline the intervals).
 */
public class TransitSimulation extends Simulation implements Traffic {
  static final String HISTOGRAMS = "latency.hlog";
  private final Path planFile = Path.of(System.getProperty(SimulationPlan.PROPERTY));
  private final SimulationPlan plan = SimulationPlan.load(planFile);
  private final List<Phase> measured = new ArrayList<>();
  private HistogramLogWriter log;
  private PrintStream logFile;
  private final java.util.concurrent.ScheduledExecutorService ticker = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "histogram-log");
    t.setDaemon(true);
    return t;
  });

  {
    List<PopulationBuilder> phases = new ArrayList<>();
    long seconds = 0;
    for (int i = 0; i < plan.steps().size(); i++) {
      Step step = plan.steps().get(i);
      Scenario scenario = Scenarios.named(step.scenario());
      if (step.warmupSeconds() > 0) phases.add(scenario.population(new Phase(i, step, true, p -> {}), this));
      Phase phase = new Phase(i, step, false, p -> logInterval(p, true));
      measured.add(phase);
      phases.add(scenario.population(phase, this));
      seconds += step.warmupSeconds() + step.expectedSeconds();
    }
    // andThen on one population starts all its children together, so sequence the phases by nesting
    PopulationBuilder chain = phases.get(phases.size() - 1);
    for (int i = phases.size() - 2; i >= 0; i--) chain = phases.get(i).andThen(chain);
    setUp(chain).protocols(protocol()).maxDuration(Duration.ofSeconds(seconds + 60L * plan.steps().size())); // bounded if a server hangs
  }

  /** Each virtual user on its own connection, as k6's users are; no caching; no warm-up call to gatling.io. */
  private HttpProtocolBuilder protocol() { return http.baseUrl(plan.baseUrl()).disableWarmUp().disableCaching(); }

  @Override
  public SimulationPlan plan() { return plan; }

  @Override
  public PopulationBuilder closedLoop(Phase phase, Function<Session, Session> setUp, ChainBuilder work, int users) {
    Step step = phase.step();
    ChainBuilder loop = !phase.warmUp && step.requests() > 0 ? repeat(step.requests()).on(work)
        : during(Duration.ofSeconds(phase.seconds())).on(work);
    return scenario(phase.requestName()).exec(phase::userStarted).exec(setUp::apply).exec(loop)
        .exec(session -> phase.userFinished(session, users))
        .injectOpen(atOnceUsers(users));
  }

  @Override
  public PopulationBuilder arrivals(Phase phase, ChainBuilder work) {
    int seconds = phase.seconds();
    int users = Math.max(1, phase.step().load() * seconds);
    return scenario(phase.requestName()).exec(phase::userStarted).exec(work).exec(session -> phase.userFinished(session, users))
        .injectOpen(rampUsers(users).during(Duration.ofSeconds(seconds)))
        .protocols(protocol().shareConnections());
  }

  /** Checked: status 200 and, where the first pass measured the path, exactly that body length (a /health's varies by server). */
  @Override
  public ChainBuilder get(Phase phase, Function<Session, String> path, boolean newConnection) {
    HttpRequestActionBuilder request = checked(phase);
    return sent(phase, path, newConnection ? request.header("Connection", "close") : request);
  }

  /** Gatling decompresses a gzipped body before its checks: its bodyLength is the identity answer's. */
  @Override
  public ChainBuilder gzipped(Phase phase, Function<Session, String> path) {
    return sent(phase, path, checked(phase).header("Accept-Encoding", "gzip").check(header("Content-Encoding").is("gzip")));
  }

  /** GET the session's path: status 200 and, where the first pass measured the path, exactly that body length. */
  private HttpRequestActionBuilder checked(Phase phase) {
    return http(phase.requestName()).get(session -> session.getString("path"))
        .check(responseTimeInMillis().saveAs("rt"), status().is(200))
        .checkIf(session -> expectedLength(session.getString("path")) != null)
        .then(bodyLength().is(session -> expectedLength(session.getString("path"))));
  }

  /** The request on path, recorded in the phase's histogram. */
  private static ChainBuilder sent(Phase phase, Function<Session, String> path, HttpRequestActionBuilder request) {
    return exec(session -> session.set("path", path.apply(session)).set("sent", System.currentTimeMillis()))
        .exec(request)
        .exec(session -> phase.record(session, session.getLong("sent")));
  }

  /** The body length every server's answer must have, or null where the first pass did not measure it. */
  private Integer expectedLength(String path) {
    Integer length = plan.lengths().get(path);
    if (length != null) return length;
    for (String prefix : List.of(Requests.GREETING, Requests.HELLO)) // random names: one length per prefix
      if (path.startsWith(prefix)) return plan.lengths().get(prefix);
    return null;
  }

  /** Opens the interval log, and logs every running measured phase's last second, every second. */
  @Override
  public void before() {
    try {
      logFile = new PrintStream(Files.newOutputStream(planFile.resolveSibling(HISTOGRAMS)), false, "UTF-8");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    log = new HistogramLogWriter(logFile);
    log.outputLogFormatVersion();
    log.outputLegend();
    ticker.scheduleAtFixedRate(() -> measured.forEach(phase -> logInterval(phase, false)), 1, 1, java.util.concurrent.TimeUnit.SECONDS);
  }

  /** The phase's responses since its last interval, if it has started and is not over; last: the phase has ended. */
  synchronized void logInterval(Phase phase, boolean last) {
    if (phase.closed || phase.started.get() == 0 || log == null) return;
    for (String outcome : Phase.OUTCOMES) {
      var histogram = phase.outcomes.get(outcome).getIntervalHistogram();
      histogram.setTag(outcome + "-" + phase.index);
      log.outputIntervalHistogram(histogram);
    }
    phase.closed = last;
  }

  /** Logs what is left of every phase (one cut short by Gatling's time limit included) and closes the log. */
  @Override
  public void after() {
    ticker.shutdownNow();
    synchronized (this) {
      measured.forEach(phase -> logInterval(phase, true));
      log = null;
      logFile.close();
    }
    System.out.println(Phase.MARKER + " " + Phase.SIMULATED);
  }
}
