package transit.bench;

/**
 * One measured step: a scenario in one variant at one load: a user count for a closed loop (its users start at
 * once and loop for durationSeconds, or make `requests` requests each when that is > 0) or, when open, a rate
 * of arriving requests per second. param is the scenario's own (think-time: the pause in ms; hello: 1 for a new
 * connection per request). The same step runs first for warmupSeconds, unmeasured.
 */
public record Step(String scenario, String variant, int load, boolean open, int param, int requests, int warmupSeconds,
    int durationSeconds) {

  static Step closed(String scenario, String variant, int users, int warmupSeconds, int durationSeconds) {
    return new Step(scenario, variant, users, false, 0, 0, warmupSeconds, durationSeconds);
  }

  Step withParam(int param, int requests) {
    return new Step(scenario, variant, load, open, param, requests, warmupSeconds, durationSeconds);
  }

  Step withWarmup(int seconds) {
    return new Step(scenario, variant, load, open, param, requests, seconds, durationSeconds);
  }

  /** Unique within a run whatever the warm-up: Gatling's request name, the key the rounds are gathered by. */
  public String label() {
    return scenario + (variant.isEmpty() ? "" : " " + variant) + " " + loadLabel();
  }

  /** "50 users", "1 user" or "120 req/s". */
  public String loadLabel() { return open ? load + " req/s" : load + (load == 1 ? " user" : " users"); }

  /** How long the measured part should take, for the estimate and progress lines. */
  public int expectedSeconds() {
    return requests > 0 ? (int) Math.ceil(requests * param / 1000.0) : durationSeconds;
  }

  String encode() {
    return String.join("|", scenario, variant, "" + load, "" + open, "" + param, "" + requests, "" + warmupSeconds, "" + durationSeconds);
  }

  static Step decode(String line) {
    String[] f = line.split("\\|", -1);
    return new Step(f[0], f[1], Integer.parseInt(f[2]), Boolean.parseBoolean(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
        Integer.parseInt(f[6]), Integer.parseInt(f[7]));
  }
}
