package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import transit.server.Mode;

/**
 * The reference benchmark's schedule scenarios: each user requests every route of a list once, in a shuffled order,
 * again and again, on its own kept-alive connection; in a measured slice each user makes the same requests in the same
 * order for every server of the round (its deck is drawn from the slice's seed). Run in every mode, so the report can
 * set encoding per request beside serving cached bytes, and where each framework's CPU goes.
 */
public abstract class RouteScenario implements Scenario {
  /** The heavy list (up to 100 routes of every size, up to ~10 MB) at 50 users; also the scenario --heaps runs. */
  public static final RouteScenario HEAVY = new RouteScenario() {
    public String name() { return "heavy"; }

    public String help() { return "50 users, each requesting every route of the heavy list in a shuffled order, again and again"; }

    public String about() { return "Every route of the heavy list once per pass, in a shuffled order per user, the same for every server of a round"; }

    List<Integer> defaultUsers(Settings settings) { return List.of(50); }

    public List<String> routes(RouteLists lists) { return lists.heavy(); }

    /** A cold server's first answers of up to 10 MB, 50 at once, can all take longer than a quick slice's second. */
    int seconds(Settings settings) { return Math.max(settings.sliceSeconds(), settings.quick() ? QUICK_MIN_SECONDS : 0); }
  };

  /** The small list (responses of 50-200 KB) at several user counts. */
  public static final RouteScenario SMALL = new RouteScenario() {
    public String name() { return "small"; }

    public String help() { return "the same over the small list (responses of 50-200 KB), at 50 users (full: 1, 10, 50 and 100)"; }

    public String about() { return "The same over the small list (responses of 50–200 KB on MBTA-shaped feeds)"; }

    List<Integer> defaultUsers(Settings settings) { return settings.profile().smallUsers; }

    public List<String> routes(RouteLists lists) { return lists.small(); }
  };

  /** The heavy slice's least length in the quick profile, so that every server answers in it. */
  static final int QUICK_MIN_SECONDS = 5;

  abstract List<Integer> defaultUsers(Settings settings);

  /** How long each slice should take. */
  int seconds(Settings settings) { return settings.sliceSeconds(); }

  /** Its list of routes. */
  public abstract List<String> routes(RouteLists lists);

  public boolean inProfile(Profile profile) { return true; }

  public List<Step> steps(Settings settings) {
    return settings.usersOr(defaultUsers(settings)).stream().map(users -> Step.closed(name(), "", users, seconds(settings))).toList();
  }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  public PopulationBuilder population(Phase phase, Traffic traffic) { return decks(phase, traffic, routes(traffic.routes())); }

  /** Users that each draw their routes from a deck of these, shuffled by their place's random source. */
  static PopulationBuilder decks(Phase phase, Traffic traffic, List<String> routes) {
    return traffic.closedLoop(phase, session -> session.set("deck", new Deck(routes, phase.random(session))),
        traffic.get(phase, session -> session.<Deck>get("deck").draw(), false));
  }

  @Override
  public List<Table> tables() { return List.of(Table.CLOSED_LOOP, Table.WHERE_THE_TIME_GOES); }

  /** A user's routes: each once, in a shuffled order, again and again, every order from its own random source. */
  static final class Deck {
    private final List<String> routes;
    private final Random random;
    private int next;

    Deck(List<String> routes, Random random) {
      this.routes = new ArrayList<>(routes);
      this.random = random;
    }

    String draw() {
      if (next == 0) Collections.shuffle(routes, random);
      String route = routes.get(next);
      next = (next + 1) % routes.size();
      return Requests.schedule(route);
    }
  }
}
