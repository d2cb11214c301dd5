package transit.server;

/**
 * Requests that a framework's HTTP layer answers before the server sees them, and that the frameworks answer
 * differently (docs/API.md, Protocol errors): each framework states its status for every one
 * ({@link Framework#answers}), and the robustness suite sends each and holds the framework to it.
 */
public enum ProtocolError {
  NO_SPACES_IN_REQUEST_LINE("GARBAGE\r\n\r\n"),
  TABS_BETWEEN_PARTS("GET\t/\tHTTP/1.1\r\nHost: x\r\n\r\n"),
  METHOD_ONLY("GET\r\n\r\n"),
  BARE_LF_LINE_ENDINGS("GET / HTTP/1.1\nHost: x\n\n"),
  HTTP_9_9("GET / HTTP/9.9\r\nHost: x\r\n\r\n"),
  HTTP_2_0_REQUEST_LINE("GET / HTTP/2.0\r\nHost: x\r\n\r\n"),
  HTTP_0_9("GET /\r\n\r\n"),
  HTTP_1_0_WITHOUT_HOST("GET / HTTP/1.0\r\n\r\n"),
  LOWERCASE_GET("get / HTTP/1.1\r\nHost: x\r\n\r\n"),
  EMPTY_LINE_BEFORE_REQUEST("\r\n" + get("/", "")),
  OPTIONS_ASTERISK("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n"),
  CONNECT("CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n"),
  PATH_NOT_UTF8_ONCE_DECODED(get("/greeting/%E9", "")),
  FRAGMENT(get("/hello#frag", "")),
  ROUTE_ID_OF_70000_CHARACTERS(get("/schedules/" + "a".repeat(70_000), "")),
  HEADER_OF_70000_BYTES(get("/", "X-Long: " + "a".repeat(70_000) + "\r\n")),
  TWO_HUNDRED_HEADERS(get("/", manyHeaders(200))),
  HEADER_LINE_WITHOUT_COLON(get("/", "NoColon\r\n")),
  SPACE_IN_HEADER_NAME(get("/", "Bad Name: v\r\n")),
  OBSOLETE_FOLDED_HEADER(get("/", "X-A: a\r\n b\r\n")),
  CONTROL_CHARACTER_IN_HEADER_VALUE(get("/", "X-A: a\u0001b\r\n")),
  CONTENT_LENGTH_AND_CHUNKED(get("/", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n") + "0\r\n\r\n"),
  WEBSOCKET_UPGRADE(get("/", "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"));

  /** A framework's answer where it closes the connection without a status. */
  public static final int NO_ANSWER = 0;

  /** The request as sent, byte for byte (ISO-8859-1 for the one control character). */
  public final String request;

  ProtocolError(String request) { this.request = request; }

  /** "an empty line before the request", as the suite's failures name it. */
  public String label() { return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '); }

  private static String get(String target, String headers) { return "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n"; }

  private static String manyHeaders(int count) {
    StringBuilder headers = new StringBuilder();
    for (int i = 0; i < count; i++) headers.append("X-H").append(i).append(": v\r\n");
    return headers.toString();
  }
}
