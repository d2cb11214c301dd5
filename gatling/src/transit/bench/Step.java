package transit.bench;

/**
 * One measured step: a scenario in one variant at one load: a user count for a closed loop (its users start at
 * once and loop for durationSeconds, or make `requests` requests each when that is above 0) or, when open, a rate
 * of arriving requests per second. The variant names the scenario's own setting ("keep-alive", "1 s pause"), which
 * the scenario reads back as its own type. The same step runs first for warmupSeconds, unmeasured;
 * expectedSeconds is how long its measured part should take.
 */
public record Step(String scenario, String variant, int load, boolean open, int requests, int warmupSeconds, int durationSeconds,
    int expectedSeconds) {

  /** A scenario's typed setting, one enum constant per variant: its label is the step's variant. */
  interface Variant {
    String label();
  }

  /** The constant of a scenario's variants that this step is. */
  <E extends Enum<E> & Variant> E variant(Class<E> variants) {
    for (E v : variants.getEnumConstants()) if (v.label().equals(variant)) return v;
    throw new IllegalArgumentException(scenario + ": no variant \"" + variant + "\"");
  }

  static Step closed(String scenario, String variant, int users, int warmupSeconds, int durationSeconds) {
    return new Step(scenario, variant, users, false, 0, warmupSeconds, durationSeconds, durationSeconds);
  }

  static Step open(String scenario, int rate, int warmupSeconds, int durationSeconds) {
    return new Step(scenario, "", rate, true, 0, warmupSeconds, durationSeconds, durationSeconds);
  }

  /** Each user makes this many requests, taking about expectedSeconds in all, instead of looping for the duration. */
  Step withRequests(int requests, int expectedSeconds) {
    return new Step(scenario, variant, load, open, requests, warmupSeconds, durationSeconds, expectedSeconds);
  }

  Step withWarmup(int seconds) {
    return new Step(scenario, variant, load, open, requests, seconds, durationSeconds, expectedSeconds);
  }

  /** Unique within a run whatever the warm-up: Gatling's request name, the key the rounds are gathered by. */
  public String label() {
    return scenario + (variant.isEmpty() ? "" : " " + variant) + " " + loadLabel();
  }

  /** "50 users", "1 user" or "120 req/s". */
  public String loadLabel() { return open ? load + " req/s" : load + (load == 1 ? " user" : " users"); }

  String encode() {
    return String.join("|", scenario, variant, "" + load, "" + open, "" + requests, "" + warmupSeconds, "" + durationSeconds, "" + expectedSeconds);
  }

  static Step decode(String line) {
    String[] f = line.split("\\|", -1);
    return new Step(f[0], f[1], Integer.parseInt(f[2]), Boolean.parseBoolean(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
        Integer.parseInt(f[6]), Integer.parseInt(f[7]));
  }
}
