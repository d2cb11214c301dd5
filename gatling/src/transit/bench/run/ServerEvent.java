package transit.bench.run;

/**
 * Something that happened to a server while it served a slice: the harness replaced its feed ("replaced"), the server
 * swapped a new feed in ("reloaded", with that load's time; its /health loaded_at is when) or a reload failed
 * ("reload failed").
 */
public record ServerEvent(long atMillis, String what, long loadMillis) {
  public static final String REPLACED = "replaced", RELOADED = "reloaded", RELOAD_FAILED = "reload failed";
}
