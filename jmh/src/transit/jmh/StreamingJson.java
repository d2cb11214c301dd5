package transit.jmh;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import transit.Csr;
import transit.Feed;
import transit.GtfsTime;

/**
 * GET /schedules/{route_id} written straight from core's arrays to an OutputStream: no response model, no
 * strings, no library; one reusable buffer. The upper bound for the JSON libraries, byte for byte the same
 * JSON (StreamingJsonTest). Strings are escaped as all three libraries escape them (quote, backslash, control
 * characters); everything else non-ASCII is written as UTF-8, as docs/API.md asks.
 */
public final class StreamingJson {
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private OutputStream out;

  /** Writes the route's trips (those whose service is active, or all when active is null), then flushes. */
  public void schedules(Feed feed, int route, boolean[] active, OutputStream out) {
    this.out = out;
    String routeId = feed.routeIds.value(route);
    Csr trips = feed.tripsByRoute, stopTimes = feed.stopTimesByTrip;
    boolean first = true;
    put('[');
    for (int i = trips.start(route), end = trips.end(route); i < end; i++) {
      int trip = trips.value(i);
      if (active != null && !active[feed.tripService(trip)]) continue;
      bytes(first ? TRIP_ID : NEXT_TRIP_ID);
      first = false;
      string(feed.tripId(trip));
      bytes(SERVICE_ID);
      string(feed.serviceIds.value(feed.tripService(trip)));
      bytes(ROUTE_ID);
      string(routeId);
      bytes(SCHEDULES);
      for (int p = stopTimes.start(trip), to = stopTimes.end(trip); p < to; p++)
        stopTime(feed, stopTimes.value(p), p == stopTimes.start(trip));
      bytes(END_TRIP);
    }
    put(']');
    flush();
  }

  // The keys and punctuation, encoded once: copied in bulk, they leave the JIT few inlining decisions to make
  // (written a character at a time, one fork in three of a default run compiled the loop twice as fast as the
  // others, 155 against 75 ops/s on the large route; copied, six forks gave 222-251).
  private static final byte[] TRIP_ID = ascii("{\"trip_id\":"), NEXT_TRIP_ID = ascii(",{\"trip_id\":"),
      SERVICE_ID = ascii(",\"service_id\":"), ROUTE_ID = ascii(",\"route_id\":"), SCHEDULES = ascii(",\"schedules\":["),
      END_TRIP = ascii("]}"), STOP_ID = ascii("{\"stop_id\":"), NEXT_STOP_ID = ascii(",{\"stop_id\":"),
      ARRIVAL = ascii(",\"arrival_time\":"), DEPARTURE = ascii(",\"departure_time\":"), NULL = ascii("null");

  private static byte[] ascii(String text) { return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII); }

  /** One stop time of a trip: its own method, a small unit for the JIT. */
  private void stopTime(Feed feed, int st, boolean first) {
    bytes(first ? STOP_ID : NEXT_STOP_ID);
    string(feed.stopIds.value(feed.stopTimeStop(st)));
    bytes(ARRIVAL);
    time(feed.arrival(st));
    bytes(DEPARTURE);
    time(feed.departure(st));
    put('}');
  }

  private void bytes(byte[] b) {
    if (position + b.length > buffer.length) flush();
    System.arraycopy(b, 0, buffer, position, b.length);
    position += b.length;
  }

  /** HH:MM:SS with at least two hour digits, quoted; null for an empty time. */
  private void time(int seconds) {
    if (seconds == GtfsTime.NONE) {
      bytes(NULL);
      return;
    }
    int hours = seconds / 3600, minutes = seconds / 60 % 60, secs = seconds % 60;
    put('"');
    if (hours < 10) put('0');
    digits(hours);
    put(':');
    twoDigits(minutes);
    put(':');
    twoDigits(secs);
    put('"');
  }

  private void digits(int value) {
    if (value >= 10) digits(value / 10);
    put('0' + value % 10);
  }

  private void twoDigits(int value) {
    put('0' + value / 10);
    put('0' + value % 10);
  }

  private static final byte[] HEX = "0123456789ABCDEF".getBytes();

  /** A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8. */
  private void string(String s) {
    put('"');
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') put(c);
      else if (c == '"' || c == '\\') escape(c);
      else if (c < 0x20) control(c);
      else if (c < 0x800) {
        put(0xC0 | c >> 6);
        put(0x80 | c & 0x3F);
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        put(0xF0 | cp >> 18);
        put(0x80 | cp >> 12 & 0x3F);
        put(0x80 | cp >> 6 & 0x3F);
        put(0x80 | cp & 0x3F);
      } else {
        put(0xE0 | c >> 12);
        put(0x80 | c >> 6 & 0x3F);
        put(0x80 | c & 0x3F);
      }
    }
    put('"');
  }

  private void control(char c) {
    switch (c) {
      case '\b' -> escape('b');
      case '\t' -> escape('t');
      case '\n' -> escape('n');
      case '\f' -> escape('f');
      case '\r' -> escape('r');
      default -> {
        escape('u');
        put('0');
        put('0');
        put(HEX[c >> 4]);
        put(HEX[c & 0xF]);
      }
    }
  }

  private void escape(char c) {
    put('\\');
    put(c);
  }

  private void put(int b) {
    if (position == buffer.length) flush();
    buffer[position++] = (byte) b;
  }

  private void flush() {
    try {
      out.write(buffer, 0, position);
      position = 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An OutputStream that only counts: where the benchmark sends the bytes, and how sizes are measured. */
  public static final class Counter extends OutputStream {
    public long bytes;

    @Override
    public void write(int b) { bytes++; }

    @Override
    public void write(byte[] b, int off, int len) { bytes += len; }
  }
}
