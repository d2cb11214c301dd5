package transit.bench.run;

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
import transit.bench.scenario.Phase;
import transit.bench.scenario.Requests;
import transit.bench.scenario.RouteLists;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.Step;
import transit.bench.scenario.Traffic;

/**
 * Every slice of a {@link SimulationPlan}, one after the other (each starts once the last user of the one before has
 * ended), each against its own server's URL; each slice's population comes from its scenario. Its users wait until
 * the harness has decided their slice (Control): run it, with their requests sized to the servers' rates, or skip it.
 * Every response must be 200 with the body length the harness measured before the run (for a path it measured: not
 * /health, whose figures differ by server): wrong or empty data counts as an error, never as speed. Each response's
 * time goes into its slice's figures (Phase: its end marker carries them) and, second by second, into
 * {@value #HISTOGRAMS} beside the plan (HdrHistogram's interval log, each interval tagged OUTCOME-SLICE: a slice's
 * timeline).
 */
public class TransitSimulation extends Simulation implements Traffic {
  static final String HISTOGRAMS = "latency.hlog";
  private final Path planFile = Path.of(System.getProperty(SimulationPlan.PROPERTY));
  private final SimulationPlan plan = SimulationPlan.load(planFile);
  private final Control.Reading control = new Control.Reading(planFile.getParent());
  private final List<Phase> phases = new ArrayList<>();
  private HistogramLogWriter log;
  private PrintStream logFile;
  private final java.util.concurrent.ScheduledExecutorService ticker = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "histogram-log");
    t.setDaemon(true);
    return t;
  });

  /** A looping run's users: each slice's setting-up and work as its scenario gave them (closedLoop), in slice order. */
  private final List<ChainBuilder[]> parts = new ArrayList<>();
  private int users = -1;

  {
    long bound = 0;
    List<PopulationBuilder> populations = new ArrayList<>();
    for (int i = 0; i < plan.slices().size(); i++) {
      SimulationPlan.Slice slice = plan.slices().get(i);
      Scenario scenario = Scenarios.named(slice.step().scenario());
      Phase phase = new Phase(i, slice.step(), slice.seed(), ended -> logInterval(ended, true));
      phases.add(phase);
      PopulationBuilder population = scenario.population(phase, this);
      if (!plan.looping()) populations.add(population.protocols(protocol(slice.step().open())));
      // a slice of fixed work may take several times its estimate on a slow server, never minutes more
      bound += Math.max(5L * slice.step().seconds(), slice.step().seconds() + 60L);
    }
    PopulationBuilder all;
    if (plan.looping()) {
      ChainBuilder slices = exec(session -> session);
      for (int i = 0; i < parts.size(); i++) slices = slices.exec(looped(phases.get(i), parts.get(i)[0], parts.get(i)[1]));
      all = scenario("slices").exec(slices).injectOpen(atOnceUsers(users)).protocols(protocol(false));
    } else {
      // andThen on one population starts all its children together, so sequence the slices by nesting
      all = populations.get(populations.size() - 1);
      for (int i = populations.size() - 2; i >= 0; i--) all = populations.get(i).andThen(all);
    }
    setUp(all).maxDuration(Duration.ofSeconds(bound)); // bounded if a server hangs
  }

  /**
   * A looping user's part of a slice: it waits until every user has come to the slice and the harness has decided it;
   * then, unless the slice is skipped, it makes its requests, the last of them closing its connection, so that every
   * slice starts on new connections as a population of its own would, and no idle connection is left on a server.
   */
  private ChainBuilder looped(Phase phase, ChainBuilder setUp, ChainBuilder work) {
    Step step = phase.step();
    return exec(phase::arrive)
        .asLongAs(session -> !(phase.allArrived(users) && control.decided(phase.index))).on(pause(WAITING))
        .doIf(session -> !control.skipped(phase.index)).then(exec(phase::userStarted).exec(setUp)
            .repeat(session -> control.requests(phase.index) > 0 ? control.requests(phase.index) : step.requests(), "request").on(
                exec(session -> session.set(LAST, session.getInt("request") == (control.requests(phase.index) > 0 ? control.requests(phase.index)
                    : step.requests()) - 1)).exec(work))
            .exec(session -> phase.userFinished(session.remove(LAST), users)));
  }

  /** A looping user's session says so while it makes its last request of a slice. */
  private static final String LAST = "last";

  /**
   * Each virtual user on its own connection, as k6's users are (an open model's users share a pool); no caching; no
   * warm-up call to gatling.io.
   */
  private static HttpProtocolBuilder protocol(boolean shared) {
    HttpProtocolBuilder protocol = http.disableWarmUp().disableCaching();
    return shared ? protocol.shareConnections() : protocol;
  }

  @Override
  public RouteLists routes() { return plan.routes(); }

  /** How often a user waiting for its slice's decision looks again. */
  private static final Duration WAITING = Duration.ofMillis(5);

  /** A user's part of a slice: once the slice is decided, its work, unless the slice is skipped. */
  private ChainBuilder decided(Phase phase, ChainBuilder body) {
    return asLongAs(session -> !control.decided(phase.index)).on(pause(WAITING))
        .doIf(session -> !control.skipped(phase.index)).then(body);
  }

  /**
   * The slice's population; in a looping run, its users' part is kept for the one population that loops over every
   * slice (a plan is looping only where every slice is a closed loop of fixed work with the same users), and the
   * population returned is not run.
   */
  @Override
  public PopulationBuilder closedLoop(Phase phase, Function<Session, Session> setUp, ChainBuilder work, int users) {
    Step step = phase.step();
    if (plan.looping()) {
      if (this.users >= 0 && this.users != users) throw new IllegalStateException("a looping plan's slices have " + this.users + " and " + users + " users");
      this.users = users;
      parts.add(new ChainBuilder[] {exec(setUp::apply), work});
    }
    ChainBuilder loop = step.fixedWork() ? repeat(session -> control.requests(phase.index) > 0 ? control.requests(phase.index) : step.requests()).on(work)
        : during(Duration.ofSeconds(step.seconds())).on(work);
    return scenario(phase.requestName() + " #" + phase.index)
        .exec(decided(phase, exec(phase::userStarted).exec(setUp::apply).exec(loop).exec(session -> phase.userFinished(session, users))))
        .injectOpen(atOnceUsers(users));
  }

  @Override
  public PopulationBuilder arrivals(Phase phase, ChainBuilder work) {
    int seconds = phase.step().seconds();
    int users = Math.max(1, phase.step().load() * seconds);
    return scenario(phase.requestName() + " #" + phase.index)
        .exec(decided(phase, exec(phase::userStarted).exec(work).exec(session -> phase.userFinished(session, users))))
        .injectOpen(rampUsers(users).during(Duration.ofSeconds(seconds)));
  }

  /** Checked: status 200 and, where the first pass measured the path, exactly that body length (a /health's varies by server). */
  @Override
  public ChainBuilder get(Phase phase, Function<Session, String> path, boolean newConnection) {
    HttpRequestActionBuilder request = checked(phase);
    return sent(phase, path, newConnection ? request.header("Connection", "close") : closingLast(request));
  }

  /** A looping user's last request of a slice asks the server to close its connection. */
  private HttpRequestActionBuilder closingLast(HttpRequestActionBuilder request) {
    return plan.looping() ? request.header("Connection", session -> session.contains(LAST) && session.getBoolean(LAST) ? "close" : "keep-alive") : request;
  }

  /** Gatling decompresses a gzipped body before its checks: its bodyLength is the identity answer's. */
  @Override
  public ChainBuilder gzipped(Phase phase, Function<Session, String> path) {
    return sent(phase, path, closingLast(checked(phase)).header("Accept-Encoding", "gzip").check(header("Content-Encoding").is("gzip")));
  }

  /** GET the session's path: status 200 and, where the first pass measured the path, exactly that body length. */
  private HttpRequestActionBuilder checked(Phase phase) {
    String baseUrl = plan.slices().get(phase.index).baseUrl();
    return http(phase.requestName()).get(session -> baseUrl + session.getString("path"))
        .check(responseTimeInMillis().saveAs("rt"), status().is(200))
        .checkIf(session -> expectedLength(session.getString("path")) != null)
        .then(bodyLength().is(session -> expectedLength(session.getString("path"))));
  }

  /** The request on path, recorded in the slice's histogram. */
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

  /** Opens the interval log, and logs every running slice's last second, every second. */
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
    ticker.scheduleAtFixedRate(() -> phases.forEach(phase -> logInterval(phase, false)), 1, 1, java.util.concurrent.TimeUnit.SECONDS);
  }

  /** The slice's responses since its last interval, if it has started and is not over; last: it has ended. */
  synchronized void logInterval(Phase phase, boolean last) {
    if (phase.closed || phase.started.get() == 0 || log == null) return;
    for (String outcome : Phase.OUTCOMES) {
      var histogram = phase.outcomes.get(outcome).getIntervalHistogram();
      histogram.setTag(outcome + "-" + phase.index);
      log.outputIntervalHistogram(histogram);
    }
    phase.closed = last;
  }

  /** Logs what is left of every slice (one cut short by Gatling's time limit included) and closes the log. */
  @Override
  public void after() {
    ticker.shutdownNow();
    synchronized (this) {
      phases.forEach(phase -> logInterval(phase, true));
      log = null;
      logFile.close();
    }
    System.out.println(Phase.MARKER + " " + Phase.SIMULATED);
  }
}
