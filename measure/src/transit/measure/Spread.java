package transit.measure;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/** The median of a figure over repeated runs (rounds) and their range. */
public record Spread(double median, double min, double max, int n) {
  /** Over the values that are known (null and NaN left out); null when none is. */
  public static Spread of(List<Double> values) {
    List<Double> known = values.stream().filter(v -> v != null && !v.isNaN()).toList();
    if (known.isEmpty()) return null;
    DescriptiveStatistics stats = new DescriptiveStatistics();
    known.forEach(stats::addValue);
    return new Spread(stats.getPercentile(50), stats.getMin(), stats.getMax(), known.size());
  }
}
