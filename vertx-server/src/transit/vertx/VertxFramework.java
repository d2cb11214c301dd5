package transit.vertx;

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

/** Vert.x as the comparison knows it: Vert.x 5 (vertx-web on Netty), Jackson 2 through Vert.x's JSON codec. */
final class VertxFramework implements Framework {
  private static final Library JACKSON = Library.of("Jackson", com.fasterxml.jackson.databind.ObjectMapper.class);
  private final Starter server;

  /** server: VertxServer's start. */
  VertxFramework(Starter server) { this.server = server; }

  @Override
  public RunningServer start(TransitApi api, ServerSettings settings) throws Exception { return server.start(api, settings); }

  @Override
  public List<Library> libraries() {
    return List.of(Library.of("Vert.x", io.vertx.core.Vertx.class), Library.of("Netty", io.netty.channel.Channel.class), JACKSON);
  }

  @Override
  public Library json() { return JACKSON; }

  @Override
  public byte[] encodeSchedules(List<TripSchedule> trips) { return VertxJson.schedules(trips); }

  @Override
  public List<String> encodingFrames() { return List.of("com.fasterxml.jackson.", "io.vertx.core.json.", "transit.vertx.VertxJson"); }

  @Override
  public String serves(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> "Json.encodeToBuffer (Jackson's byte array) on Vert.x's worker pool, then written from the event loop "
          + "as the client takes it (with the limits on, over " + ServerSettings.Limits.DEFAULT.wholeBodyBytes() / 1024 + " KB in "
          + ServerSettings.Limits.DEFAULT.sliceBytes() / 1024 + " KB slices)";
      case TUNED -> "128 KB chunks written from the feed's arrays on the event loop, each once the last has gone out "
          + "(writeQueueFull, drainHandler)";
      case CACHED -> "the kept bytes written from the event loop as the client takes it (with the limits on, over "
          + ServerSettings.Limits.DEFAULT.wholeBodyBytes() / 1024 + " KB in " + ServerSettings.Limits.DEFAULT.sliceBytes() / 1024 + " KB slices)";
    };
  }

  @Override
  public String compresses() {
    return "Vert.x's compression (HttpServerOptions.setCompressionSupported): Netty's gzip or deflate, as the request prefers, at level 6, "
        + "any size, chunk by chunk as the body is written; a request that refuses gzip gets Content-Encoding: identity, as Netty "
        + "would answer another coding it named, even one it refused (deflate to `deflate;q=0, br`)";
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      // Netty answers HTTP/9.9 and HTTP/2.0 with a 501 Vert.x closes before sending; HTTP/0.9 as a bad request line
      case HTTP_9_9, HTTP_2_0_REQUEST_LINE -> ProtocolError.NO_ANSWER;
      case TABS_BETWEEN_PARTS, EMPTY_LINE_BEFORE_REQUEST, PATH_NOT_UTF8_ONCE_DECODED, TWO_HUNDRED_HEADERS, OBSOLETE_FOLDED_HEADER,
          WEBSOCKET_UPGRADE, HTTP_1_0_WITHOUT_HOST -> 200;
      case LOWERCASE_GET -> 405;
      case OPTIONS_ASTERISK, CONNECT, FRAGMENT -> 404;
      case ROUTE_ID_OF_70000_CHARACTERS -> 414;
      case HEADER_OF_70000_BYTES -> 431;
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, BARE_LF_LINE_ENDINGS, HTTP_0_9, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME,
          CONTROL_CHARACTER_IN_HEADER_VALUE, CONTENT_LENGTH_AND_CHUNKED -> 400;
    };
  }

  @Override
  public List<Setting> settings() {
    return List.of(
        Setting.always("compressionSupported", "true", "false", Setting.FOR_COMPRESSION, Setting.COMPRESSION_COST),
        Setting.limit("setIdleTimeout", "30 s", "none", "a client that stops reading frees what its response holds",
            Setting.WITH_THE_LIMITS),
        Setting.limit("setSendBufferSize", Setting.SEND_BUFFER, "the kernel's, grown to megabytes", "the write queue drains as the client "
            + "reads, so the minimum rate sees it", Setting.SEND_BUFFER_COST),
        Setting.limit("VertxLimits.Connections (a timer per connection), NextHead (a handler in its Netty pipeline)",
            "every head within 5 s, a kept-alive connection's next one from its first byte", "none", Setting.FOR_TRICKLED_HEADS, Setting.WITH_THE_LIMITS),
        Setting.limit("VertxLimits.PacedBody for kept and encoded bodies, SlowReaders", "whole up to "
            + ServerSettings.Limits.DEFAULT.wholeBodyBytes() / 1024 + " KB (the send buffer and a "
            + "window at the minimum rate), larger ones in " + ServerSettings.Limits.DEFAULT.sliceBytes() / 1024 + " KB slices (Limits.sliceBytes) written as the queue drains; 16 KB/s over 10 s, judged every "
            + "second per event loop as a body moves", "end(body): the whole body queued at once; no rate",
            "a slow reader holds a queue's worth, not a copy of the whole answer, and one reading a trickle is cut off",
            Setting.WITH_THE_LIMITS),
        Setting.limit("worker pool for /schedules answers", Setting.CONNECTIONS + " threads, started as needed", "20", "an answer may wait there for "
            + "room in the heap: later ones are not queued behind it", Setting.WITH_THE_LIMITS),
        Setting.always("DeploymentOptions.setInstances", "one verticle per CPU", "1", "Vert.x's docs scale a server so: an event "
            + "loop per core", Setting.IN_EVERY_FIGURE),
        Setting.always("setAcceptBacklog", Setting.BACKLOG, "Netty's (the kernel's somaxconn)", Setting.FOR_THE_BACKLOG, Setting.IN_EVERY_FIGURE),
        Setting.always("setMaxInitialLineLength, setMaxHeaderSize", Setting.MAX_HEAD, "4 KB, 8 KB", Setting.FOR_LONG_IDS, Setting.IN_EVERY_FIGURE),
        Setting.always("setHttp2ClearTextEnabled", "false", "true", "HTTP/1.1 only, as every server: an h2c upgrade is answered "
            + "in HTTP/1.1", Setting.IN_EVERY_FIGURE),
        Setting.always("requestHandler checks, invalidRequestHandler, router error handlers", "Host required, characters no URI "
            + "has refused, JSON error bodies", "Vert.x's own reading and plain-text errors", Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("VertxContract.OneFraming (Vert.x's request decoder, with Netty's hook for a request framed two ways)",
            "Content-Length with Transfer-Encoding refused: 400, the connection closed", "the Content-Length dropped, the connection read on",
            "no request is read from what one framing calls a body (RFC 9112 §6.1)", Setting.IN_EVERY_FIGURE),
        Setting.always("DatabindCodec's mapper (VertxJson)", "snake_case keys, characters beyond U+FFFF as UTF-8",
            "Jackson's defaults", Setting.FOR_THE_CONTRACT_BYTES, Setting.IN_EVERY_FIGURE));
  }
}
