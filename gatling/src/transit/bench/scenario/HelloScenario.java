package transit.bench.scenario;

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
  /** A step's variant: whether each request keeps its connection or asks for a new one. */
  enum Connection implements Step.Variant {
    KEPT_ALIVE("keep-alive", false), NEW("new connection", true);

    private final String label;
    final boolean closeEach;

    Connection(String label, boolean closeEach) {
      this.label = label;
      this.closeEach = closeEach;
    }

    public String label() { return label; }
  }

  public String name() { return "hello"; }

  public String help() { return "GET /, /greeting/{name}, /hello?name=... at 50 users: kept-alive, then a new connection per request"; }

  public String about() {
    return "`GET /`, `GET /greeting/{name}`, `GET /hello?name={5 random letters}`, on kept-alive connections, "
        + "then with `Connection: close` on every request (a new connection each)";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  public List<Step> steps(Settings settings) {
    List<Step> steps = new ArrayList<>();
    for (int users : settings.usersOr(List.of(50)))
      for (Connection c : Connection.values()) steps.add(Step.closed(name(), c.label(), users, settings.sliceSeconds()));
    return steps;
  }

  public PopulationBuilder population(Phase phase, Traffic traffic) {
    boolean close = phase.step().variant(Connection.class).closeEach;
    return traffic.closedLoop(phase, session -> session,
        exec(traffic.get(phase, session -> Requests.ROOT, close))
            .exec(traffic.get(phase, session -> Requests.GREETING + Requests.randomName(), close))
            .exec(traffic.get(phase, session -> Requests.HELLO + Requests.randomName(), close)));
  }

  @Override
  public List<Table> tables() { return List.of(Table.CLOSED_LOOP, Table.CONNECTIONS_PER_REQUEST); }
}
