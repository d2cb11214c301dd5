package transit.jmh;

import java.util.List;

/**
 * Whether a benchmark had stopped drifting when its measurement began, from each fork's scores, warm-up and
 * measured iterations in order. Each score is first smoothed into the median of itself and its two neighbours
 * (the mean of two at either end), so one scattered iteration (a collection, a late compilation) is read as
 * noise while two in a row off the same way is read as drift. A fork has settled at the first iteration from
 * which every smoothed score stays within the tolerance of the median of its measured scores; warm-up was long
 * enough when every fork settled within its warm-up. A score that drifts through the measurement puts the
 * settling point there; so does a last iteration far enough off to pull its end's mean out.
 */
final class SteadyState {
  private SteadyState() {}

  /** Within 10 % of the measured median: the same bound the summary puts on a row's error. */
  static final double TOLERANCE = 0.10;

  /**
   * One fork's series: its warm-up scores then its measured scores.
   *
   * @return the 0-based iteration from which the fork stays within the tolerance; {@code warmups} or less means
   *     it had settled when measurement began
   */
  static int settledAt(List<Double> series, int warmups, double tolerance) {
    if (warmups < 0 || warmups > series.size()) throw new IllegalArgumentException(warmups + " warm-ups in " + series.size() + " iterations");
    if (warmups == series.size()) return series.size(); // nothing measured: nothing to settle on
    double median = median(series.subList(warmups, series.size()));
    int settled = series.size();
    while (settled > 0 && Math.abs(smoothed(series, settled - 1) - median) <= tolerance * Math.abs(median)) settled--;
    return settled;
  }

  /** The median of the score at i and its neighbours. */
  static double smoothed(List<Double> series, int i) {
    return median(series.subList(Math.max(0, i - 1), Math.min(series.size(), i + 2)));
  }

  /**
   * The row's verdict over its forks.
   *
   * @param warmups warm-up iterations per fork
   * @param latest the latest settling point over the forks (0-based, warm-up and measurement counted together)
   */
  record Verdict(int warmups, int measured, int latest) {
    boolean settledBeforeMeasurement() { return latest <= warmups; }

    /** "after 3 of 8 warm-ups", the measured iteration (1-based) the slowest fork settled at, or "never". */
    String describe() {
      if (settledBeforeMeasurement()) return "after " + latest + " of " + warmups + " warm-up" + (warmups == 1 ? "" : "s");
      if (latest >= warmups + measured) return "never: the last measured iteration is off";
      return "at measured " + (latest - warmups + 1) + " of " + measured;
    }
  }

  /** Each fork's warm-up then measured scores; the forks must all have the same number of warm-ups. */
  static Verdict of(List<List<Double>> forks, int warmups) {
    int latest = 0, measured = 0;
    for (List<Double> fork : forks) {
      latest = Math.max(latest, settledAt(fork, warmups, TOLERANCE));
      measured = Math.max(measured, fork.size() - warmups);
    }
    return new Verdict(warmups, measured, latest);
  }

  static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    if (n == 0) return Double.NaN;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
