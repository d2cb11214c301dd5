package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.List;
import transit.measure.SlowClients;
import transit.server.Mode;

/**
 * Overload as phones on a slow link make it: slow clients each ask for the feed's largest answer and read it at
 * 32 KB/s (asking again after a whole answer or a 503), while a measured client, one Gatling user, asks for `/health`
 * and a small route every half second. A server should shed what it cannot hold (503) and stay up, and the measured
 * client should not notice: its latency and errors, the 503s shed, the server's memory and whether it stayed up
 * are the figures.
 */
final class OverloadScenario implements Scenario {
  static final int SLOW_CLIENTS = 120, QUICK_SLOW_CLIENTS = 12, PHONE_BYTES_PER_SECOND = 32 * 1024;
  /**
   * Long enough for the slow clients to fill what the server holds, and for a waiting request to be refused; quick:
   * long enough for every figure of the slice (OverloadTest is what proves the server holds).
   */
  static final int MIN_SECONDS = 20, QUICK_MIN_SECONDS = 3;
  /** The measured client's pause between its rounds of requests. */
  static final Duration PAUSE = Duration.ofMillis(500);

  public String name() { return "overload"; }

  public String help() {
    return SLOW_CLIENTS + " clients reading the largest route at 32 KB/s for 20 s, beside one measured client asking for /health "
        + "and a small route every half second";
  }

  public String about() {
    return SLOW_CLIENTS + " slow clients (" + QUICK_SLOW_CLIENTS + " with --profile quick) each asking for the feed's largest answer and "
        + "reading it at 32 KB/s, as phones on a slow link, asking again after a whole answer or a 503; beside them one measured "
        + "client asking for `/health` and a small route every half second";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  /** Beside its server with the limits on, one without them would measure their absence, not their cost. */
  @Override
  public boolean pairsWithLimitsOff() { return false; }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  public List<Step> steps(Settings settings) {
    int seconds = Math.max(settings.sliceSeconds(), settings.quick() ? QUICK_MIN_SECONDS : MIN_SECONDS);
    return List.of(Step.closed(name(), "", settings.quick() ? QUICK_SLOW_CLIENTS : SLOW_CLIENTS, seconds));
  }

  /** Its one measured user is not meant to hold its server at its limit: the slow clients are the load. */
  @Override
  public boolean holdsAtLimit(Step step) { return false; }

  /** Its work is a time, long enough for the slow clients to fill what the server holds. */
  @Override
  public boolean sizedToSlice() { return false; }

  /** One user, whatever the step's load (which is the slow clients' count). */
  public PopulationBuilder population(Phase phase, Traffic traffic) {
    String small = Requests.schedule(traffic.routes().small().get(0));
    return traffic.closedLoop(phase, session -> session,
        traffic.get(phase, session -> Requests.HEALTH, false).exec(traffic.get(phase, session -> small, false)).pause(PAUSE), 1);
  }

  @Override
  public Background whileMeasured(Step step, ServerUnderTest server) throws InterruptedException {
    List<SlowClients.Outcome> outcomes = SlowClients.readers(server.port(), server.largestPath(), step.load(), PHONE_BYTES_PER_SECOND,
        Duration.ofSeconds(step.seconds())).outcomes();
    return new Background(outcomes.stream().mapToLong(SlowClients.Outcome::served).sum(), SlowClients.count(outcomes, 503),
        outcomes.stream().mapToLong(SlowClients.Outcome::cut).sum(), SlowClients.count(outcomes, 0));
  }

  /** Its load is the slow clients beside the one measured. */
  @Override
  public String loadUnit() { return "slow clients"; }

  /** Ranked by what the measured client met: its p99 beside the slow clients. */
  @Override
  public RankedBy rankedBy() { return RankedBy.P99; }

  @Override
  public boolean toldHowItHeld() { return true; }

  @Override
  public List<Table> tables() { return List.of(Table.OVERLOAD); }

  /** Its table says it all: no charts. */
  @Override
  public List<Chart> charts() { return List.of(); }
}
