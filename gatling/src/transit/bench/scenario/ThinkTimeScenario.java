package transit.bench.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference's think-time test: 100 users share 10,000 requests of `/hello?name=…`, pausing after each,
 * first 1 s, then 0.1 s. A fixed amount of work: the step lasts as long as its pauses make it.
 */
final class ThinkTimeScenario implements Scenario {
  /** The requests of a step in all, shared among its users. */
  static final int REQUESTS = 10_000;

  /** A step's variant: the pause after each request. */
  enum Pause implements Step.Variant {
    SECOND("1 s pause", 1000), TENTH("0.1 s pause", 100);

    private final String label;
    final int millis;

    Pause(String label, int millis) {
      this.label = label;
      this.millis = millis;
    }

    public String label() { return label; }
  }

  public String name() { return "think-time"; }

  public String help() { return "100 users, 10,000 requests of /hello?name=... in all, 1 s and then 0.1 s between a user's requests"; }

  public String about() {
    return "`GET /hello?name=…` with a pause after each request; " + REQUESTS + " requests in all (fewer with --profile quick)";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    List<Step> steps = new ArrayList<>();
    for (int users : settings.usersOr(List.of(100))) {
      for (Pause pause : Pause.values()) {
        // quick keeps the pause but cuts the requests so that a slice lasts about a slice's time
        int perUser = settings.quick() ? Math.max(1, settings.sliceSeconds() * 1000 / pause.millis) : Math.max(1, REQUESTS / users);
        steps.add(Step.closed(name(), pause.label(), users, settings.sliceSeconds())
            .withRequests(perUser, (int) Math.ceil(perUser * pause.millis / 1000.0)));
      }
    }
    return steps;
  }

  /** Its users pause between requests: their server is not meant to be at its limit. */
  @Override
  public boolean holdsAtLimit(Step step) { return false; }

  /** Its work is its own: the reference's 10,000 requests, a pause after each. */
  @Override
  public boolean sizedToSlice() { return false; }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    return traffic.closedLoop(phase, session -> session,
        traffic.get(phase, session -> Requests.HELLO + Requests.randomName(), false)
            .pause(Duration.ofMillis(phase.step().variant(Pause.class).millis)));
  }
}
