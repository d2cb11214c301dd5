package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/**
 * A new feed published while the server is under load: the small list at 50 users while the harness moves a copy
 * of the served feed over it, a third and two thirds into the slice, as a publisher replaces the file. The server
 * loads it in the background and swaps it in; every request must still be answered right, and the report shows
 * what the reloads cost the latency around them.
 */
final class ReloadScenario implements Scenario {
  /** Long enough for two reloads of a large feed on one core, and some load after them; quick: of the generated feed. */
  static final int MIN_SECONDS = 30, QUICK_MIN_SECONDS = 6;
  /** Server events this long after a slice still belong to it: a reload under way when the slice ended. */
  static final long GRACE_MILLIS = 30_000;

  public String name() { return "reload"; }

  public String help() { return "the small list at 50 users for 30 s while the feed is moved over twice; errors must stay at 0"; }

  public String about() {
    return "The small list at 50 users while the feed is replaced twice (a copy of the served feed moved over it, a third "
        + "and two thirds into the slice; the server parses it from its CSV, as it would a new feed, and swaps it in)";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    int seconds = Math.max(3 * settings.sliceSeconds(), settings.quick() ? QUICK_MIN_SECONDS : MIN_SECONDS);
    return settings.usersOr(List.of(50)).stream().map(users -> Step.closed(name(), "", users, seconds)).toList();
  }

  /** Its work is a time, long enough for two reloads. */
  @Override
  public boolean sizedToSlice() { return false; }

  public PopulationBuilder population(Phase phase, Traffic traffic) { return RouteScenario.decks(phase, traffic, traffic.routes().small()); }

  @Override
  public boolean replacesFeed() { return true; }

  @Override
  public Background whileMeasured(Step step, ServerUnderTest server) throws InterruptedException {
    long third = step.seconds() * 1000L / 3;
    Thread.sleep(third);
    server.replaceFeed();
    Thread.sleep(third);
    server.replaceFeed();
    return null;
  }

  @Override
  public long eventsAfterSliceMillis() { return GRACE_MILLIS; }

  @Override
  public boolean timeline() { return true; }

  @Override
  public List<Table> tables() { return List.of(Table.RELOADS); }

  @Override
  public List<Chart> charts() { return List.of(Chart.RELOAD_TIMELINE); }
}
