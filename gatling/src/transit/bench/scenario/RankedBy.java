package transit.bench.scenario;

/** What the verdict ranks a scenario's servers by (Scenario#rankedBy): requests/s, or where a scenario says so p99. */
public enum RankedBy {
  REQUESTS_PER_SECOND("requests/s", true), P99("p99 latency", false);

  public final String label;
  public final boolean higherIsBetter;

  RankedBy(String label, boolean higherIsBetter) {
    this.label = label;
    this.higherIsBetter = higherIsBetter;
  }
}
