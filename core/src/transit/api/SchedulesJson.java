package transit.api;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import transit.Csr;
import transit.Feed;
import transit.GtfsTime;

/**
 * GET /schedules/{route_id} written straight from the feed's arrays, chunk by chunk: no response model, no
 * whole-response array, no JSON library (--tuned). Each stop's {@code {"stop_id":"…","arrival_time":} is
 * encoded once per feed, times are written as digits, so a stop time costs two copies and a few stores.
 * The bytes are the contract's, those of upickle, circe and Jackson from {@link TransitApi#schedules}:
 * quotes, backslashes and control characters escaped, everything else as UTF-8.
 *
 * <p>One instance writes one response: {@link #next()} fills the buffer with the next pieces (the opening
 * bracket, a trip's head, one stop time, a trip's end) until it holds at least the chunk size, so a server can
 * send each chunk before the next is encoded.
 */
public final class SchedulesJson {
  /** What a chunk holds at least (but the last): a few socket writes' worth, far below G1's humongous size. */
  public static final int DEFAULT_CHUNK_BYTES = 32 * 1024;
  /**
   * The chunk a server hands over whole when its body is a stream of chunks (http4s's fs2 stream) rather than an
   * output stream: each chunk costs a step of the stream and a new array, so fewer, larger ones, still far below
   * G1's humongous size.
   */
  public static final int CHUNK_BYTES = 128 * 1024;

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] TRIP_ID = ascii("{\"trip_id\":"), SERVICE_ID = ascii(",\"service_id\":"),
      ROUTE_ID = ascii(",\"route_id\":"), SCHEDULES = ascii(",\"schedules\":["), TRIP_END = ascii("]}"),
      DEPARTURE = ascii(",\"departure_time\":"), NULL = ascii("null");
  /** Room past the chunk size for the piece that crosses it; only an outsized piece grows the buffer. */
  private static final int SLACK = 1024;
  /** The most a time takes: "HHHHHHH:MM:SS" quoted. */
  private static final int MAX_TIME_BYTES = 16;

  /** Each stop's {"stop_id":"…","arrival_time": by stop code, per feed (a reloaded feed gets its own). */
  private static final Map<Feed, byte[][]> STOP_HEADS = Collections.synchronizedMap(new WeakHashMap<>());

  private final Feed feed;
  private final int[] trips;
  private final byte[][] stopHeads;
  private final byte[] routeId;
  private final int chunkBytes;
  private byte[] buffer;
  private int position;

  // where the writing stands: before the first piece, in trip `trip` at stop time `stopTime` (-1: its head
  // is next), or past the last piece
  private boolean started, finished;
  private int trip, stopTime = -1;

  public SchedulesJson(RouteTrips route) { this(route, DEFAULT_CHUNK_BYTES); }

  public SchedulesJson(RouteTrips route, int chunkBytes) {
    this.feed = route.feed();
    this.trips = route.trips();
    this.stopHeads = STOP_HEADS.computeIfAbsent(feed, SchedulesJson::stopHeads);
    this.routeId = encode(route.routeId());
    this.chunkBytes = chunkBytes;
    this.buffer = new byte[chunkBytes + SLACK];
  }

  /** The whole response to out, a chunk at a time through one buffer. */
  public static void write(RouteTrips route, OutputStream out) throws IOException {
    SchedulesJson json = new SchedulesJson(route);
    for (int n; (n = json.next()) > 0; ) out.write(json.buffer(), 0, n);
  }

  /**
   * Writes the next chunk into {@link #buffer()} from index 0 and returns its length: at least the chunk size
   * but for the last chunk; 0 once the response is complete.
   */
  public int next() {
    position = 0;
    if (!started) {
      started = true;
      put((byte) '[');
    }
    while (!finished && position < chunkBytes) {
      if (trip == trips.length) {
        put((byte) ']');
        finished = true;
      } else if (stopTime < 0) {
        tripHead(trips[trip]);
        stopTime = feed.stopTimesByTrip.start(trips[trip]);
      } else if (stopTime < feed.stopTimesByTrip.end(trips[trip])) {
        stopTimes(trips[trip]);
      } else {
        put(TRIP_END);
        trip++;
        stopTime = -1;
      }
    }
    return position;
  }

  /** The bytes of the last {@link #next()}, from index 0; the array is reused by the next call. */
  public byte[] buffer() { return buffer; }

  /** Hands the last chunk's array over to the caller, who keeps it; the next chunk is written into a new one. */
  public byte[] takeBuffer() {
    byte[] taken = buffer;
    buffer = new byte[chunkBytes + SLACK];
    return taken;
  }

  /**
   * The whole response's length in bytes, counted without writing it: each stop time from its stop's encoded
   * head and its times' digits, each trip's head encoded and dropped. For a Content-Length header, so that a
   * server sends the body as it is, not framed in chunks. Call it before {@link #next()}.
   */
  public long length() {
    Csr byTrip = feed.stopTimesByTrip;
    long length = 2 + Math.max(0, trips.length - 1); // the brackets, and commas between trips
    for (int t : trips) {
      position = 0;
      tripFields(t);
      length += position + TRIP_END.length;
      int first = byTrip.start(t), end = byTrip.end(t);
      length += Math.max(0, end - first - 1) + (long) (end - first) * (DEPARTURE.length + 1); // commas, braces
      for (int p = first; p < end; p++) {
        int st = byTrip.value(p);
        length += stopHeads[feed.stopTimeStop(st)].length + timeLength(feed.arrival(st)) + timeLength(feed.departure(st));
      }
    }
    position = 0;
    return length;
  }

  private static int timeLength(int seconds) {
    if (seconds == GtfsTime.NONE) return NULL.length;
    int hours = seconds / 3600;
    return hours < 100 ? 10 : 8 + Integer.toString(hours).length();
  }

  private void tripHead(int t) {
    if (trip > 0) put((byte) ',');
    tripFields(t);
  }

  /** {"trip_id":…,"service_id":…,"route_id":…,"schedules":[ */
  private void tripFields(int t) {
    put(TRIP_ID);
    string(feed.tripId(t));
    put(SERVICE_ID);
    string(feed.serviceIds.value(feed.tripService(t)));
    put(ROUTE_ID);
    put(routeId);
    put(SCHEDULES);
  }

  /** The trip's stop times from the current one until the chunk is full or the trip ends. */
  private void stopTimes(int t) {
    Csr byTrip = feed.stopTimesByTrip;
    int first = byTrip.start(t), end = byTrip.end(t);
    for (; stopTime < end && position < chunkBytes; stopTime++) {
      int st = byTrip.value(stopTime);
      byte[] head = stopHeads[feed.stopTimeStop(st)];
      ensure(1 + head.length + 2 * MAX_TIME_BYTES + DEPARTURE.length + 1);
      byte[] b = buffer;
      int p = position;
      if (stopTime > first) b[p++] = ',';
      System.arraycopy(head, 0, b, p, head.length);
      p = time(b, p + head.length, feed.arrival(st));
      System.arraycopy(DEPARTURE, 0, b, p, DEPARTURE.length);
      p = time(b, p + DEPARTURE.length, feed.departure(st));
      b[p++] = '}';
      position = p;
    }
  }

  /** "HH:MM:SS" (at least two hour digits) or null, at b[p]; returns the position after it. */
  private static int time(byte[] b, int p, int seconds) {
    if (seconds == GtfsTime.NONE) {
      System.arraycopy(NULL, 0, b, p, NULL.length);
      return p + NULL.length;
    }
    int hours = seconds / 3600, minutes = seconds / 60 % 60, secs = seconds % 60;
    b[p++] = '"';
    int digits = hours < 100 ? 2 : Integer.toString(hours).length();
    for (int i = digits - 1, h = hours; i >= 0; i--, h /= 10) b[p + i] = (byte) ('0' + h % 10);
    p += digits;
    b[p] = ':';
    b[p + 1] = (byte) ('0' + minutes / 10);
    b[p + 2] = (byte) ('0' + minutes % 10);
    b[p + 3] = ':';
    b[p + 4] = (byte) ('0' + secs / 10);
    b[p + 5] = (byte) ('0' + secs % 10);
    b[p + 6] = '"';
    return p + 7;
  }

  private static byte[][] stopHeads(Feed feed) {
    byte[][] heads = new byte[feed.stopIds.size()][];
    SchedulesJson scratch = new SchedulesJson();
    for (int stop = 0; stop < heads.length; stop++) {
      scratch.position = 0;
      scratch.put(ascii("{\"stop_id\":"));
      scratch.string(feed.stopIds.value(stop));
      scratch.put(ascii(",\"arrival_time\":"));
      heads[stop] = Arrays.copyOf(scratch.buffer, scratch.position);
    }
    return heads;
  }

  /** A JSON string, quoted, as its own array. */
  private static byte[] encode(String s) {
    SchedulesJson scratch = new SchedulesJson();
    scratch.string(s);
    return Arrays.copyOf(scratch.buffer, scratch.position);
  }

  /** A writer for fragments only: encode and stopHeads. */
  private SchedulesJson() {
    this.feed = null;
    this.trips = null;
    this.stopHeads = null;
    this.routeId = null;
    this.chunkBytes = 0;
    this.buffer = new byte[256];
  }

  /** A JSON string: quote, backslash and control characters (below U+0020) escaped, everything else UTF-8. */
  private void string(String s) {
    int n = s.length();
    ensure(n + 2);
    byte[] b = buffer;
    int p = position;
    b[p++] = '"';
    int i = 0;
    for (char c; i < n && (c = s.charAt(i)) >= 0x20 && c < 0x80 && c != '"' && c != '\\'; i++) b[p++] = (byte) c;
    if (i < n) { // the rest, once a character needs more than its one byte: \\u00XX is the longest
      position = p;
      ensure(6 * (n - i) + 1);
      b = buffer;
      p = rest(s, i, b, position);
    }
    b[p++] = '"';
    position = p;
  }

  private static int rest(String s, int from, byte[] b, int p) {
    for (int i = from, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c != '"' && c != '\\') b[p++] = (byte) c;
        else p = escape(b, p, c);
      } else if (c < 0x800) {
        b[p++] = (byte) (0xC0 | c >> 6);
        b[p++] = (byte) (0x80 | c & 0x3F);
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        b[p++] = (byte) (0xF0 | cp >> 18);
        b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
        b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
        b[p++] = (byte) (0x80 | cp & 0x3F);
      } else {
        b[p++] = (byte) (0xE0 | c >> 12);
        b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
        b[p++] = (byte) (0x80 | c & 0x3F);
      }
    }
    return p;
  }

  /** \" \\ \b \t \n \f \r, or \\u00XX for the other control characters. */
  private static int escape(byte[] b, int p, char c) {
    b[p++] = '\\';
    char shortForm = switch (c) {
      case '"', '\\' -> c;
      case '\b' -> 'b';
      case '\t' -> 't';
      case '\n' -> 'n';
      case '\f' -> 'f';
      case '\r' -> 'r';
      default -> 0;
    };
    if (shortForm != 0) {
      b[p++] = (byte) shortForm;
      return p;
    }
    b[p++] = 'u';
    b[p++] = '0';
    b[p++] = '0';
    b[p++] = HEX[c >> 4];
    b[p++] = HEX[c & 0xF];
    return p;
  }

  private void put(byte b) {
    ensure(1);
    buffer[position++] = b;
  }

  private void put(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buffer, position, bytes.length);
    position += bytes.length;
  }

  /** Room for n more bytes: a chunk ends once it passes the chunk size, so this grows the buffer only for an outsized piece. */
  private void ensure(int n) {
    if (position + n > buffer.length) buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + n));
  }

  private static byte[] ascii(String s) { return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII); }
}
