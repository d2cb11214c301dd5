package transit.helidon;

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

/** Helidon as the comparison knows it: Helidon SE 4 and its own web server, Jackson 2 through its media support. */
final class HelidonFramework implements Framework {
  private static final Library JACKSON = Library.of("Jackson", com.fasterxml.jackson.databind.ObjectMapper.class);
  private final Starter server;

  /** server: HelidonServer's start. */
  HelidonFramework(Starter server) { this.server = server; }

  @Override
  public RunningServer start(TransitApi api, ServerSettings settings) throws Exception { return server.start(api, settings); }

  @Override
  public List<Library> libraries() { return List.of(Library.of("Helidon", io.helidon.webserver.WebServer.class), JACKSON); }

  @Override
  public Library json() { return JACKSON; }

  @Override
  public byte[] encodeSchedules(List<TripSchedule> trips) { return HelidonJson.schedules(trips); }

  @Override
  public List<String> encodingFrames() { return List.of("com.fasterxml.jackson.", "io.helidon.http.media.jackson.", HelidonJson.class.getName()); }

  @Override
  public String serves(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> "res.send(trips): Helidon's Jackson media support writes the model to the response, on the connection's virtual thread";
      case TUNED -> "the response's output stream (res.outputStream()), written from the feed's arrays as it goes, on the connection's virtual thread";
      case CACHED -> "the kept bytes as res.send(byte[]), over 64 KB in 64 KB writes to the response's output stream (32 KB with "
          + "the limits on), on the connection's virtual thread";
    };
  }

  @Override
  public String compresses() {
    return "Helidon's content encoding (WebServer's contentEncoding) with a gzip encoding like helidon-http-encoding-gzip's, which this "
        + "machine's Maven mirror does not serve: the JDK's GZIPOutputStream at level 6 on the response's stream, any size, a streamed "
        + "answer as it streams; picked by the contract's reading of Accept-Encoding, as Helidon's own picks gzip for `gzip;q=0` "
        + "and answers a 500 to a q that is not a number";
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      // Helidon 4 speaks HTTP/1.1 alone: a request line that is not a well-formed HTTP/1.1 one is a bad request
      case NO_SPACES_IN_REQUEST_LINE, TABS_BETWEEN_PARTS, METHOD_ONLY, BARE_LF_LINE_ENDINGS, HTTP_9_9, HTTP_2_0_REQUEST_LINE, HTTP_0_9,
          EMPTY_LINE_BEFORE_REQUEST -> 400;
      case HTTP_1_0_WITHOUT_HOST -> 505;
      // Helidon reads a method's name whatever its case: get is GET
      case PATH_NOT_UTF8_ONCE_DECODED, FRAGMENT, TWO_HUNDRED_HEADERS, WEBSOCKET_UPGRADE, LOWERCASE_GET -> 200;
      case HEADER_OF_70000_BYTES, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME, OBSOLETE_FOLDED_HEADER, CONTROL_CHARACTER_IN_HEADER_VALUE,
          CONTENT_LENGTH_AND_CHUNKED -> 400;
      case OPTIONS_ASTERISK, CONNECT -> 404;
      case ROUTE_ID_OF_70000_CHARACTERS -> 414;
    };
  }

  @Override
  public List<Setting> settings() {
    return List.of(
        Setting.always("contentEncoding (HelidonServer.GzipWhereAccepted)", "gzip where the request accepts it", "none (no encoding module on the "
            + "classpath)", Setting.FOR_COMPRESSION, Setting.COMPRESSION_COST),
        Setting.limit("idleConnectionTimeout", "30 s", "5 min", "a connection idle between requests is closed", Setting.WITH_THE_LIMITS),
        Setting.limit("maxTcpConnections", Setting.CONNECTIONS, "none", Setting.FOR_THE_CONNECTION_LIMIT, Setting.WITH_THE_LIMITS),
        Setting.limit("connectionOptions socketSendBufferSize", Setting.SEND_BUFFER, "the kernel's, grown to megabytes",
            Setting.FOR_THE_RATE_CHECK, Setting.SEND_BUFFER_COST),
        Setting.limit("HelidonLimits.Watch (around HTTP/1's connection selector, HTTP/1 listeners, a filter)", "every head "
            + "within 5 s, a kept-alive connection's next one from the last answer's end; 16 KB/s over 10 s, checked before each write; a write waiting at most the idle timeout", "none: Helidon "
            + "reads a head and writes a body for as long as the client takes", Setting.FOR_TRICKLED_HEADS + "; "
            + Setting.FOR_TRICKLING_READERS, Setting.WITH_THE_LIMITS),
        Setting.always("backlog", Setting.BACKLOG, "1,024", Setting.FOR_THE_BACKLOG, Setting.IN_EVERY_FIGURE),
        Setting.always("protocolsDiscoverServices", "false: HTTP/1 alone, as configured here", "true: every protocol on the "
            + "classpath (HTTP/1 alone here)", "the HTTP/1 settings below are the ones used", Setting.IN_EVERY_FIGURE),
        Setting.always("Http1Config maxPrologueLength, maxHeadersSize", "64 KB, 64 KB", "4 KB, 16 KB", Setting.FOR_LONG_IDS,
            Setting.IN_EVERY_FIGURE),
        Setting.always("routing: a handler before the routes and one after, directHandlers", "JSON error bodies, dot segments, HEAD "
            + "and other methods refused", "Helidon's plain-text 404 and empty error bodies, HEAD answered from GET routes",
            Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("META-INF/helidon/serial-config.properties", "JMX's classes allowed through Helidon's deserialization "
            + "filter", "every deserialization refused, JVM-wide", "the harness reads each server's GC, heap and CPU profile "
            + "through the JVM's management agent, whose calls deserialize them", "none: no request deserializes anything"),
        Setting.always("mediaContext (HelidonJson)", "Jackson with snake_case keys, characters beyond U+FFFF as UTF-8, no media "
            + "found on the classpath", "the media found on the classpath, Jackson's defaults", Setting.FOR_THE_CONTRACT_BYTES,
            Setting.IN_EVERY_FIGURE),
        Setting.in(Mode.CACHED, "cached bodies over 64 KB in 64 KB writes (HelidonRoutes.WRITE_BYTES; with the limits on, "
            + ServerSettings.Limits.DEFAULT.checkedBytes() / 1024 + " KB, Limits.checkedBytes)", "64 KB writes to the output "
            + "stream (" + ServerSettings.Limits.DEFAULT.checkedBytes() / 1024 + " KB with the limits on)",
            "one write of the whole body (res.send)", "the minimum rate sees a body move as its writes complete; "
            + "res.send(byte[]) first copies a body without a Content-Encoding through the content encoding once compression is on",
            "a gain, limits on or off (docs/RESULTS.md, Helidon's cached bodies)"));
  }
}
