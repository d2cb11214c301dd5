package transit.bench.scenario;

/**
 * What a comparison measures, and the work of each of its slices: a scenario in one variant at one load (the users of a
 * closed loop, or an open model's rate of arriving requests). With requests above 0, each user makes that many
 * requests, the same for every server, and seconds is how long a slice should take; with none, a slice lasts seconds
 * (a warm-up slice, or a scenario whose work is a time: reload, overload, an open model's arrivals). The variant names
 * the scenario's own setting ("keep-alive", "1 s pause"), which the scenario reads back as its own type.
 */
public record Step(String scenario, String variant, int load, boolean open, int requests, int seconds) {
  /** A scenario's typed setting, one enum constant per variant: its label is the step's variant. */
  public interface Variant {
    String label();
  }

  /** The constant of a scenario's variants that this step is. */
  public <E extends Enum<E> & Variant> E variant(Class<E> variants) {
    for (E v : variants.getEnumConstants()) if (v.label().equals(variant)) return v;
    throw new IllegalArgumentException(scenario + ": no variant \"" + variant + "\"");
  }

  public static Step closed(String scenario, String variant, int users, int seconds) {
    return new Step(scenario, variant, users, false, 0, seconds);
  }

  public static Step open(String scenario, int rate, int seconds) { return new Step(scenario, "", rate, true, 0, seconds); }

  /** Each user makes this many requests, taking about expectedSeconds in all, instead of looping for a time. */
  public Step withRequests(int requests, int expectedSeconds) { return new Step(scenario, variant, load, open, requests, expectedSeconds); }

  /** The same step for a time instead (a warm-up slice). */
  public Step forSeconds(int seconds) { return new Step(scenario, variant, load, open, 0, seconds); }

  /** Whether its users make a fixed count of requests each: the same work in every slice, whatever the server. */
  public boolean fixedWork() { return requests > 0; }

  /** Unique within a run whatever its work: Gatling's request name, and the key a comparison's slices are gathered by. */
  public String label() {
    return scenario + (variant.isEmpty() ? "" : " " + variant) + " " + loadLabel();
  }

  /** "50 users", "1 user" or "120 req/s". */
  public String loadLabel() { return open ? load + " req/s" : load + (load == 1 ? " user" : " users"); }

  /** The same step, whatever its work: two slices of one comparison. */
  public boolean sameAs(Step other) { return label().equals(other.label()); }

  public String encode() { return String.join("|", scenario, variant, "" + load, "" + open, "" + requests, "" + seconds); }

  public static Step decode(String line) {
    String[] f = line.split("\\|", -1);
    return new Step(f[0], f[1], Integer.parseInt(f[2]), Boolean.parseBoolean(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]));
  }
}
