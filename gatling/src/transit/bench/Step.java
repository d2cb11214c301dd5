package transit.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One measured step: a scenario at a user count, in one variant (connection mode, think time). Users start at
 * once and loop for durationSeconds, or, with requestsPerUser > 0, make that many requests pausing pauseMillis
 * after each (think time). The same step runs first for warmupSeconds, unmeasured.
 */
public record Step(String scenario, String variant, int users, int warmupSeconds, int durationSeconds,
    boolean newConnectionPerRequest, int pauseMillis, int requestsPerUser) {

  /** The think-time scenario's fixed amount of work: requests in all, shared among its users. */
  static final int THINK_TIME_REQUESTS = 10_000;

  /** Unique within a run: Gatling's request name, the report's column group. */
  public String label() {
    return scenario + (variant.isEmpty() ? "" : " " + variant) + " " + usersLabel();
  }

  public String usersLabel() { return users + (users == 1 ? " user" : " users"); }

  /** How long the measured part should take, for progress lines. */
  public int expectedSeconds() {
    return requestsPerUser > 0 ? (int) Math.ceil(requestsPerUser * pauseMillis / 1000.0) : durationSeconds;
  }

  /** The steps of the chosen scenarios, in run order. */
  public static List<Step> plan(Options options) {
    List<Step> steps = new ArrayList<>();
    int warm = options.warmupSeconds(), run = options.durationSeconds();
    for (String scenario : options.scenarios()) {
      for (int users : options.users() != null ? options.users() : defaultUsers(scenario)) {
        switch (scenario) {
          case "heavy", "small" -> steps.add(new Step(scenario, "", users, warm, run, false, 0, 0));
          case "hello" -> {
            steps.add(new Step(scenario, "keep-alive", users, warm, run, false, 0, 0));
            steps.add(new Step(scenario, "new connection", users, warm, run, true, 0, 0));
          }
          case "think-time" -> {
            for (int pause : new int[] {1000, 100}) {
              // --quick keeps the pause but cuts the requests so the step lasts about its duration
              int perUser = options.quick() ? Math.max(1, run * 1000 / pause) : Math.max(1, THINK_TIME_REQUESTS / users);
              steps.add(new Step(scenario, seconds(pause) + " s pause", users, warm, run, false, pause, perUser));
            }
          }
          default -> throw new IllegalArgumentException("no such scenario: " + scenario);
        }
      }
    }
    return steps;
  }

  static String seconds(int millis) {
    return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
  }

  static List<Integer> defaultUsers(String scenario) {
    return switch (scenario) {
      case "small" -> List.of(1, 10, 50, 100);
      case "think-time" -> List.of(100);
      default -> List.of(50);
    };
  }

  /** Only heavy and small are run again against a server that caches encoded responses. */
  public boolean comparedWithCache() { return scenario.equals("heavy") || scenario.equals("small"); }

  String encode() {
    return String.join("|", scenario, variant, "" + users, "" + warmupSeconds, "" + durationSeconds,
        "" + newConnectionPerRequest, "" + pauseMillis, "" + requestsPerUser);
  }

  static Step decode(String line) {
    String[] f = line.split("\\|", -1);
    return new Step(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), Integer.parseInt(f[4]),
        Boolean.parseBoolean(f[5]), Integer.parseInt(f[6]), Integer.parseInt(f[7]));
  }
}
