package transit.bench;

import static io.gatling.javaapi.core.CoreDsl.exec;

import io.gatling.javaapi.core.PopulationBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference's plaintext and JSON hellos: `GET /`, `/greeting/{name}` and `/hello?name=…` in turn, on
 * kept-alive connections, then with `Connection: close` on every request. A table shows how many connections
 * the server accepted per request, so "new connection" is seen to reconnect.
 */
final class HelloScenario implements Scenario {
  static final int NEW_CONNECTION = 1;

  @Override
  public String paths() { return "hellos"; }

  public String name() { return "hello"; }

  public String about() {
    return "`GET /`, `GET /greeting/{name}`, `GET /hello?name={5 random letters}`, on kept-alive connections, "
        + "then with `Connection: close` on every request (a new connection each)";
  }

  public List<Step> steps(Settings settings) {
    List<Step> steps = new ArrayList<>();
    for (int users : settings.usersOr(List.of(50))) {
      steps.add(Step.closed(name(), "keep-alive", users, settings.warmupSeconds(), settings.durationSeconds()));
      steps.add(Step.closed(name(), "new connection", users, settings.warmupSeconds(), settings.durationSeconds())
          .withParam(NEW_CONNECTION, 0));
    }
    return steps;
  }

  public PopulationBuilder population(TransitSimulation.Phase phase, TransitSimulation simulation) {
    boolean close = phase.step().param() == NEW_CONNECTION;
    return simulation.closedLoop(phase, session -> session,
        exec(simulation.get(phase, session -> Plan.ROOT, close))
            .exec(simulation.get(phase, session -> Plan.GREETING + TransitSimulation.randomName(), close))
            .exec(simulation.get(phase, session -> Plan.HELLO + TransitSimulation.randomName(), close)));
  }

  @Override
  public void report(Report report) {
    report.closedLoopTables(this);
    report.connectionsPerRequest(this);
  }
}
