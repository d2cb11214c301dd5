package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import transit.server.Mode;

/**
 * The reference benchmark's schedule scenarios: each user requests every route of a list once, in a fresh
 * shuffled order, again and again, on its own kept-alive connection. Run in every mode, so the report can set
 * encoding per request beside serving cached bytes, and where each framework's CPU goes.
 */
abstract class RouteScenario implements Scenario {
  /** The heavy list (up to 100 routes of every size, up to ~10 MB) at 50 users; also the scenario --heaps runs. */
  static final RouteScenario HEAVY = new RouteScenario() {
    public String name() { return "heavy"; }

    public String help() { return "50 users, each requesting every route of the heavy list in a fresh shuffled order, again and again"; }

    public String about() { return "Every route of the heavy list once per round, in a fresh shuffled order per user and round"; }

    List<Integer> defaultUsers(Settings settings) { return List.of(50); }

    List<String> routes(SimulationPlan plan) { return plan.heavyRoutes(); }

    /** A cold server's first answers of up to 10 MB, 50 at once, can all take longer than a quick step's second. */
    int seconds(Settings settings) { return Math.max(settings.durationSeconds(), settings.quick() ? QUICK_MIN_SECONDS : 0); }
  };

  /** The small list (responses of 50-200 KB) at several user counts. */
  static final RouteScenario SMALL = new RouteScenario() {
    public String name() { return "small"; }

    public String help() { return "the same over the small list (responses of 50-200 KB), at 50 users (full: 1, 10, 50 and 100)"; }

    public String about() { return "The same over the small list (responses of 50–200 KB on MBTA-shaped feeds)"; }

    List<Integer> defaultUsers(Settings settings) { return settings.profile().smallUsers; }

    List<String> routes(SimulationPlan plan) { return plan.smallRoutes(); }
  };

  /** The heavy step's least length in the quick profile, so that every server answers in it. */
  static final int QUICK_MIN_SECONDS = 5;

  abstract List<Integer> defaultUsers(Settings settings);

  /** How long each measured step runs. */
  int seconds(Settings settings) { return settings.durationSeconds(); }

  abstract List<String> routes(SimulationPlan plan);

  public boolean inProfile(Profile profile) { return true; }

  public List<Step> steps(Settings settings) {
    return settings.usersOr(defaultUsers(settings)).stream()
        .map(users -> Step.closed(name(), "", users, settings.warmupSeconds(), seconds(settings))).toList();
  }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  public PopulationBuilder population(Phase phase, Traffic traffic) { return decks(phase, traffic, routes(traffic.plan())); }

  /** Users that each draw their routes from a deck of these. */
  static PopulationBuilder decks(Phase phase, Traffic traffic, List<String> routes) {
    return traffic.closedLoop(phase, session -> session.set("deck", new Deck(routes)),
        traffic.get(phase, session -> session.<Deck>get("deck").draw(), false));
  }

  @Override
  public void report(ReportSection section) {
    section.closedLoopTables();
    section.whereTheTimeGoes();
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
      return Requests.schedule(route);
    }
  }
}
