package transit.javalin;

import java.util.List;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.Library;
import transit.server.Mode;
import transit.server.ProtocolError;
import transit.server.RunningServer;
import transit.server.ServerSettings;

/** Javalin as the comparison knows it: Javalin 7 on Jetty 12, Jackson 2. */
final class JavalinFramework implements Framework {
  private static final Library JACKSON = Library.of("Jackson", com.fasterxml.jackson.databind.ObjectMapper.class);
  private final Starter server;

  /** server: JavalinServer's start. */
  JavalinFramework(Starter server) { this.server = server; }

  @Override
  public RunningServer start(TransitApi api, ServerSettings settings) throws Exception { return server.start(api, settings); }

  @Override
  public List<Library> libraries() {
    return List.of(Library.of("Javalin", io.javalin.Javalin.class), Library.of("Jetty", org.eclipse.jetty.server.Server.class), JACKSON);
  }

  @Override
  public Library json() { return JACKSON; }

  @Override
  public byte[] encodeSchedules(List<TripSchedule> trips) { return JacksonJson.schedules(trips); }

  @Override
  public List<String> encodingFrames() { return List.of("com.fasterxml.jackson.", "transit.javalin.JacksonJson"); }

  @Override
  public String serves(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> "ctx.json: Jackson writes one String per response, on Jetty's thread pool";
      case TUNED -> "the response's output stream (ctx.outputStream()), 32 KB at a time, on virtual threads where the JDK has "
          + "them (Javalin's useVirtualThreads; else Jetty's thread pool)";
      case CACHED -> "the kept bytes as ctx.result, on Jetty's thread pool";
    };
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, TABS_BETWEEN_PARTS, CONTENT_LENGTH_AND_CHUNKED -> 400;
      case BARE_LF_LINE_ENDINGS, EMPTY_LINE_BEFORE_REQUEST, FRAGMENT, TWO_HUNDRED_HEADERS -> 200;
      case HTTP_9_9, HTTP_0_9 -> 505;
      case HTTP_2_0_REQUEST_LINE -> 426;
      case OPTIONS_ASTERISK, WEBSOCKET_UPGRADE -> 404;
      case CONNECT -> 405;
      case PATH_NOT_UTF8_ONCE_DECODED, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME, OBSOLETE_FOLDED_HEADER,
          CONTROL_CHARACTER_IN_HEADER_VALUE -> 400;
      case ROUTE_ID_OF_70000_CHARACTERS -> 414;
      case HEADER_OF_70000_BYTES -> 431;
    };
  }
}
