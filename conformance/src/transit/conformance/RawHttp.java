package transit.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests no HTTP client would send: the bytes go out exactly as given, and
 * the answers are read back as the server wrote them (a status line, headers, and a body framed by
 * Content-Length or chunks, or up to the end of the connection). Loopback only.
 */
final class RawHttp {
  private RawHttp() {}

  /** One answer as read: the status, the headers (names in lower case, the last value of each) and the body. */
  record Response(int status, Map<String, String> headers, byte[] body) {
    String text() { return new String(body, StandardCharsets.UTF_8); }
  }

  /**
   * The answers an exchange read, possibly none, and how it ended: "answered", "closed" (before the next answer), the
   * socket's error ("Connection reset") or "nothing for 8 s".
   */
  record Exchange(List<Response> answers, String ended) {}

  /**
   * Sends request, then reads one answer per entry of heads (true: the answer to a HEAD, which has no body),
   * 1xx interim answers skipped; stops early when the server closes the connection, resets it, or sends nothing
   * for timeout, or when what comes back is not HTTP. Returns the answers read, possibly none.
   */
  static List<Response> exchange(int port, byte[] request, List<Boolean> heads, Duration timeout) throws IOException {
    return exchanged(port, request, heads, timeout).answers();
  }

  /** How an exchange that waited its timeout out for an answer ended: this, then the timeout. */
  static final String NOTHING = "nothing for ";

  /** The same, with how it ended. */
  static Exchange exchanged(int port, byte[] request, List<Boolean> heads, Duration timeout) throws IOException {
    List<Response> answers = new ArrayList<>();
    String ended = "answered";
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
      socket.setSoTimeout((int) timeout.toMillis());
      socket.getOutputStream().write(request);
      socket.getOutputStream().flush();
      InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
      for (boolean head : heads) {
        Response r = read(in, head);
        while (r != null && r.status >= 100 && r.status < 200) r = read(in, head);
        if (r == null) {
          ended = "closed";
          break;
        }
        answers.add(r);
      }
    } catch (SocketTimeoutException e) {
      ended = NOTHING + timeout.toSeconds() + " s"; // no (further) answer: the answers read so far are the result
    } catch (java.net.SocketException e) {
      ended = e.getMessage();
    }
    return new Exchange(answers, ended);
  }

  /** One answer, or null when the connection ends (or something else than a status line comes) before one. */
  static Response read(InputStream in, boolean head) throws IOException {
    String statusLine = line(in);
    if (statusLine == null || !statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) return null;
    int status;
    try {
      status = Integer.parseInt(statusLine.substring(9, 12));
    } catch (NumberFormatException e) {
      return null;
    }
    Map<String, String> headers = new LinkedHashMap<>();
    for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
      int colon = h.indexOf(':');
      if (colon > 0) headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
    }
    if (head || status == 204 || status == 304 || (status >= 100 && status < 200)) return new Response(status, headers, new byte[0]);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16); size > 0; size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
        body.write(in.readNBytes(size));
        line(in);
      }
      for (String trailer = line(in); trailer != null && !trailer.isEmpty(); trailer = line(in)) { /* trailers: none expected */ }
    } else if (headers.containsKey("content-length")) {
      body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
    } else {
      body.write(in.readAllBytes());
    }
    return new Response(status, headers, body.toByteArray());
  }

  /** A line without its CRLF (or bare LF); null at the end of the stream. */
  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); ; b = in.read()) {
      if (b < 0) return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
      if (b == '\n') break;
      line.write(b);
    }
    String s = line.toString(StandardCharsets.ISO_8859_1);
    return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
  }
}
