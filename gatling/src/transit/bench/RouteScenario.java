package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The reference benchmark's schedule scenarios: each user requests every route of a list once, in a fresh
 * shuffled order, again and again, on its own kept-alive connection. Run in every mode, so the report can set
 * encoding per request beside serving cached bytes.
 */
abstract class RouteScenario implements Scenario {
  /** The heavy list (up to 100 routes of every size, up to ~10 MB) at 50 users. */
  static final class Heavy extends RouteScenario {
    public String name() { return "heavy"; }

    public String about() { return "Every route of the heavy list once per round, in a fresh shuffled order per user and round"; }

    List<Integer> defaultUsers(Settings settings) { return List.of(50); }

    List<String> routes(Plan plan) { return plan.heavyRoutes(); }
  }

  /** The small list (responses of 50-200 KB) at several user counts. */
  static final class Small extends RouteScenario {
    public String name() { return "small"; }

    public String about() { return "The same over the small list (responses of 50–200 KB on MBTA-shaped feeds)"; }

    List<Integer> defaultUsers(Settings settings) { return settings.profile().smallUsers; }

    List<String> routes(Plan plan) { return plan.smallRoutes(); }
  }

  abstract List<Integer> defaultUsers(Settings settings);

  abstract List<String> routes(Plan plan);

  public List<Step> steps(Settings settings) {
    return settings.usersOr(defaultUsers(settings)).stream()
        .map(users -> Step.closed(name(), "", users, settings.warmupSeconds(), settings.durationSeconds())).toList();
  }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  public PopulationBuilder population(TransitSimulation.Phase phase, TransitSimulation simulation) {
    List<String> routes = routes(simulation.plan());
    return simulation.closedLoop(phase, session -> session.set("deck", new Deck(routes)),
        simulation.get(phase, session -> session.<Deck>get("deck").draw(), false));
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
}
