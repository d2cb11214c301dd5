package transit.server;

import java.util.List;

/**
 * How a server builds its /schedules responses, the same bytes every way (docs/API.md, Options). The harness runs
 * each framework in each mode; the answer for a mode is decided once, in {@link SchedulesAnswer}.
 */
public enum Mode {
  /** As the framework's users write it: every response encoded per request. */
  IDIOMATIC("idiomatic", List.of(), "as the framework's users write it: a response model per request, encoded by the "
      + "framework's JSON library into one body"),
  /** --tuned: /schedules streamed from the feed's arrays, on the threads the framework's docs recommend. */
  TUNED("tuned", List.of("--tuned"), "/schedules written by core's SchedulesJson straight from the feed's arrays, its "
      + "length counted first, then streamed"),
  /** --cache: encoded responses kept, so only the framework's write path is left (a ceiling, not a mode to deploy). */
  CACHED("cached", List.of("--cache"), "idiomatic bytes encoded once and kept: only the framework's write path is "
      + "left, the ceiling");

  /** As the harness's --modes and the report name it. */
  public final String label;
  /** The server's flags for it. */
  public final List<String> flags;
  /** What it does, on every framework alike (each framework says how it does it: Framework#serves). */
  public final String description;

  Mode(String label, List<String> flags, String description) {
    this.label = label;
    this.flags = flags;
    this.description = description;
  }

  /** The mode its label names, or null. */
  public static Mode labelled(String label) {
    for (Mode m : values()) if (m.label.equals(label)) return m;
    return null;
  }
}
