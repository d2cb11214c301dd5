package transit.spring;

import java.util.List;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.Library;
import transit.server.Mode;
import transit.server.ProtocolError;
import transit.server.RunningServer;
import transit.server.ServerSettings;

/** Spring Boot as the comparison knows it: Boot 4 and Spring MVC on Tomcat 11, Jackson 3. */
final class SpringFramework implements Framework {
  private static final Library JACKSON = Library.of("Jackson", tools.jackson.databind.json.JsonMapper.class);
  private final Starter server;

  /** server: SpringServer's start. */
  SpringFramework(Starter server) { this.server = server; }

  @Override
  public RunningServer start(TransitApi api, ServerSettings settings) throws Exception { return server.start(api, settings); }

  @Override
  public List<Library> libraries() {
    return List.of(Library.of("Spring Boot", org.springframework.boot.SpringApplication.class),
        Library.of("Tomcat", org.apache.catalina.startup.Tomcat.class), JACKSON);
  }

  @Override
  public Library json() { return JACKSON; }

  @Override
  public byte[] encodeSchedules(List<TripSchedule> trips) { return SpringJson.schedules(trips); }

  @Override
  public List<String> encodingFrames() { return List.of("tools.jackson.", "transit.spring.SpringJson"); }

  @Override
  public String serves(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> "a @RestController returning the model: Boot's Jackson converter writes it to the response, on Tomcat's thread pool";
      case TUNED -> "core's writer on the response's output stream, Tomcat's write buffer as large as the send buffer "
          + "(socket.appWriteBufSize), on virtual threads where the JDK has them (spring.threads.virtual.enabled; else Tomcat's thread pool)";
      case CACHED -> "the kept bytes as a ResponseEntity<byte[]>, on Tomcat's thread pool";
    };
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      // Tomcat waits for the rest of an HTTP/0.9 request line, then closes
      case HTTP_0_9 -> ProtocolError.NO_ANSWER;
      case TABS_BETWEEN_PARTS, BARE_LF_LINE_ENDINGS, EMPTY_LINE_BEFORE_REQUEST, OPTIONS_ASTERISK, OBSOLETE_FOLDED_HEADER,
          WEBSOCKET_UPGRADE, CONTENT_LENGTH_AND_CHUNKED -> 200;
      case HTTP_9_9, HTTP_2_0_REQUEST_LINE -> 505;
      case CONNECT -> 501;
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, PATH_NOT_UTF8_ONCE_DECODED, FRAGMENT, ROUTE_ID_OF_70000_CHARACTERS, HEADER_OF_70000_BYTES,
          TWO_HUNDRED_HEADERS, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME, CONTROL_CHARACTER_IN_HEADER_VALUE -> 400;
    };
  }
}
