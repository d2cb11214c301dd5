package transit.bench;

import transit.measure.Spread;

/** What the verdict ranks a scenario's frameworks by (Scenario#rankedBy), and how it writes that figure. */
enum RankedBy {
  REQUESTS_PER_SECOND("requests/s", true), P99("p99 latency", false);

  final String label;
  final boolean higherIsBetter;

  RankedBy(String label, boolean higherIsBetter) {
    this.label = label;
    this.higherIsBetter = higherIsBetter;
  }

  Spread of(Standing s) { return this == REQUESTS_PER_SECOND ? s.requestsPerSecond() : s.p99(); }

  String format(double v) { return this == REQUESTS_PER_SECOND ? Format.count(v) : Format.millis(v) + " ms"; }
}
