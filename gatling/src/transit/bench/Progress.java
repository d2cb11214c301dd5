package transit.bench;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import transit.bench.report.Format;

/** The run's expected time, and after each comparison how far the run is and how long it may still take. */
final class Progress {
  private final long leastSeconds, budgetSeconds;

  /** leastSeconds: what the plan expects at least; budgetSeconds: the most the run may take adding rounds (0: none added). */
  Progress(long leastSeconds, long budgetSeconds) {
    this.leastSeconds = leastSeconds;
    this.budgetSeconds = budgetSeconds;
  }

  /** "about 25 min (until 14:35)". */
  static String until(long seconds) {
    return "about " + Format.duration(seconds) + " (until " + LocalTime.now().plusSeconds(seconds).format(DateTimeFormatter.ofPattern("HH:mm")) + ")";
  }

  /** "Progress: 3 of 6 comparisons, 7 min elapsed, at most 9 min left (until 14:35)". */
  String line(int done, int of, long elapsedSeconds) {
    long left = Math.max(0, Math.max(leastSeconds, budgetSeconds) - elapsedSeconds);
    return "Progress: " + done + " of " + of + " comparison" + (of == 1 ? "" : "s") + ", " + Format.duration(elapsedSeconds) + " elapsed, "
        + (done == of ? "writing the report" : "at most " + until(left).replaceFirst("^about ", "") + " left");
  }
}
