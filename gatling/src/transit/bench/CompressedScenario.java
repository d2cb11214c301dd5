package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.ArrayList;
import java.util.List;
import transit.server.Mode;

/**
 * Large JSON as it is really served: the heavy and the small list as their scenarios request them, by clients that ask
 * gzip (`Accept-Encoding: gzip`), as a browser, an app's HTTP client or a proxy does. Every answer must come gzipped
 * and decompress to exactly the identity answer's length. The report sets each server's figures beside its identity
 * answers to the same list in the same run: requests/s, CPU per request and bytes on the wire per answer.
 */
final class CompressedScenario implements Scenario {
  /** A step's variant: the list its users request. */
  enum Routes implements Step.Variant {
    HEAVY(RouteScenario.HEAVY), SMALL(RouteScenario.SMALL);

    final RouteScenario uncompressed;

    Routes(RouteScenario uncompressed) { this.uncompressed = uncompressed; }

    public String label() { return uncompressed.name(); }
  }

  public String name() { return "compressed"; }

  public String help() {
    return "heavy and small at 50 users, each request asking gzip (Accept-Encoding: gzip), each answer checked gzipped; heavy's "
        + "steps at least " + HEAVY_MIN_SECONDS + " s after " + HEAVY_MIN_WARMUP_SECONDS + " s of warm-up (its answers take seconds)";
  }

  public String about() {
    return "The heavy and the small list as their scenarios request them, each request with `Accept-Encoding: gzip`; every "
        + "answer must be gzipped and decompress to the identity answer's length";
  }

  /** Beyond the default's 40 minutes: one flag away (--scenarios heavy,small,compressed); in the quick and full profiles. */
  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  /**
   * The least warm-up and window of a heavy step: a compressed heavy answer takes seconds (fifty of them deflated at
   * once on one core), and a step counts the answers that end in it, so a window of a few answers' time counts too few
   * and gives each too much CPU and too many bytes (at 3 s and 8 s, about a quarter: docs/RESULTS.md, 2026-11-27).
   */
  static final int HEAVY_MIN_WARMUP_SECONDS = 15, HEAVY_MIN_SECONDS = 40;

  /**
   * Both lists at each user count, the heavy one's steps at least HEAVY_MIN_*; the quick profile asks the small one
   * only: its steps check the pipeline, and a heavy one would cost a step per server run without checking more of it
   * (CompressionTest and the conformance suite ask every framework's largest answers gzipped).
   */
  public List<Step> steps(Settings settings) {
    List<Step> steps = new ArrayList<>();
    for (int users : settings.usersOr(List.of(50))) {
      if (!settings.quick())
        steps.add(Step.closed(name(), Routes.HEAVY.label(), users, Math.max(settings.warmupSeconds(), HEAVY_MIN_WARMUP_SECONDS),
            Math.max(Routes.HEAVY.uncompressed.seconds(settings), HEAVY_MIN_SECONDS)));
      steps.add(Step.closed(name(), Routes.SMALL.label(), users, settings.warmupSeconds(), Routes.SMALL.uncompressed.seconds(settings)));
    }
    return steps;
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    List<String> routes = phase.step().variant(Routes.class).uncompressed.routes(traffic.plan());
    return traffic.closedLoop(phase, session -> session.set("deck", new RouteScenario.Deck(routes)),
        traffic.gzipped(phase, session -> session.<RouteScenario.Deck>get("deck").draw()));
  }

  @Override
  public void report(ReportSection section) {
    section.closedLoopTables();
    section.besideIdentity();
    section.whereTheTimeGoes();
  }
}
