package transit;

/** GTFS times: seconds after the service day's midnight, which may pass 24:00:00 for trips that run past midnight. */
public final class GtfsTime {
  /** Stored for an empty time (GTFS allows it at stops that are not timepoints). */
  public static final int NONE = -1;

  // Formatted strings for the first two service days, built on first use: responses repeat the same few
  // thousand times millions of times, so formatting never allocates on the request path.
  private static final int CACHED = 48 * 3600;
  private static final String[] FORMATTED = new String[CACHED];

  private GtfsTime() {}

  /** Parses H:MM:SS or HH:MM:SS (hours may pass 24); returns NONE for null or empty; throws IllegalArgumentException otherwise. */
  public static int parse(String text) {
    if (text == null || text.isEmpty()) return NONE;
    int n = text.length();
    if (n == 8 && text.charAt(2) == ':' && text.charAt(5) == ':') { // HH:MM:SS, nearly every time of a feed
      int h1 = text.charAt(0) - '0', h2 = text.charAt(1) - '0', m1 = text.charAt(3) - '0', m2 = text.charAt(4) - '0',
          s1 = text.charAt(6) - '0', s2 = text.charAt(7) - '0';
      if ((h1 | h2 | m1 | m2 | s1 | s2) >= 0 && h1 <= 9 && h2 <= 9 && m1 <= 5 && m2 <= 9 && s1 <= 5 && s2 <= 9)
        return (h1 * 10 + h2) * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
    }
    int firstColon = text.indexOf(':');
    if (firstColon < 1 || firstColon > 3 || n != firstColon + 6 || text.charAt(firstColon + 3) != ':')
      throw new IllegalArgumentException("expected H:MM:SS or HH:MM:SS");
    int hours = digits(text, 0, firstColon);
    int minutes = digits(text, firstColon + 1, firstColon + 3);
    int seconds = digits(text, firstColon + 4, n);
    if (minutes > 59 || seconds > 59) throw new IllegalArgumentException("minutes and seconds must be 00-59");
    return hours * 3600 + minutes * 60 + seconds;
  }

  private static int digits(String text, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') throw new IllegalArgumentException("'" + c + "' is not a digit");
      value = value * 10 + (c - '0');
    }
    return value;
  }

  /** HH:MM:SS with at least two hour digits (25:10:00, 05:02:00); null for NONE. */
  public static String format(int seconds) {
    if (seconds == NONE) return null;
    if (seconds >= CACHED) return build(seconds);
    String cached = FORMATTED[seconds];
    if (cached == null) FORMATTED[seconds] = cached = build(seconds); // benign race: equal strings
    return cached;
  }

  private static String build(int seconds) {
    int h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60;
    StringBuilder b = new StringBuilder(8);
    if (h < 10) b.append('0');
    b.append(h).append(':').append((char) ('0' + m / 10)).append((char) ('0' + m % 10))
        .append(':').append((char) ('0' + s / 10)).append((char) ('0' + s % 10));
    return b.toString();
  }
}
