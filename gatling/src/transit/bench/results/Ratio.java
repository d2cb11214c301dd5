package transit.bench.results;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * One figure over another, measured in the same rounds: the geometric mean of their ratios round by round, and its
 * interval (Student's t over the logs of the ratios, which are a paired sample). rounds: how many ratios it is of.
 */
public record Ratio(double value, double low, double high, int rounds) {
  /** The interval's confidence. */
  public static final double CONFIDENCE = 0.95;
  /** Two figures whose ratio's interval lies within ±5 % are level: a difference too small to matter. */
  public static final double MARGIN = 0.05;

  /** What an interval decides of the first figure against the second, higher being better. */
  public enum Decision {
    AHEAD("›"), BEHIND("‹"), LEVEL("≈"), UNDECIDED("?");

    /** How the verdict writes it between two servers. */
    public final String mark;

    Decision(String mark) { this.mark = mark; }

    public boolean decided() { return this != UNDECIDED; }
  }

  /** From the logs of the ratios, one per round; NaN without any, no interval (0 to ∞) with one. */
  public static Ratio of(List<Double> logs) {
    if (logs.isEmpty()) return new Ratio(Double.NaN, 0, Double.POSITIVE_INFINITY, 0);
    SummaryStatistics stats = new SummaryStatistics();
    logs.forEach(stats::addValue);
    double mean = stats.getMean();
    if (logs.size() < 2) return new Ratio(Math.exp(mean), 0, Double.POSITIVE_INFINITY, 1);
    double t = new TDistribution(logs.size() - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    double half = t * stats.getStandardDeviation() / Math.sqrt(logs.size());
    return new Ratio(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), logs.size());
  }

  /**
   * What several ratios of the same two set-ups say together (each instance of one against each of the other, in the
   * same rounds): their geometric mean, within an interval that holds every one of theirs, so that a difference one
   * pair of instances shows and another does not stays undecided; rounds the fewest of any. One ratio is itself.
   */
  public static Ratio across(List<Ratio> each) {
    if (each.size() == 1) return each.get(0);
    double log = each.stream().mapToDouble(r -> Math.log(r.value)).average().orElse(Double.NaN);
    return new Ratio(Math.exp(log), each.stream().mapToDouble(Ratio::low).min().orElse(0),
        each.stream().mapToDouble(Ratio::high).max().orElse(Double.POSITIVE_INFINITY), each.stream().mapToInt(Ratio::rounds).min().orElse(0));
  }

  /** The second over the first. */
  public Ratio inverse() { return new Ratio(1 / value, 1 / high, 1 / low, rounds); }

  /**
   * Level where the interval lies within ±margin of 1 (whether or not it also excludes 1: a difference that small does
   * not matter), ahead where it lies above 1, behind where below, else undecided; undecided with fewer than two rounds.
   */
  public Decision decide(double margin) {
    if (rounds < 2 || Double.isNaN(value)) return Decision.UNDECIDED;
    if (low >= 1 / (1 + margin) && high <= 1 + margin) return Decision.LEVEL;
    if (low > 1) return Decision.AHEAD;
    if (high < 1) return Decision.BEHIND;
    return Decision.UNDECIDED;
  }
}
