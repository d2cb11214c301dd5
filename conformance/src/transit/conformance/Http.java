package transit.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** One HTTP exchange as the suites compare it: status, Content-Type and the body's bytes. */
public record Http(int status, String contentType, byte[] body) {
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10)).build();

  public static Http send(String method, int port, String pathAndQuery) {
    HttpResponse<byte[]> r = exchange(method, port, pathAndQuery, null, TIMEOUT);
    return new Http(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
  }

  public static Http get(int port, String pathAndQuery) { return send("GET", port, pathAndQuery); }

  /** GET asking gzip (Accept-Encoding: gzip): the body as its Content-Encoding says it went, decoded. */
  public static Http gzipped(int port, String pathAndQuery) {
    HttpResponse<byte[]> r = exchange("GET", port, pathAndQuery, "gzip", TIMEOUT);
    return new Http(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""),
        decoded(r.headers().firstValue("Content-Encoding").orElse(""), r.body()));
  }

  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  /** One request on 127.0.0.1:port, with this Accept-Encoding (null: none): its response as it came. */
  static HttpResponse<byte[]> exchange(String method, int port, String pathAndQuery, String acceptEncoding, Duration timeout) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
        .method(method, HttpRequest.BodyPublishers.noBody()).timeout(timeout);
    if (acceptEncoding != null) request.header("Accept-Encoding", acceptEncoding);
    try {
      return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + pathAndQuery + (acceptEncoding == null ? "" : " with Accept-Encoding " + acceptEncoding)
          + " on port " + port, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A body as its Content-Encoding says it went, decoded; an encoding no request here accepts by name is an error. */
  static byte[] decoded(String contentEncoding, byte[] body) {
    try {
      return switch (contentEncoding.toLowerCase(java.util.Locale.ROOT)) {
        case "", "identity" -> body;
        case "gzip", "x-gzip" -> new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(body)).readAllBytes();
        case "deflate" -> new java.util.zip.InflaterInputStream(new java.io.ByteArrayInputStream(body)).readAllBytes();
        default -> throw new AssertionError("an answer in " + contentEncoding + ", which no request here accepts by name");
      };
    } catch (IOException e) {
      throw new AssertionError("a " + contentEncoding + " body that does not decode: " + e, e);
    }
  }

  public String text() { return new String(body, StandardCharsets.UTF_8); }

  /**
   * Where two exchanges differ, said so a person can see it: the status, the Content-Type, or the first
   * differing byte offset of the bodies with a short excerpt of both; null when they are the same.
   */
  public static String difference(String leftName, Http left, String rightName, Http right) {
    if (left.status != right.status) return "status " + leftName + " " + left.status + ", " + rightName + " " + right.status;
    if (!left.contentType.equals(right.contentType))
      return "Content-Type " + leftName + " \"" + left.contentType + "\", " + rightName + " \"" + right.contentType + "\"";
    int offset = java.util.Arrays.mismatch(left.body, right.body);
    if (offset < 0) return null;
    return "bodies differ at byte " + offset + " (lengths " + left.body.length + " and " + right.body.length + ")\n  "
        + leftName + ": " + excerpt(left.body, offset) + "\n  " + rightName + ": " + excerpt(right.body, offset);
  }

  static String excerpt(byte[] body, int offset) {
    int from = Math.max(0, offset - 40), to = Math.min(body.length, offset + 40);
    return "…" + new String(body, from, to - from, StandardCharsets.UTF_8).replace("\n", "\\n") + "…";
  }
}
