package transit.bench.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.run.CpuProfile;
import transit.bench.scenario.Step;
import transit.measure.Spread;

/** One server's slices of one comparison (a group's step), in the order they ran: what the tables gather over the rounds. */
public record Rounds(Group group, Contestant contestant, Step step, List<Slice> slices) {
  /** A figure over the slices; null figures (not measured) are left out. */
  public Spread spread(Function<Measurement, Double> figure) {
    return Spread.of(slices.stream().map(s -> figure.apply(s.m())).toList());
  }

  /** Wrong answers and requests with none, summed. */
  public long errors() { return slices.stream().mapToLong(s -> s.m().failed() + s.m().lost()).sum(); }

  public long lost() { return slices.stream().mapToLong(s -> s.m().lost()).sum(); }

  /** In how many slices the client was the limit. */
  public int clientBound() { return (int) slices.stream().filter(s -> s.m().clientBound()).count(); }

  /** In how many slices others took the server's CPUs. */
  public int disturbed() { return (int) slices.stream().filter(s -> s.m().disturbed()).count(); }

  /** Why the server did not stay up through a slice (it ended, or ran out of memory); null when it did, or not measured. */
  public String down() {
    return slices.stream().map(s -> s.m().server() == null ? null : s.m().server().down()).filter(d -> d != null).findFirst().orElse(null);
  }

  /**
   * The threads the answers' work ran on over every slice (CpuProfile#threads): "virtual threads (97 %)", and the next
   * too where it has a tenth of the samples or more; null without a recording.
   */
  public String threads() {
    Map<String, Long> all = new HashMap<>();
    for (Slice s : slices)
      if (s.m().server() != null && s.m().server().threads() != null) s.m().server().threads().forEach((k, v) -> all.merge(k, v, Long::sum));
    long samples = all.values().stream().mapToLong(Long::longValue).sum();
    if (samples == 0) return null;
    List<String> shares = new ArrayList<>();
    for (Map.Entry<String, Long> e : CpuProfile.mostFirst(all).entrySet()) {
      if (shares.size() == 2 || !shares.isEmpty() && e.getValue() * 10 < samples) break;
      shares.add(e.getKey() + " (" + Math.round(100.0 * e.getValue() / samples) + " %)");
    }
    return String.join(", ", shares);
  }
}
