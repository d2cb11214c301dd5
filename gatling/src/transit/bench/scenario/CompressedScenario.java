package transit.bench.scenario;

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

  public String help() { return "heavy and small at 50 users, each request asking gzip (Accept-Encoding: gzip), each answer checked gzipped"; }

  public String about() {
    return "The heavy and the small list as their scenarios request them, each request with `Accept-Encoding: gzip`; every "
        + "answer must be gzipped and decompress to the identity answer's length";
  }

  /** Beyond the default's 20 minutes: one flag away (--scenarios heavy,small,compressed); in the quick and full profiles. */
  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  /**
   * Both lists at each user count; the quick profile asks the small one only: its slices check the pipeline, and a heavy
   * one would cost a slice per server without checking more of it (CompressionTest and the conformance suite ask every
   * framework's largest answers gzipped).
   */
  public List<Step> steps(Settings settings) {
    List<Step> steps = new ArrayList<>();
    for (int users : settings.usersOr(List.of(50)))
      for (Routes routes : Routes.values())
        if (routes == Routes.SMALL || !settings.quick())
          steps.add(Step.closed(name(), routes.label(), users, routes.uncompressed.seconds(settings)));
    return steps;
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    List<String> routes = phase.step().variant(Routes.class).uncompressed.routes(traffic.routes());
    return traffic.closedLoop(phase, session -> session.set("deck", new RouteScenario.Deck(routes, phase.random(session))),
        traffic.gzipped(phase, session -> session.<RouteScenario.Deck>get("deck").draw()));
  }

  @Override
  public List<Table> tables() { return List.of(Table.CLOSED_LOOP, Table.BESIDE_IDENTITY, Table.WHERE_THE_TIME_GOES); }
}
