package transit.jmh;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import transit.Csr;
import transit.Feed;
import transit.GtfsTime;
import transit.api.RouteTrips;

public final class FragmentJson {
  final byte[][] stopPrefix; // {"stop_id":"S","arrival_time":
  static final byte[] DEP = ",\"departure_time\":".getBytes();
  final Feed feed;

  public FragmentJson(Feed feed) {
    this.feed = feed;
    stopPrefix = new byte[feed.stopIds.size()][];
    for (int s = 0; s < stopPrefix.length; s++)
      stopPrefix[s] = ("{\"stop_id\":\"" + feed.stopIds.value(s) + "\",\"arrival_time\":").getBytes(StandardCharsets.UTF_8);
  }

  private final byte[] buf = new byte[1 << 15];
  private int pos;
  private OutputStream out;

  private void put(byte[] b) {
    if (pos + b.length > buf.length) flush();
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }
  private void put(byte c) { if (pos == buf.length) flush(); buf[pos++] = c; }
  private void put(String ascii) { put(ascii.getBytes(StandardCharsets.UTF_8)); }
  private void flush() {
    try { out.write(buf, 0, pos); } catch (IOException e) { throw new java.io.UncheckedIOException(e); }
    pos = 0;
  }

  private static int time(byte[] b, int p, int t) {
    if (t == GtfsTime.NONE) { b[p] = 'n'; b[p+1] = 'u'; b[p+2] = 'l'; b[p+3] = 'l'; return p + 4; }
    int h = t / 3600, m = t / 60 % 60, s = t % 60;
    b[p++] = '"';
    if (h >= 100) { b[p++] = (byte) ('0' + h / 100); h %= 100; }
    b[p++] = (byte) ('0' + h / 10); b[p++] = (byte) ('0' + h % 10); b[p++] = ':';
    b[p++] = (byte) ('0' + m / 10); b[p++] = (byte) ('0' + m % 10); b[p++] = ':';
    b[p++] = (byte) ('0' + s / 10); b[p++] = (byte) ('0' + s % 10); b[p++] = '"';
    return p;
  }

  public void write(RouteTrips r, OutputStream out) {
    this.out = out;
    Csr stopTimes = feed.stopTimesByTrip;
    byte[] buf = this.buf;
    put((byte) '[');
    boolean firstTrip = true;
    for (int trip : r.trips()) {
      if (!firstTrip) put((byte) ',');
      firstTrip = false;
      put("{\"trip_id\":\"" + feed.tripId(trip) + "\",\"service_id\":\"" + feed.serviceIds.value(feed.tripService(trip)) + "\",\"route_id\":\"" + r.routeId() + "\",\"schedules\":[");
      for (int p = stopTimes.start(trip), end = stopTimes.end(trip); p < end; p++) {
        int st = stopTimes.value(p);
        byte[] prefix = stopPrefix[feed.stopTimeStop(st)];
        if (pos + prefix.length + 64 > buf.length) flush();
        int q = pos;
        if (p > stopTimes.start(trip)) buf[q++] = ',';
        System.arraycopy(prefix, 0, buf, q, prefix.length);
        q = time(buf, q + prefix.length, feed.arrival(st));
        System.arraycopy(DEP, 0, buf, q, DEP.length);
        q = time(buf, q + DEP.length, feed.departure(st));
        buf[q++] = '}';
        pos = q;
      }
      put((byte) ']'); put((byte) '}');
    }
    put((byte) ']');
    flush();
  }
}
