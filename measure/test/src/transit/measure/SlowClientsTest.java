package transit.measure;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The slow clients against a server of a few lines: answers read whole, sized or chunked, refused, or cut off. */
class SlowClientsTest {
  /** Serves each connection one answer, as answer makes it, then closes it (cut: closes before the body's end). */
  static ServerSocket serve(Function<Integer, byte[]> answer) throws IOException {
    ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(() -> {
      for (int n = 0; !server.isClosed(); n++) {
        try (Socket s = server.accept()) {
          InputStream in = s.getInputStream();
          int lastFour = 0; // the request's head ends with CR LF CR LF
          for (int b; (b = in.read()) >= 0 && (lastFour = lastFour << 8 | b) != 0x0d0a0d0a; ) {}
          OutputStream out = s.getOutputStream();
          out.write(answer.apply(n));
          out.flush();
        } catch (IOException e) {
          // closed
        }
      }
    });
    t.setDaemon(true);
    t.start();
    return server;
  }

  static byte[] sized(int status, int length) {
    return concat(("HTTP/1.1 " + status + " X\r\nContent-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), new byte[length]);
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] all = new byte[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void answersAreReadWholeWhetherSizedOrChunked() throws Exception {
    byte[] chunked = concat("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000\r\n".getBytes(StandardCharsets.US_ASCII),
        concat(new byte[0x1000], "\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
    try (ServerSocket server = serve(n -> n % 2 == 0 ? sized(200, 20_000) : chunked)) {
      List<SlowClients.Outcome> outcomes = SlowClients.readers(server.getLocalPort(), "/", 1, 1 << 20, Duration.ofMillis(800)).outcomes();
      SlowClients.Outcome o = outcomes.get(0);
      String met = o.whole() + " whole of " + o.statuses().size() + " answers begun, " + o.cut() + " cut";
      assertTrue(o.whole() >= 2, "sized and chunked answers read whole, one after the other: " + met);
      // every answer begun was read whole, but the last, which the time may have ended half read
      assertTrue(o.statuses().size() - o.whole() <= 1, met);
      assertTrue(o.statuses().stream().allMatch(s -> s == 200), "only 200s were sent");
      assertEquals(0, o.cut(), met);
    }
  }

  @Test
  void aRefusalIsCountedAndAnAnswerCutShortIsACut() throws Exception {
    try (ServerSocket server = serve(n -> n == 0 ? sized(503, 10) : java.util.Arrays.copyOf(sized(200, 50_000), 1_000))) {
      SlowClients.Outcome o = SlowClients.readers(server.getLocalPort(), "/", 1, 1 << 20, Duration.ofSeconds(2)).outcomes().get(0);
      assertEquals(List.of(503, 200), o.statuses(), "a 503 read whole, then asked again and cut off: " + o);
      assertEquals(1, SlowClients.count(List.of(o), 503));
      assertEquals(1, o.cut());
    }
  }

  @Test
  void aTrickledHeadIsACutWhenTheServerClosesIt() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread closer = new Thread(() -> {
        try (Socket s = server.accept()) {
          Thread.sleep(300);
        } catch (IOException | InterruptedException e) {
          // done
        }
      });
      closer.start();
      SlowClients.Outcome o = SlowClients.trickledHeads(server.getLocalPort(), 1, Duration.ofMillis(50), Duration.ofSeconds(5)).outcomes().get(0);
      assertEquals(1, o.cut());
      assertTrue(o.millis() < 2000, "closed after about 300 ms: " + o.millis());
    }
  }
}
