package transit.bench.results;

import java.util.ArrayList;
import java.util.List;
import transit.bench.plan.Contestant;
import transit.bench.scenario.RankedBy;

/**
 * One server set-up measured two ways in the same rounds (limits on and off, two JDKs, two builds): the first's ranked
 * figure over the second's, its interval and what it decides (ahead: the first did better). A pair one of whose sides
 * was mostly unfit says nothing: unjudged says why, and its decision is undecided.
 */
public record Pair(Kind kind, Series first, Series second, RankedBy by, Ratio ratio, Ratio.Decision decision, String unjudged) {
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

  /** A comparison's pairs: each server beside each other that differs from it only in its limits, its JDK or its build. */
  public static List<Pair> of(List<Series> servers, RankedBy by, double margin) {
    List<Pair> pairs = new ArrayList<>();
    for (Kind kind : Kind.values())
      for (Series a : servers)
        for (Series b : servers)
          if (kind.pairs(a.contestant(), b.contestant())) pairs.add(of(kind, a, b, by, margin));
    return pairs;
  }

  private static Pair of(Kind kind, Series a, Series b, RankedBy by, double margin) {
    String unjudged = a.apart() != null ? a.apart() : b.apart() != null ? b.apart() + " (" + kind.second + ")" : null;
    Ratio ratio = Ranking.ratio(a.logs(), b.logs());
    Ratio.Decision decision = unjudged != null ? Ratio.Decision.UNDECIDED : (by.higherIsBetter ? ratio : ratio.inverse()).decide(margin);
    return new Pair(kind, a, b, by, ratio, decision, unjudged);
  }

  /** The first against the second, negative where the first did worse: requests/s ratio − 1, p99 1 − ratio; NaN without both. */
  public double change() { return by.higherIsBetter ? ratio.value() - 1 : 1 - ratio.value(); }
}
