package transit.measure;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Hostile but ordinary clients over raw sockets, for the robustness suite and the harness's overload scenario
 * (loopback only, bounded in count and time): readers that ask for a response and read it at a set rate, as phones
 * on a slow link would; and connections that send a request head a byte at a time.
 */
public final class SlowClients implements AutoCloseable {
  /**
   * What one client met: the status of each answer it read (0: none came), its bytes, how many bodies it read whole
   * (of any status) and how many of those were a 200's, how many times the server cut it off (the connection ended
   * first), and how long it ran, in ms.
   */
  public record Outcome(List<Integer> statuses, long bytes, int whole, int served, int cut, long millis) {}

  private final List<Thread> threads = new ArrayList<>();
  private final List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());
  private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean stopped;

  private SlowClients() {}

  /**
   * clients readers of GET path on 127.0.0.1:port, each reading bytesPerSecond (its receive window small, so the
   * server's writes wait on it) for up to seconds; after an answer it reads whole (a 503 too) it asks again.
   */
  public static SlowClients readers(int port, String path, int clients, int bytesPerSecond, Duration time) {
    return readers(port, path, "", clients, bytesPerSecond, time);
  }

  /** The same, each request with these header lines too ("Accept-Encoding: gzip\r\n"; "" for none). */
  public static SlowClients readers(int port, String path, String headerLines, int clients, int bytesPerSecond, Duration time) {
    return readers(port, path, headerLines, clients, bytesPerSecond, time, false);
  }

  /**
   * The same, but a response still under way once the time is up is then read at once to its end: a server that
   * closed it within the time is seen to have cut it, where a closed connection's kernel would go on delivering what
   * it held, and a reader at the rate would see the end only long after.
   */
  public static SlowClients readersToTheEnd(int port, String path, int clients, int bytesPerSecond, Duration time) {
    return readers(port, path, "", clients, bytesPerSecond, time, true);
  }

  private static SlowClients readers(int port, String path, String headerLines, int clients, int bytesPerSecond, Duration time,
      boolean toTheEnd) {
    SlowClients c = new SlowClients();
    long end = System.nanoTime() + time.toNanos();
    byte[] request = ("GET " + path + " HTTP/1.1\r\nHost: x\r\n" + headerLines + "\r\n").getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < clients; i++) c.start("slow-reader-" + i, () -> c.read(port, request, bytesPerSecond, end, toTheEnd));
    return c;
  }

  /**
   * clients connections to 127.0.0.1:port that each send a GET request head a byte every interval, until the server
   * closes them or time is up; the outcome of each is a cut when the server closed it.
   */
  public static SlowClients trickledHeads(int port, int clients, Duration interval, Duration time) {
    SlowClients c = new SlowClients();
    long end = System.nanoTime() + time.toNanos();
    for (int i = 0; i < clients; i++) c.start("trickled-head-" + i, () -> c.trickle(port, interval, end));
    return c;
  }

  /**
   * The same on kept-alive connections: each first asks GET / and reads its answer whole, then sends its next request
   * head a byte every interval; the outcome's statuses are the first answer's, its time counted from that answer's end.
   */
  public static SlowClients trickledNextHeads(int port, int clients, Duration interval, Duration time) {
    SlowClients c = new SlowClients();
    long end = System.nanoTime() + time.toNanos();
    for (int i = 0; i < clients; i++) c.start("trickled-next-head-" + i, () -> c.trickleNext(port, interval, end));
    return c;
  }

  private void start(String name, Runnable client) {
    Thread t = new Thread(client, name);
    t.setDaemon(true);
    threads.add(t);
    t.start();
  }

  private void read(int port, byte[] request, int bytesPerSecond, long endNanos, boolean toTheEnd) {
    long started = System.nanoTime();
    List<Integer> statuses = new ArrayList<>();
    long bytes = 0;
    int whole = 0, served = 0, cut = 0;
    while (!stopped && System.nanoTime() < endNanos) {
      try (Socket s = new Socket()) {
        sockets.add(s);
        s.setReceiveBufferSize(4096); // before connecting: the window the client offers stays small
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        s.setSoTimeout(100);
        s.getOutputStream().write(request);
        Response r = readPaced(s.getInputStream(), bytesPerSecond, endNanos, toTheEnd);
        if (r.status != 0 || r.ended) statuses.add(r.status); // not one still waiting for its head when the time was up
        bytes += r.bytes;
        if (r.whole) whole++;
        else if (r.ended) cut++;
        if (r.whole && r.status == 200) served++;
        if (!r.whole) break; // cut off, or out of time: this client is done
      } catch (IOException e) {
        statuses.add(0);
        cut++;
        break;
      }
    }
    outcomes.add(new Outcome(statuses, bytes, whole, served, cut, (System.nanoTime() - started) / 1_000_000));
  }

  private record Response(int status, long bytes, boolean whole, boolean ended) {}

  /**
   * One response, read at the rate: its status (0 where the connection ended before any), the bytes read, whether it
   * came whole (its Content-Length, or the last chunk of a chunked body), whether the connection ended first. A
   * response still under way when the time is up is neither, unless toTheEnd: it is then read on at once, for up to
   * {@link #TO_THE_END}.
   */
  private Response readPaced(InputStream in, int bytesPerSecond, long endNanos, boolean toTheEnd) throws IOException {
    byte[] buffer = new byte[Math.max(1, bytesPerSecond / 10)];
    StringBuilder head = new StringBuilder();
    int status = 0;
    Body body = null;
    long total = 0;
    long started = System.nanoTime();
    while (!stopped && System.nanoTime() < endNanos) {
      // pace: no more than the rate allows since the start, checked every 100 ms
      long allowed = (System.nanoTime() - started) / 1_000_000L * bytesPerSecond / 1000 + buffer.length;
      if (total >= allowed) {
        sleep(100);
        continue;
      }
      int n = readSome(in, buffer, (int) Math.min(buffer.length, allowed - total));
      if (n == 0) continue;
      if (n < 0) return new Response(status, total, false, true);
      total += n;
      int from = 0;
      if (body == null) { // still in the head
        for (; from < n && !head.toString().endsWith("\r\n\r\n"); from++) head.append((char) buffer[from]);
        if (!head.toString().endsWith("\r\n\r\n")) continue;
        String text = head.toString().toLowerCase(java.util.Locale.ROOT);
        status = Integer.parseInt(text.substring(9, 12));
        body = text.contains("\r\ntransfer-encoding: chunked") ? new Chunked() : new Sized(contentLength(text));
      }
      if (body.read(buffer, from, n)) return new Response(status, total, true, false);
    }
    if (!toTheEnd || body == null || stopped) return new Response(status, total, false, false);
    byte[] large = new byte[64 * 1024];
    for (long until = System.nanoTime() + TO_THE_END.toNanos(); !stopped && System.nanoTime() < until; ) {
      int n = readSome(in, large, large.length);
      if (n == 0) continue;
      if (n < 0) return new Response(status, total, false, true);
      total += n;
      if (body.read(large, 0, n)) return new Response(status, total, true, false);
    }
    return new Response(status, total, false, false);
  }

  /** Bytes read (length > 0), 0 where none came within the socket's timeout, -1 once the connection has ended. */
  private static int readSome(InputStream in, byte[] buffer, int length) {
    try {
      return in.read(buffer, 0, length);
    } catch (SocketTimeoutException e) {
      return 0;
    } catch (IOException e) {
      return -1;
    }
  }

  /** How long a reader to the end reads on at once once its time is up: a few MB on loopback take well under a second. */
  static final Duration TO_THE_END = Duration.ofSeconds(20);

  private static long contentLength(String head) {
    for (String line : head.split("\r\n")) if (line.startsWith("content-length:")) return Long.parseLong(line.substring(15).trim());
    return 0;
  }

  /** A body as it arrives: whether it is complete after these bytes. */
  private interface Body {
    boolean read(byte[] buffer, int from, int to);
  }

  private static final class Sized implements Body {
    private long left;

    Sized(long length) { this.left = length; }

    public boolean read(byte[] buffer, int from, int to) {
      left -= to - from;
      return left <= 0;
    }
  }

  /** A chunked body: size lines, chunks, and the last (empty) chunk's blank line. */
  private static final class Chunked implements Body {
    private final StringBuilder line = new StringBuilder();
    private long chunkLeft = -1; // -1: reading a size line; else the chunk's bytes and its CRLF still to come
    private boolean last;

    public boolean read(byte[] buffer, int from, int to) {
      for (int i = from; i < to; i++) {
        if (chunkLeft > 0) {
          long skip = Math.min(chunkLeft, to - i);
          chunkLeft -= skip;
          i += (int) skip - 1;
          if (chunkLeft == 0) chunkLeft = -1;
          continue;
        }
        line.append((char) buffer[i]);
        if (!line.toString().endsWith("\r\n")) continue;
        String text = line.toString().trim();
        line.setLength(0);
        if (last) {
          if (text.isEmpty()) return true; // the blank line after the last chunk (and any trailers)
          continue;
        }
        if (text.isEmpty()) continue; // the CRLF after a chunk's data
        long size = Long.parseLong(text.split(";")[0], 16);
        if (size == 0) last = true;
        else chunkLeft = size;
      }
      return false;
    }
  }

  private static final byte[] SLOW_HEAD = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: a-header-that-never-ends-because-it-arrives-a-byte-at-a-time\r\n\r\n"
      .getBytes(StandardCharsets.US_ASCII);

  private void trickle(int port, Duration interval, long endNanos) {
    long started = System.nanoTime();
    boolean cut = false;
    try (Socket s = new Socket()) {
      sockets.add(s);
      s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
      cut = trickled(s, interval, endNanos);
    } catch (IOException e) {
      cut = true;
    }
    outcomes.add(new Outcome(List.of(), 0, 0, 0, cut ? 1 : 0, (System.nanoTime() - started) / 1_000_000));
  }

  private void trickleNext(int port, Duration interval, long endNanos) {
    long started = System.nanoTime();
    List<Integer> statuses = new ArrayList<>();
    boolean cut = false;
    try (Socket s = new Socket()) {
      sockets.add(s);
      s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
      s.setSoTimeout(100);
      s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      Response first = readPaced(s.getInputStream(), 1 << 20, endNanos, false); // a small answer, read at once
      statuses.add(first.status);
      started = System.nanoTime();
      cut = first.whole ? trickled(s, interval, endNanos) : first.ended;
    } catch (IOException e) {
      cut = true;
    }
    outcomes.add(new Outcome(statuses, 0, 0, 0, cut ? 1 : 0, (System.nanoTime() - started) / 1_000_000));
  }

  /** Sends SLOW_HEAD a byte every interval; whether the server closed the connection before it was sent or time was up. */
  private boolean trickled(Socket s, Duration interval, long endNanos) throws IOException {
    s.setSoTimeout(50);
    OutputStream out = s.getOutputStream();
    InputStream in = s.getInputStream();
    try {
      byte[] head = SLOW_HEAD;
      for (int i = 0; i < head.length && !stopped && System.nanoTime() < endNanos; i++) {
        out.write(head[i]);
        out.flush();
        long next = System.nanoTime() + interval.toNanos();
        while (System.nanoTime() < next && !stopped) {
          try {
            if (in.read() < 0) throw new IOException("closed");
          } catch (SocketTimeoutException e) {
            // nothing yet
          }
        }
      }
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for every client to finish (or the time given them to pass), then returns what each met. */
  public List<Outcome> outcomes() throws InterruptedException {
    for (Thread t : threads) t.join();
    return List.copyOf(outcomes);
  }

  /** Answers of a status over every client. */
  public static long count(List<Outcome> outcomes, int status) {
    return outcomes.stream().mapToLong(o -> o.statuses().stream().filter(s -> s == status).count()).sum();
  }

  /** Ends every client now. */
  @Override
  public void close() {
    stopped = true;
    synchronized (sockets) {
      for (Socket s : sockets) {
        try {
          s.close();
        } catch (IOException e) {
          // already closed
        }
      }
    }
  }
}
