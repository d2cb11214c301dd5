package transit.bench;

import java.util.List;

/** How a framework's server is run: the flags it is started with. heavy and small run in every chosen mode. */
public enum Mode {
  /** As the framework's users write it: every response encoded per request. */
  IDIOMATIC("idiomatic", List.of()),
  /** --tuned: /schedules streamed from the feed's arrays through the framework's own streaming path. */
  TUNED("tuned", List.of("--tuned")),
  /** --cache: encoded responses kept, so only the framework's write path is left (a ceiling, not a mode to deploy). */
  CACHED("cached", List.of("--cache"));

  static final List<Mode> ALL = List.of(values());

  final String label;
  final List<String> serverFlags;

  Mode(String label, List<String> serverFlags) {
    this.label = label;
    this.serverFlags = serverFlags;
  }
}
