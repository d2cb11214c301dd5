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
          + "64 KB at a time as the client takes it";
      case TUNED -> "128 KB chunks written from the feed's arrays on the event loop, each once the last has gone out "
          + "(writeQueueFull, drainHandler)";
      case CACHED -> "the kept bytes written from the event loop 64 KB at a time as the client takes it";
    };
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      // Netty answers HTTP/9.9 and HTTP/2.0 with a 501 Vert.x closes before sending; HTTP/0.9 as a bad request line
      case HTTP_9_9, HTTP_2_0_REQUEST_LINE -> ProtocolError.NO_ANSWER;
      case TABS_BETWEEN_PARTS, EMPTY_LINE_BEFORE_REQUEST, PATH_NOT_UTF8_ONCE_DECODED, TWO_HUNDRED_HEADERS, OBSOLETE_FOLDED_HEADER,
          WEBSOCKET_UPGRADE, CONTENT_LENGTH_AND_CHUNKED -> 200;
      case OPTIONS_ASTERISK, CONNECT, FRAGMENT -> 404;
      case ROUTE_ID_OF_70000_CHARACTERS -> 414;
      case HEADER_OF_70000_BYTES -> 431;
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, BARE_LF_LINE_ENDINGS, HTTP_0_9, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME,
          CONTROL_CHARACTER_IN_HEADER_VALUE -> 400;
    };
  }
}
