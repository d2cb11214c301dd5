package transit.server;

import java.util.List;
import java.util.Locale;

/**
 * A setting a server makes beyond its framework's defaults, as the report and docs/API.md list it: its name as the
 * framework spells it, the value it gets and the framework's own default, the modes it is made in, whether it is one
 * of the limits (docs/API.md, Limits: `--limits off` leaves it at the default), why it is made, and what it costs
 * (where it can cost throughput, how that was measured).
 */
public record Setting(String name, String value, String frameworkDefault, List<Mode> modes, boolean limit, String why, String cost) {
  /** Why a setting is made, where it is made for the same reason on several servers. */
  public static final String FOR_SLOW_READERS = "a response written to a slow reader holds its thread: as many as connections, so "
      + "slow readers never take the last one",
      FOR_THE_RATE_CHECK = "a response is seen to move as its writes complete: the minimum rate needs them to follow what the client reads",
      FOR_THE_CONNECTION_LIMIT = "the connection limit: more wait in the backlog",
      FOR_TRICKLED_HEADS = "a request head trickled a byte at a time is closed",
      FOR_TRICKLING_READERS = "a client reading a trickle is cut off",
      FOR_LONG_IDS = "an over-long route id reaches the contract's 400, as on every server",
      FOR_THE_BACKLOG = "1,000 clients connecting at once are queued, not refused",
      FOR_THE_CONTRACT = "the contract's answers (docs/API.md, Protocol errors)",
      FOR_THE_CONTRACT_BYTES = "the contract's bytes",
      FOR_COMPRESSION = "a /schedules answer goes gzipped where the request accepts it, as large JSON is served (docs/API.md, Compression)";

  /** What a limit costs: every run that sets limits off beside on measures it, with the other limits. */
  public static final String WITH_THE_LIMITS = "with the other limits: each run's What the limits cost";
  /** The bound of a request's line and headers every server sets where its framework has one (HttpContract.MAX_HEAD_BYTES). */
  public static final String MAX_HEAD = transit.api.HttpContract.MAX_HEAD_BYTES / 1024 + " KB";
  /** The connections every server serves at once with the limits on, and the threads a pool of one per connection has. */
  public static final String CONNECTIONS = String.format(Locale.ROOT, "%,d", ServerSettings.Limits.DEFAULT.connectionLimit()),
      THREADS_FOR_CONNECTIONS = String.format(Locale.ROOT, "%,d", ServerSettings.Limits.DEFAULT.threadsForConnections());
  /** The listen backlog every server asks for (ServerSettings.BACKLOG). */
  public static final String BACKLOG = String.format(Locale.ROOT, "%,d", ServerSettings.BACKLOG);
  /** The send buffer every server sets with the limits on (ServerSettings.Limits). */
  public static final String SEND_BUFFER = ServerSettings.Limits.DEFAULT.sendBufferBytes() / 1024 + " KB";
  /** What the send buffer costs, measured on its own (docs/RESULTS.md, the send buffer on its own). */
  public static final String SEND_BUFFER_COST = WITH_THE_LIMITS + "; on its own, against the kernel's, the other limits on: "
      + "docs/RESULTS.md (2026-11-28, the send buffer on its own)";
  /** What compression costs: on answers asked gzipped, the compressed scenario; on the others, what its check adds. */
  public static final String COMPRESSION_COST = "asked gzip, the compressed scenario's figures; asked nothing, within the spread "
      + "(docs/RESULTS.md, the compression change on identity answers: cached small, four frameworks)";
  /** A setting made with the limits on or off (the contract's answers, the listen backlog): in every figure alike. */
  public static final String IN_EVERY_FIGURE = "not apart: set with the limits off too, so in every figure";

  /** Made in every mode. */
  public static Setting always(String name, String value, String frameworkDefault, String why, String cost) {
    return new Setting(name, value, frameworkDefault, List.of(Mode.values()), false, why, cost);
  }

  /** One of the limits, made in every mode unless they are off. */
  public static Setting limit(String name, String value, String frameworkDefault, String why, String cost) {
    return new Setting(name, value, frameworkDefault, List.of(Mode.values()), true, why, cost);
  }

  /** Made in one mode only. */
  public static Setting in(Mode mode, String name, String value, String frameworkDefault, String why, String cost) {
    return new Setting(name, value, frameworkDefault, List.of(mode), false, why, cost);
  }

  /** "every mode", or the modes' labels. */
  public String modesLabel() {
    return modes.size() == Mode.values().length ? "every mode" : String.join(", ", modes.stream().map(m -> m.label).toList());
  }
}
