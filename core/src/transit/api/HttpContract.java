package transit.api;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import transit.api.Model.ApiError;

/**
 * The HTTP contract (docs/API.md, Errors) every server keeps whatever its framework: the content types, the checks of a
 * request target before any route sees it, and the error bodies for what a framework answers itself (no such path, a
 * method other than GET, a request it cannot parse, a head over its limit, no room for an answer).
 */
public final class HttpContract {
  private HttpContract() {}

  public static final String JSON = "application/json";
  public static final String TEXT = "text/plain; charset=utf-8";

  public static ApiError notFound(String message) { return new ApiError(404, "Not Found", message); }

  /** The body of a 503: the server has no room for the answer now (Retry-After says when to ask again). */
  public static ApiError busy() {
    return new ApiError(503, "Service Unavailable", "the server is building as many large responses as its memory allows; "
        + "retry after " + ResponseBudget.RETRY_AFTER_SECONDS + " s");
  }

  /** The body for a path no route matches. */
  public static ApiError noSuchPath(String path) { return notFound("no such path: " + shorten(path)); }

  /** The body for a known path asked with another method than GET. */
  public static ApiError methodNotAllowed(String method, String path) {
    return new ApiError(405, "Method Not Allowed", "method " + method + " is not allowed on " + shorten(path) + "; use GET");
  }

  public static ApiError badRequest(String message) { return new ApiError(400, "Bad Request", message); }

  /**
   * A request target no route may see, before any route is matched: a path with a dot segment ({@code .} or
   * {@code ..}, also percent-encoded), which servers and proxies resolve differently, or a query whose
   * percent-encoding is broken ({@code %zz}, a {@code %} at the end), which a lenient framework would drop
   * silently. path and query as sent, still percent-encoded (query null without one). Null when the target is
   * fine.
   */
  public static ApiError badTarget(String path, String query) {
    // Every request passes here: no allocation unless the target is refused.
    for (int start = 0, end; start <= path.length(); start = end + 1) {
      end = path.indexOf('/', start);
      if (end < 0) end = path.length();
      if (isDotSegment(path, start, end)) return badRequest("path: \"" + shorten(path) + "\" has a dot segment (. or ..)");
    }
    if (query != null && !validPercentEncoding(query))
      for (String pair : query.split("&"))
        if (!validPercentEncoding(pair)) return badRequest("query: \"" + shorten(pair) + "\" is not valid percent-encoding");
    return null;
  }

  /** path[from, to) is ".", "..", or either with dots written %2e. */
  private static boolean isDotSegment(String path, int from, int to) {
    int dots = 0;
    for (int i = from; i < to; dots++) {
      if (path.charAt(i) == '.') i++;
      else if (path.regionMatches(true, i, "%2e", 0, 3)) i += 3;
      else return false;
    }
    return dots == 1 || dots == 2;
  }

  /** Every % followed by two hex digits. */
  static boolean validPercentEncoding(String s) {
    for (int i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1))
      if (i + 2 >= s.length() || Character.digit(s.charAt(i + 1), 16) < 0 || Character.digit(s.charAt(i + 2), 16) < 0) return false;
    return true;
  }

  /** The body for a request line or header the framework cannot parse, where it lets the server choose the body. */
  public static ApiError malformedRequest() { return badRequest("the request line or a header is malformed"); }

  /**
   * The most a request line and its headers may take on every server that sets a bound (each through its framework's
   * setting): over each framework's default of 4–40 KB, so an over-long id reaches the contract's 400 as on every server.
   */
  public static final int MAX_HEAD_BYTES = 64 * 1024;

  /** The body for a request line and headers over MAX_HEAD_BYTES, where the framework lets the server choose it. */
  public static ApiError headTooLarge() {
    return new ApiError(431, "Request Header Fields Too Large", "the request line and headers are over " + (MAX_HEAD_BYTES >> 10) + " KB");
  }

  /**
   * The contract's 400 for a request target with a character no URI has (a control character, a space, a backslash,
   * raw non-ASCII), which most servers' HTTP layers refuse as malformed, for a server whose layer lets it through; null
   * for a target without one.
   */
  public static ApiError notAUri(String target) {
    for (int i = 0; i < target.length(); i++) {
      char c = target.charAt(i);
      if (c <= ' ' || c >= 0x7f || c == '\\') return malformedRequest();
    }
    return null;
  }

  /**
   * A request path as sent, from an absolute-form target's (http://host/path) its path alone, as most servers' HTTP
   * layers give it; an origin-form path as it is.
   */
  public static String originPath(String path) {
    int scheme = path.indexOf("://");
    if (scheme < 0 || path.startsWith("/")) return path;
    int slash = path.indexOf('/', scheme + 3);
    return slash < 0 ? "/" : path.substring(slash);
  }

  /**
   * A path variable as the contract reads it, where a framework reads some of its characters apart: the path's segment
   * index (from 0, after the leading '/') percent-decoded with a '+' kept, when it holds readApart; otherwise, or where
   * its encoding is broken, given (the framework's own value).
   */
  public static String pathVariable(String path, int index, String given, char readApart) {
    String[] segments = path.split("/", -1);
    String raw = index + 1 < segments.length ? segments[index + 1] : "";
    if (raw.indexOf(readApart) < 0) return given;
    try {
      return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException brokenEncoding) {
      return given;
    }
  }

  /** The body for an HTTP/1.1 request without exactly one Host header (RFC 9112, 3.2), where the framework lets it through. */
  public static ApiError hostRequired() { return badRequest("an HTTP/1.1 request needs exactly one Host header"); }

  /**
   * Whether an Accept-Encoding header (null: none) lets the answer go gzipped (RFC 9110, 12.5.3): gzip with a weight
   * above 0, or else `*` with one. `gzip;q=0` and `identity` alone mean no; unknown codings, and an element whose weight
   * is not a number from 0 to 1, are ignored. What a server that sends kept gzip bytes itself (--cache) decides by, and
   * what the suites expect of every framework's own reading.
   */
  public static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) return false;
    double gzip = -1, any = -1;
    for (String element : acceptEncoding.split(",")) {
      String[] parts = element.split(";");
      String coding = parts[0].trim().toLowerCase(java.util.Locale.ROOT);
      double weight = weight(parts);
      if (weight < 0) continue;
      if (coding.equals("gzip") || coding.equals("x-gzip")) gzip = Math.max(gzip, weight);
      else if (coding.equals("*")) any = Math.max(any, weight);
    }
    return gzip >= 0 ? gzip > 0 : any > 0;
  }

  /**
   * Whether a request names codings and gzip is not among those it accepts: where a framework would pick another (Netty
   * answers deflate to `deflate;q=0, br`), its server keeps the answer identity. False without the header.
   */
  public static boolean refusesGzip(String acceptEncoding) { return acceptEncoding != null && !acceptsGzip(acceptEncoding); }

  /** An element's q parameter, 1 without one; -1 when it is not a number from 0 to 1. */
  private static double weight(String[] parameters) {
    double weight = 1;
    for (int i = 1; i < parameters.length; i++) {
      String p = parameters[i].trim();
      if (!p.regionMatches(true, 0, "q=", 0, 2)) continue;
      String value = p.substring(2).trim();
      if (!value.matches("0(\\.\\d{0,3})?|1(\\.0{0,3})?")) return -1;
      weight = Double.parseDouble(value);
    }
    return weight;
  }

  /** The Vary header of every /schedules answer: it may go gzipped or not, by the request's Accept-Encoding. */
  public static final String VARY = "Accept-Encoding";

  /** C0 and C1 controls and DEL. */
  public static boolean isControl(char c) { return c < 0x20 || (c >= 0x7f && c <= 0x9f); }

  /** Echoed values are cut to 80 characters, so an error body never grows with the request. */
  static String shorten(String value) { return value.length() <= 80 ? value : value.substring(0, 80) + "..."; }
}
