package transit.measure;

import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.DoubleFunction;

/**
 * Two runs of the same suite compared figure by figure (the harness's and JMH's --compare): each figure's
 * difference from the first run, and how many agree within {@link #AGREEMENT}. A figure that cannot be trusted in
 * either run (a JMH error over 10 %) never agrees; one that is only a lower bound (client-bound) is counted apart.
 */
public final class Comparison {
  /** Two figures agree when they differ by at most this share of the first. */
  public static final double AGREEMENT = 0.10;

  private int agree, compared, apartAgree, apart;

  /** One figure in both runs: its difference as a share of the first, and whether the two agree. */
  public record Difference(double first, double second, double share, boolean agrees) {}

  /**
   * Compares and counts one figure. slack: a difference this small agrees whatever its share (a latency 1 ms apart,
   * the resolution it is measured in); trusted: both runs' figures hold (else it does not agree); apart: counted on
   * its own.
   */
  public Difference compare(double first, double second, double slack, boolean trusted, boolean apart) {
    double share = (second - first) / first;
    boolean agrees = trusted && (Math.abs(share) <= AGREEMENT || Math.abs(second - first) <= slack);
    if (apart) {
      this.apart++;
      if (agrees) apartAgree++;
    } else {
      compared++;
      if (agrees) agree++;
    }
    return new Difference(first, second, share, agrees);
  }

  /** "12 → 13 (+8 %)", with ✗ when the two do not agree. */
  public static String cell(Difference d, DoubleFunction<String> format) {
    return format.apply(d.first()) + " → " + format.apply(d.second()) + String.format(Locale.ROOT, " (%+.0f %%)", d.share() * 100)
        + (d.agrees() ? "" : " ✗");
  }

  /** "**5 of 6 medians agree within 10 %**", and the figures counted apart where there were any. */
  public String verdict(String figures, String apartAs) {
    String line = String.format(Locale.ROOT, "**%d of %d %s agree within %.0f %%**", agree, compared, figures, AGREEMENT * 100);
    return apart == 0 ? line : line + String.format(Locale.ROOT, " (and %d of %d %s)", apartAgree, apart, apartAs);
  }

  /** The keys of either run, sorted. */
  public static TreeSet<String> keys(Map<String, ?> first, Map<String, ?> second) {
    TreeSet<String> keys = new TreeSet<>(first.keySet());
    keys.addAll(second.keySet());
    return keys;
  }
}
