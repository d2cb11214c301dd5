package transit.bench.scenario;

import java.util.List;

/** Every scenario the harness runs, in run and report order: a new scenario is its class and a line here. */
public final class Scenarios {
  private Scenarios() {}

  public static final List<Scenario> ALL = List.of(new Scenario[] { // an array's trailing comma: a new scenario is one added line
      RouteScenario.HEAVY,
      RouteScenario.SMALL,
      new CompressedScenario(),
      new HelloScenario(),
      new ThinkTimeScenario(),
      new LatencyScenario(),
      new ConnectionsScenario(),
      new ReloadScenario(),
      new OverloadScenario(),
  });

  public static List<String> names() { return ALL.stream().map(Scenario::name).toList(); }

  public static Scenario named(String name) {
    return ALL.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no such scenario: " + name));
  }

  /** The scenarios a profile runs when --scenarios does not choose. */
  public static List<String> inProfile(Profile profile) { return ALL.stream().filter(s -> s.inProfile(profile)).map(Scenario::name).toList(); }
}
