package transit.bench;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Every step of a {@link Plan}, one after the other, each preceded by its warm-up. A step is k6's looping virtual
 * users as a closed workload: all its users start at once and each loops, on its own kept-alive connection,
 * until the step's time is up. Warm-up requests carry their own name, so the report keeps them apart. Every
 * response must be 200 with the body length the harness measured before the run: wrong or empty data counts as
 * an error, never as speed. Each phase prints a marker line, read by the harness to time steps and sample the server.
 */
public class TransitSimulation extends Simulation {
  static final String MARKER = "@@bench";
  private final Plan plan = Plan.load(Path.of(System.getProperty(Plan.PROPERTY)));

  {
    List<PopulationBuilder> phases = new ArrayList<>();
    long seconds = 0;
    for (int i = 0; i < plan.steps().size(); i++) {
      Step step = plan.steps().get(i);
      if (step.warmupSeconds() > 0) phases.add(phase(i, step, true));
      phases.add(phase(i, step, false));
      seconds += step.warmupSeconds() + step.expectedSeconds();
    }
    // andThen on one population starts all its children together, so sequence the phases by nesting
    PopulationBuilder chain = phases.get(phases.size() - 1);
    for (int i = phases.size() - 2; i >= 0; i--) chain = phases.get(i).andThen(chain);
    setUp(chain)
        .protocols(http.baseUrl(plan.baseUrl()).disableWarmUp().disableCaching()) // warm-up would call gatling.io
        .maxDuration(Duration.ofSeconds(seconds + 60L * plan.steps().size())); // bounded even if a server hangs
  }

  private PopulationBuilder phase(int index, Step step, boolean warmUp) {
    String name = warmUp ? step.label() + " (warm-up)" : step.label();
    Marker marker = new Marker(index, warmUp ? "warm-up" : "measure", step.users());
    ChainBuilder work = work(step, name);
    ChainBuilder loop = !warmUp && step.requestsPerUser() > 0
        ? repeat(step.requestsPerUser()).on(work)
        : during(Duration.ofSeconds(warmUp ? step.warmupSeconds() : step.durationSeconds())).on(work);
    List<String> routes = step.scenario().equals("heavy") ? plan.heavyRoutes() : plan.smallRoutes();
    return scenario(name).exec(marker::userStarted).exec(session -> session.set("deck", new Deck(routes)))
        .exec(loop).exec(marker::userFinished)
        .injectOpen(atOnceUsers(step.users()));
  }

  private ChainBuilder work(Step step, String name) {
    return switch (step.scenario()) {
      case "heavy", "small" -> get(step, name, session -> session.<Deck>get("deck").draw());
      case "hello" -> get(step, name, session -> Plan.ROOT)
          .exec(get(step, name, session -> Plan.GREETING + randomName()))
          .exec(get(step, name, session -> Plan.HELLO + randomName()));
      case "think-time" -> get(step, name, session -> Plan.HELLO + randomName()).pause(Duration.ofMillis(step.pauseMillis()));
      default -> throw new IllegalArgumentException("no such scenario: " + step.scenario());
    };
  }

  /** GET path, checked: status 200 and exactly the expected body length for that path. */
  private ChainBuilder get(Step step, String name, Function<Session, String> path) {
    HttpRequestActionBuilder request = http(name).get(session -> session.getString("path"))
        .check(status().is(200), bodyLength().is(session -> expectedLength(session.getString("path"))));
    return exec(session -> session.set("path", path.apply(session)))
        .exec(step.newConnectionPerRequest() ? request.header("Connection", "close") : request);
  }

  private Integer expectedLength(String path) {
    Integer length = plan.lengths().get(path);
    if (length != null) return length;
    for (String prefix : List.of(Plan.GREETING, Plan.HELLO)) // random names: one length per prefix
      if (path.startsWith(prefix)) return plan.lengths().get(prefix);
    return -1;
  }

  private static String randomName() {
    char[] name = new char[Plan.SAMPLE_NAME.length()];
    for (int i = 0; i < name.length; i++) name[i] = (char) ('a' + ThreadLocalRandom.current().nextInt(26));
    return new String(name);
  }

  /** A user's routes: each once, in a fresh shuffled order, again and again. */
  static final class Deck {
    private final List<String> routes;
    private int next;

    Deck(List<String> routes) { this.routes = new ArrayList<>(routes); }

    String draw() {
      if (next == 0) Collections.shuffle(routes, ThreadLocalRandom.current());
      String route = routes.get(next);
      next = (next + 1) % routes.size();
      return Plan.schedulePath(route);
    }
  }

  /** Prints when the first user of a phase starts and when its last one ends. */
  record Marker(int step, String phase, int users, AtomicInteger started, AtomicInteger finished) {
    Marker(int step, String phase, int users) { this(step, phase, users, new AtomicInteger(), new AtomicInteger()); }

    Session userStarted(Session session) {
      if (started.getAndIncrement() == 0) print("start");
      return session;
    }

    Session userFinished(Session session) {
      if (finished.incrementAndGet() == users) print("end");
      return session;
    }

    private void print(String event) {
      System.out.println(MARKER + " " + event + " " + phase + " " + step + " " + System.currentTimeMillis());
    }
  }
}
