package transit.bench;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** The run's expected time, and after each server run how much is left, scaled by how the runs so far compared with their estimate. */
final class Progress {
  private final long startedNanos = System.nanoTime();
  private final int expectedTotal;
  private int expectedDone;

  Progress(int expectedSeconds) { this.expectedTotal = expectedSeconds; }

  /** "about 25 min (until 14:35)". */
  static String until(long seconds) {
    return "about " + Format.duration(seconds) + " (until " + LocalTime.now().plusSeconds(seconds).format(DateTimeFormatter.ofPattern("HH:mm")) + ")";
  }

  long elapsedSeconds() { return (System.nanoTime() - startedNanos) / 1_000_000_000; }

  /** A run expected to take this long is done (or skipped): the line saying what is left. */
  String done(int runExpectedSeconds) {
    expectedDone += runExpectedSeconds;
    long elapsed = elapsedSeconds();
    long left = Math.round((expectedTotal - expectedDone) * Math.max(0.5, (double) elapsed / Math.max(1, expectedDone)));
    return "Progress: " + Format.duration(elapsed) + " elapsed, " + until(left) + " left";
  }
}
