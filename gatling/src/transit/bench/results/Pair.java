package transit.bench.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.scenario.RankedBy;

/**
 * One server set-up measured two ways in the same rounds (limits on and off, two JDKs, two builds): the first's ranked
 * figure over the second's, its interval and what it decides (ahead: the first did better). first and second: each
 * side's instances (one each unless --instances); ratio: every instance of the first against every one of the second
 * (Ratio#across), and twins each side's first instance over each of its others (none with one instance each). A pair one of whose
 * sides was mostly unfit says nothing: unjudged says why, and its decision is undecided.
 */
public record Pair(Kind kind, List<Series> first, List<Series> second, RankedBy by, Ratio ratio, List<Ratio> twins, Ratio.Decision decision,
    String unjudged) {
  /** What tells the two apart, and what each side is called. */
  public enum Kind {
    LIMITS("limits on", "limits off"), JDK("newest JDK", "oldest JDK"), BUILD("today's build", "--against's build");

    public final String first;
    public final String second;

    Kind(String first, String second) {
      this.first = first;
      this.second = second;
    }

    /** Whether a is this kind's first side and b its second. */
    boolean pairs(Contestant a, Contestant b) {
      return switch (this) {
        case LIMITS -> a.differsOnlyInLimits(b) && a.limits();
        case JDK -> a.differsOnlyInJdk(b) && a.jdk() > b.jdk();
        case BUILD -> a.differsOnlyInBuild(b) && a.revision() == null;
      };
    }
  }

  /** A comparison's pairs, from its servers' slices judged fit or not on this many server CPUs. */
  public static List<Pair> of(List<Rounds> servers, RankedBy by, double margin, int serverCpus) {
    return of(servers.stream().map(r -> Series.of(r, by, serverCpus)).toList(), by, margin);
  }

  /**
   * A comparison's pairs: each server set-up beside each other that differs from it only in its limits, its JDK or its
   * build, with all the instances of each.
   */
  public static List<Pair> of(List<Series> servers, RankedBy by, double margin) {
    List<Pair> pairs = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      Map<List<Contestant>, List<List<Series>>> sides = new LinkedHashMap<>();
      for (Series a : servers)
        for (Series b : servers)
          if (kind.pairs(a.contestant(), b.contestant())) {
            List<List<Series>> both = sides.computeIfAbsent(List.of(a.contestant().instance(0), b.contestant().instance(0)),
                k -> List.of(new ArrayList<>(), new ArrayList<>()));
            if (!both.get(0).contains(a)) both.get(0).add(a);
            if (!both.get(1).contains(b)) both.get(1).add(b);
          }
      sides.values().forEach(both -> pairs.add(of(kind, both.get(0), both.get(1), by, margin)));
    }
    return pairs;
  }

  private static Pair of(Kind kind, List<Series> a, List<Series> b, RankedBy by, double margin) {
    String unjudged = a.stream().map(Series::apart).filter(w -> w != null).findFirst()
        .orElse(b.stream().map(Series::apart).filter(w -> w != null).map(w -> w + " (" + kind.second + ")").findFirst().orElse(null));
    List<Ratio> each = new ArrayList<>();
    for (Series x : a) for (Series y : b) each.add(Ranking.ratio(x.logs(), y.logs()));
    Ratio ratio = Ratio.across(each);
    List<Ratio> twins = new ArrayList<>();
    for (List<Series> side : List.of(a, b))
      for (Series other : side.subList(1, side.size())) twins.add(Ranking.ratio(side.get(0).logs(), other.logs()));
    Ratio.Decision decision = unjudged != null ? Ratio.Decision.UNDECIDED : (by.higherIsBetter ? ratio : ratio.inverse()).decide(margin);
    return new Pair(kind, List.copyOf(a), List.copyOf(b), by, ratio, List.copyOf(twins), decision, unjudged);
  }

  /** The first against the second, negative where the first did worse: requests/s ratio − 1, p99 1 − ratio; NaN without both. */
  public double change() { return by.higherIsBetter ? ratio.value() - 1 : 1 - ratio.value(); }
}
