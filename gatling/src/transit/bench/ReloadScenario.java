package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/**
 * A new feed published while the server is under load: the small list at 50 users while the harness moves a copy
 * of the served feed over it, a third and two thirds into the step, as a publisher replaces the file. The server
 * loads it in the background and swaps it in; every request must still be answered right, and the report shows
 * what the reloads cost the latency around them.
 */
final class ReloadScenario implements Scenario {
  /** Long enough for two reloads of a large feed on one core, and some load after them. */
  static final int MIN_SECONDS = 30, QUICK_MIN_SECONDS = 9;

  public String name() { return "reload"; }

  public String about() {
    return "The small list at 50 users while the feed is replaced twice (a copy of the served feed moved over it, a third "
        + "and two thirds into the step; the server parses it from its CSV, as it would a new feed, and swaps it in)";
  }

  public List<Step> steps(Settings settings) {
    int seconds = Math.max(3 * settings.durationSeconds(), settings.quick() ? QUICK_MIN_SECONDS : MIN_SECONDS);
    return settings.usersOr(List.of(50)).stream()
        .map(users -> Step.closed(name(), "", users, settings.warmupSeconds(), seconds)).toList();
  }

  public PopulationBuilder population(TransitSimulation.Phase phase, TransitSimulation simulation) {
    List<String> routes = simulation.plan().smallRoutes();
    return simulation.closedLoop(phase, session -> session.set("deck", new RouteScenario.Deck(routes)),
        simulation.get(phase, session -> session.<RouteScenario.Deck>get("deck").draw(), false));
  }

  @Override
  public boolean replacesFeed() { return true; }

  @Override
  public void whileMeasured(Step step, Runnable swap) throws InterruptedException {
    long third = step.durationSeconds() * 1000L / 3;
    Thread.sleep(third);
    swap.run();
    Thread.sleep(third);
    swap.run();
  }

  @Override
  public boolean timeline() { return true; }

  @Override
  public void report(Report report) { report.reloadTables(this); }
}
