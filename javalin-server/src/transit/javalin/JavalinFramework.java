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
import transit.server.Setting;

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
  public byte[] encodeSchedules(List<TripSchedule> trips) { return JavalinJson.schedules(trips); }

  @Override
  public List<String> encodingFrames() { return List.of("com.fasterxml.jackson.", JavalinJson.class.getName()); }

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
  public String compresses() {
    return "Javalin's own compression, on by default (its CompressionStrategy: gzip at level 6 for answers of 1,500 bytes or more) on the "
        + "response's output stream, a streamed answer as it streams (tuned sends no Content-Length where the request names codings, "
        + "which Javalin would keep on the gzipped body)";
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, TABS_BETWEEN_PARTS, CONTENT_LENGTH_AND_CHUNKED -> 400;
      case BARE_LF_LINE_ENDINGS, EMPTY_LINE_BEFORE_REQUEST, FRAGMENT, TWO_HUNDRED_HEADERS, HTTP_1_0_WITHOUT_HOST -> 200;
      case LOWERCASE_GET -> 405;
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

  @Override
  public List<Setting> settings() {
    return List.of(
        Setting.limit("jetty.threadPool (max threads)", Setting.THREADS_FOR_CONNECTIONS + ", started as needed", "250", Setting.FOR_SLOW_READERS, Setting.WITH_THE_LIMITS),
        Setting.limit("acceptedSendBufferSize", Setting.SEND_BUFFER, "the kernel's, grown to megabytes", Setting.FOR_THE_RATE_CHECK, Setting.SEND_BUFFER_COST),
        Setting.limit("NetworkConnectionLimit", Setting.CONNECTIONS, "none", Setting.FOR_THE_CONNECTION_LIMIT, Setting.WITH_THE_LIMITS),
        Setting.limit("RequestHeadTimeout (a Connection.Listener)",
            "every head within 5 s, a kept-alive connection's next one from its first byte (looked at every second)", "none (each byte restarts Jetty's idle timer)",
            Setting.FOR_TRICKLED_HEADS, Setting.WITH_THE_LIMITS),
        Setting.limit("MinimumRateWatch (a Connection.Listener)", "16 KB/s over 10 s, judged every second as a write waiting on the client moves", "none (Jetty 12 "
            + "reads no minResponseDataRate)", Setting.FOR_TRICKLING_READERS, Setting.WITH_THE_LIMITS),
        Setting.always("acceptQueueSize", Setting.BACKLOG, "0 (the JDK's 50)", Setting.FOR_THE_BACKLOG,
            Setting.IN_EVERY_FIGURE),
        Setting.always("requestHeaderSize", Setting.MAX_HEAD, "8 KB", Setting.FOR_LONG_IDS,
            Setting.IN_EVERY_FIGURE),
        Setting.always("http.prefer405over404, router.treatMultipleSlashesAsSingleSlash, JsonErrors, before-handlers",
            "true, true, JSON error bodies, dot segments and HEAD refused", "false, false, Jetty's HTML, accepted",
            Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("jsonMapper (JavalinJson)", "snake_case keys, characters beyond U+FFFF as UTF-8", "Jackson's defaults",
            Setting.FOR_THE_CONTRACT_BYTES, Setting.IN_EVERY_FIGURE),
        Setting.always("startup.showJavalinBanner, showOldJavalinVersionWarning", "false", "true", "the server prints one line "
            + "once it listens", "none: start-up output only"),
        Setting.in(Mode.TUNED, "concurrency.useVirtualThreads", "true", "false", "Javalin's own switch for blocking handlers: a "
            + "virtual thread per request on JDK 21+, Jetty's pool on older JDKs", "part of the tuned mode's figures"));
  }
}
