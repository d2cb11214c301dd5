package transit.micronaut;

import java.util.List;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.Library;
import transit.server.Mode;
import transit.server.ProtocolError;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.Setting;

/** Micronaut as the comparison knows it: Micronaut 4 on its Netty server, JSON by Micronaut Serialization. */
final class MicronautFramework implements Framework {
  private static final Library SERDE = Library.of("Micronaut Serialization", io.micronaut.serde.ObjectMapper.class);
  private final Starter server;

  /** server: MicronautServer's start. */
  MicronautFramework(Starter server) { this.server = server; }

  @Override
  public RunningServer start(TransitApi api, ServerSettings settings) throws Exception { return server.start(api, settings); }

  @Override
  public List<Library> libraries() {
    return List.of(Library.of("Micronaut", io.micronaut.runtime.Micronaut.class), Library.of("Netty", io.netty.channel.Channel.class), SERDE);
  }

  @Override
  public Library json() { return SERDE; }

  @Override
  public byte[] encodeSchedules(List<TripSchedule> trips) { return MicronautJson.schedules(trips); }

  /** Its encoder settled only during measurement under JMH's default warm-ups (docs/RESULTS.md). */
  @Override
  public boolean encoderSettlesSlowly() { return true; }

  @Override
  public List<String> encodingFrames() {
    return List.of("io.micronaut.serde.", "com.fasterxml.jackson.core.", "transit.micronaut.$", MicronautJson.class.getName());
  }

  @Override
  public String serves(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> "the model returned from the controller on Micronaut's blocking executor (@ExecuteOn(BLOCKING): virtual "
          + "threads where the JDK has them, else its I/O pool), encoded by Micronaut Serialization into one buffer, written from "
          + "the event loop";
      case TUNED -> "a ByteBody of 128 KB chunks written from the feed's arrays on the event loop, each as Micronaut asks for "
          + "the next once the connection is writable";
      case CACHED -> "the kept bytes returned from the controller on Micronaut's blocking executor, written whole from the event loop";
    };
  }

  @Override
  public String compresses() {
    return "Micronaut's own compression, on by default (Netty's encoders, gzip at level 6 for answers of 1 KB or more: "
        + "micronaut.server.netty.compression-level and compression-threshold), chunk by chunk as the body is written; the request's "
        + "Accept-Encoding narrowed first to gzip or none, as Micronaut answers `*` in snappy and `deflate;q=0, br` in deflate";
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      case HTTP_9_9, HTTP_2_0_REQUEST_LINE -> ProtocolError.NO_ANSWER;
      case TABS_BETWEEN_PARTS, EMPTY_LINE_BEFORE_REQUEST, PATH_NOT_UTF8_ONCE_DECODED, TWO_HUNDRED_HEADERS, OBSOLETE_FOLDED_HEADER,
          WEBSOCKET_UPGRADE, HTTP_1_0_WITHOUT_HOST -> 200;
      // Netty's codec reads a method's name whatever its case
      case LOWERCASE_GET -> 200;
      case OPTIONS_ASTERISK, CONNECT, FRAGMENT -> 404;
      // Micronaut answers a request line or a header block over its bound as a body too large
      case ROUTE_ID_OF_70000_CHARACTERS, HEADER_OF_70000_BYTES -> 413;
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, BARE_LF_LINE_ENDINGS, HTTP_0_9, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME,
          CONTROL_CHARACTER_IN_HEADER_VALUE, CONTENT_LENGTH_AND_CHUNKED -> 400;
    };
  }

  @Override
  public List<Setting> settings() {
    return List.of(
        Setting.always("Accept-Encoding as the contract reads it (MicronautContract.acceptEncoding)", "gzip or none", "Micronaut's pick: "
            + "snappy for `*`, deflate for `deflate;q=0, br`", Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.limit("micronaut.server.idle-timeout", "30 s", "5 min", "a connection that neither reads nor writes (a client that "
            + "stopped reading included) frees what its response holds", Setting.WITH_THE_LIMITS),
        Setting.limit("micronaut.server.netty.child-options.SO_SNDBUF", Setting.SEND_BUFFER, "the kernel's, grown to megabytes",
            Setting.FOR_THE_RATE_CHECK, Setting.SEND_BUFFER_COST),
        Setting.limit("MicronautLimits.Watch (a handler in each connection's Netty pipeline)", "every head within 5 s, a "
            + "kept-alive connection's next one from the last answer's end; 16 KB/s over 10 s, judged once a second as a response moves; a response idle once it has not moved for the idle timeout",
            "none; Netty's idle timeout counting a write as activity only once all of it is sent", Setting.FOR_TRICKLED_HEADS + "; "
            + Setting.FOR_TRICKLING_READERS + "; a reader taking a whole body written at once is not closed as idle", Setting.WITH_THE_LIMITS),
        Setting.always("micronaut.server.netty.options.SO_BACKLOG", Setting.BACKLOG, "Netty's (the kernel's somaxconn)", Setting.FOR_THE_BACKLOG,
            Setting.IN_EVERY_FIGURE),
        Setting.always("micronaut.server.netty.max-initial-line-length, max-header-size", Setting.MAX_HEAD, "4 KB, 8 KB", Setting.FOR_LONG_IDS,
            Setting.IN_EVERY_FIGURE),
        Setting.always("a @ServerFilter before the routes, the ErrorResponseProcessor replaced", "Host required (HTTP/1.1), "
            + "characters no URI has refused, HEAD and other methods refused, JSON error bodies", "Micronaut's own reading, HEAD "
            + "answered from GET routes, its JSON error bodies", Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("MicronautContract.OneFraming (Netty's HttpServerCodec with Micronaut's settings, its request headers refusing to drop a Content-Length)",
            "Content-Length with Transfer-Encoding refused: 400, the connection closed", "the Content-Length dropped, the connection read on",
            "no request is read from what one framing calls a body (RFC 9112 §6.1)", Setting.IN_EVERY_FIGURE),
        Setting.always("path variables as {name:[^/]+}, a '+' in them kept; query parameters by their first value",
            "R+2 is the route R+2; ?limit=1&limit=2 reads 1", "a '+' decoded as a space, a variable matching no '+'; @QueryValue "
            + "refusing a parameter given twice", Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("micronaut.serde.property-naming-strategy, serialization.inclusion, jackson.write-features (MicronautJson)",
            "SNAKE_CASE, ALWAYS, COMBINE_UNICODE_SURROGATES_IN_UTF8", "the components' names, NON_EMPTY (nulls and empty lists "
            + "left out), characters beyond U+FFFF as escaped surrogates", Setting.FOR_THE_CONTRACT_BYTES, Setting.IN_EVERY_FIGURE));
  }
}
