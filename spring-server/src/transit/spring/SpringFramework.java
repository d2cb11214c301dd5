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
import transit.server.Setting;

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
      case TUNED -> "core's writer on the response's output stream, a 64 KB write buffer for Tomcat "
          + "(socket.appWriteBufSize), on virtual threads where the JDK has them (spring.threads.virtual.enabled; else Tomcat's thread pool)";
      case CACHED -> "the kept bytes as a ResponseEntity<byte[]>, on Tomcat's thread pool";
    };
  }

  @Override
  public String compresses() {
    return "Tomcat's compression, turned on as Boot's docs show (server.compression.enabled): gzip at the JDK's default level 6 for JSON "
        + "of 2 KB or more, on the response's output stream, a streamed answer as it streams";
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      // Tomcat waits for the rest of an HTTP/0.9 request line, then closes
      case HTTP_0_9 -> ProtocolError.NO_ANSWER;
      case TABS_BETWEEN_PARTS, BARE_LF_LINE_ENDINGS, EMPTY_LINE_BEFORE_REQUEST, OPTIONS_ASTERISK, OBSOLETE_FOLDED_HEADER,
          WEBSOCKET_UPGRADE, CONTENT_LENGTH_AND_CHUNKED, HTTP_1_0_WITHOUT_HOST -> 200;
      case LOWERCASE_GET -> 405;
      case HTTP_9_9, HTTP_2_0_REQUEST_LINE -> 505;
      case CONNECT -> 501;
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, PATH_NOT_UTF8_ONCE_DECODED, FRAGMENT, ROUTE_ID_OF_70000_CHARACTERS, HEADER_OF_70000_BYTES,
          TWO_HUNDRED_HEADERS, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME, CONTROL_CHARACTER_IN_HEADER_VALUE -> 400;
    };
  }

  @Override
  public List<Setting> settings() {
    return List.of(
        Setting.always("server.compression.enabled", "true", "false", Setting.FOR_COMPRESSION, Setting.COMPRESSION_COST),
        Setting.limit("server.tomcat.threads.max", Setting.THREADS_FOR_CONNECTIONS + ", started as needed", "200", Setting.FOR_SLOW_READERS, Setting.WITH_THE_LIMITS),
        Setting.limit("server.tomcat.connection-timeout, keep-alive-timeout", "30 s", "Tomcat's 60 s", "a client that stops reading "
            + "has its write timed out, an idle kept-alive connection is closed", Setting.WITH_THE_LIMITS),
        Setting.limit("server.tomcat.max-connections", Setting.CONNECTIONS, "8,192", Setting.FOR_THE_CONNECTION_LIMIT,
            Setting.WITH_THE_LIMITS),
        Setting.limit("socket.txBufSize (a connector property Boot does not map)", Setting.SEND_BUFFER, "the kernel's, grown to megabytes",
            Setting.FOR_THE_RATE_CHECK,
            Setting.SEND_BUFFER_COST + "; on Spring it is Tomcat's 8 KB writes that pay, which idiomatic and cached keep: tuned's 64 KB "
                + "ones pay nothing measurable (docs/RESULTS.md, 2026-11-29, Tomcat's 64 KB write buffer under the limits)"),
        Setting.limit("SpringLimits.HeadBoundProtocol, Heads (a timer over the connections)", "every head within 5 s, a kept-alive "
            + "connection's next one from its first byte, looked at every second", "none (each byte restarts Tomcat's timeouts)", Setting.FOR_TRICKLED_HEADS, Setting.WITH_THE_LIMITS),
        Setting.limit("SpringLimits.RateChecked (a response wrapper)", "16 KB/s over 10 s on the bytes Tomcat has sent (after its compression), checked every " + ServerSettings.Limits.DEFAULT.checkedBytes() / 1024 + " KB written (Limits.checkedBytes)", "none "
            + "(Tomcat has no such setting)", Setting.FOR_TRICKLING_READERS, Setting.WITH_THE_LIMITS),
        Setting.always("server.tomcat.accept-count", Setting.BACKLOG, "100", Setting.FOR_THE_BACKLOG,
            Setting.IN_EVERY_FIGURE),
        Setting.always("server.max-http-request-header-size", Setting.MAX_HEAD, "8 KB", Setting.FOR_LONG_IDS, Setting.IN_EVERY_FIGURE),
        Setting.always("encodedSolidusHandling, JsonErrors valve, ErrorMvcAutoConfiguration excluded, "
            + "spring.web.resources.add-mappings", "passthrough, JSON error bodies, off, false", "reject, Tomcat's HTML and Boot's "
            + "/error page, on, true", Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("SpringContract, SpringLimits.EveryRequest", "query and path checks, the exact text/plain header",
            "Spring's and Tomcat's own reading", "the contract's answers and headers, byte for byte", Setting.IN_EVERY_FIGURE),
        Setting.always("JsonMapperBuilderCustomizer (SpringJson)", "snake_case keys, characters beyond U+FFFF as UTF-8",
            "Boot's Jackson defaults", Setting.FOR_THE_CONTRACT_BYTES, Setting.IN_EVERY_FIGURE),
        Setting.always("server.shutdown", "immediate", "graceful", "a stopped server stops at once", "none: shutdown only"),
        Setting.always("spring.main.banner-mode, log-startup-info, logging.level.root", "off, false, warn", "console, true, info",
            "the server prints one line once it listens", "none: start-up output only"),
        Setting.in(Mode.TUNED, "spring.threads.virtual.enabled", "true", "false", "Boot's own switch for blocking handlers: a "
            + "virtual thread per request on JDK 21+, ignored on older JDKs", "part of the tuned mode's figures"),
        Setting.in(Mode.TUNED, "socket.appWriteBufSize (a connector property Boot does not map)", "64 KB", "8 KB", "Tomcat copies a "
            + "response to the socket through it, a write per buffer: one of 64 KB cuts those eightfold",
            "part of the tuned mode's figures; what it changed: docs/RESULTS.md"));
  }
}
