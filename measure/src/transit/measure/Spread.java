package transit.measure;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/** The median of a figure over repeated runs (rounds) and their range; wide when the range exceeds 10 % of the median. */
public record Spread(double median, double min, double max, int n) {
  /** A range wider than this share of its median is marked. */
  public static final double WIDE = 0.10;

  /** Over the values that are known (null and NaN left out); null when none is. */
  public static Spread of(List<Double> values) {
    List<Double> known = values.stream().filter(v -> v != null && !v.isNaN()).toList();
    if (known.isEmpty()) return null;
    DescriptiveStatistics stats = new DescriptiveStatistics();
    known.forEach(stats::addValue);
    return new Spread(stats.getPercentile(50), stats.getMin(), stats.getMax(), known.size());
  }

  public boolean wide() { return n > 1 && max - min > WIDE * Math.abs(median); }
}
