package transit.bench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.run.JvmProbe;
import transit.bench.scenario.Step;
import transit.measure.ProcessSampler;
import transit.server.Mode;

/** Made-up measurements and slices for the tests of what a run's figures say. */
public final class Made {
  private Made() {}

  /** Heavy at 50 users, ten requests each. */
  public static final Step HEAVY = Step.closed("heavy", "", 50, 3).withRequests(10, 3);

  /**
   * A 10 s slice at rps requests/s, every answer taking latencyMs, its server at serverCpu % of one core (300 MB of RSS),
   * its collector 2 % of the slice with 120 MB left live and 1 MB allocated per answer, Gatling at clientCpu % of its one
   * CPU, and others at othersPercent % of the server's CPU.
   */
  public static Measurement measured(double rps, long latencyMs, double serverCpu, double clientCpu, double othersPercent) {
    long ok = Math.round(rps * 10);
    Histogram times = new Histogram(3);
    times.recordValueWithCount(latencyMs, Math.max(1, ok));
    ProcessSampler.Window server = new ProcessSampler.Window(10, serverCpu / 10, serverCpu, serverCpu, 300 * 1024, null, othersPercent);
    ProcessSampler.Window client = new ProcessSampler.Window(10, clientCpu / 10, clientCpu, clientCpu, 500 * 1024);
    return new Measurement(new Measurement.Answers(ok, 0, 0), 10, times, new Measurement.ServerUse(server,
        new JvmProbe.Window(200, 4, 120L << 20, ok << 20), null, null, List.of(), null, null),
        new Measurement.ClientUse(client, null, 1), -1, Measurement.Timeline.NONE, null, -1);
  }

  /** A slice at rps requests/s, 5 ms each, its server busy (98 %), its client not (50 %), undisturbed (2 %). */
  public static Measurement measured(double rps) { return measured(rps, 5, 98, 50, 2); }

  /** A server's measured slices of a step, one a round from round 1, nothing idle beside them. */
  public static List<Slice> slices(Group group, Contestant c, Step step, Measurement... each) {
    List<Slice> slices = new ArrayList<>();
    for (int i = 0; i < each.length; i++) slices.add(new Slice(group, c, step, Slice.Kind.MEASURED, i + 1, 7, 1000L * i, each[i], Map.of()));
    return slices;
  }

  /** A tuned server's rounds of heavy. */
  public static Rounds rounds(String framework, Measurement... each) {
    Group group = new Group(1, 1, Mode.TUNED, List.of());
    Contestant c = Contestant.of(framework, Mode.TUNED, "1g", true);
    return new Rounds(group, c, HEAVY, slices(group, c, HEAVY, each));
  }
}
