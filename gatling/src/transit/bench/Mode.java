package transit.bench;

import java.util.List;

/** How a framework's server is run: the flags it is started with. heavy and small run in every chosen mode. */
public enum Mode {
  /** As the framework's users write it: every response encoded per request. */
  IDIOMATIC("idiomatic", List.of(), "as the framework's users write it: a response model per request, encoded by "
      + "the framework's JSON library (Cask upickle, http4s circe, Javalin Jackson) into one body"),
  /** --tuned: /schedules streamed from the feed's arrays through the framework's own streaming path. */
  TUNED("tuned", List.of("--tuned"), "/schedules written by core's SchedulesJson straight from the feed's arrays, "
      + "its length counted first, then streamed (Cask a geny.Writable, http4s an fs2 stream of 128 KB chunks, Javalin "
      + "the response's output stream on virtual threads where the JDK has them); docs/API.md"),
  /** --cache: encoded responses kept, so only the framework's write path is left (a ceiling, not a mode to deploy). */
  CACHED("cached", List.of("--cache"), "idiomatic bytes encoded once and kept: only the framework's write path "
      + "is left, the ceiling");

  static final List<Mode> ALL = List.of(values());

  final String label;
  final List<String> serverFlags;
  /** What the mode does, for the report's conditions. */
  final String description;

  Mode(String label, List<String> serverFlags, String description) {
    this.label = label;
    this.serverFlags = serverFlags;
    this.description = description;
  }
}
