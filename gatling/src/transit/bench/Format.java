package transit.bench;

import java.util.Locale;
import java.util.function.Function;
import transit.measure.Spread;

/** How the harness writes its figures, in the report, the comparison and the progress lines. */
final class Format {
  private Format() {}

  /** A figure not measured. */
  static final String MISSING = "—";
  /** A figure whose rounds spread wide. */
  static final String WIDE = "⚠";

  /** "median (min–max)", marked when wide; the median alone for one round, or rounds that all agree. */
  static String spread(Spread s, Function<Double, String> format) {
    if (s == null) return MISSING;
    if (s.n() == 1 || format.apply(s.min()).equals(format.apply(s.max()))) return format.apply(s.median());
    return format.apply(s.median()) + " (" + format.apply(s.min()) + "–" + format.apply(s.max()) + ")" + (s.wide() ? " " + WIDE : "");
  }

  static String median(Spread s, Function<Double, String> format) { return s == null ? MISSING : format.apply(s.median()); }

  /** Requests/s and other counts: thousands apart above 100, one decimal below. */
  static String count(double v) { return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v); }

  static String twoDecimals(double v) { return String.format(Locale.ROOT, "%.2f", v); }

  /** A server's limits: "on", or "off" (--limits off). */
  static String limits(boolean on) { return on ? "on" : "off"; }

  /** A change as a signed whole percent: "−12 %", "+3 %", "0 %". */
  static String signedPercent(double fraction) {
    long percent = Math.round(fraction * 100);
    return percent == 0 ? "0 %" : (percent < 0 ? "−" : "+") + Math.abs(percent) + " %";
  }

  static String millis(double v) { return String.format(Locale.ROOT, "%,.0f", v); }

  /** A figure to one decimal ("12.3"), a percentage in a column that names its unit. */
  static String oneDecimal(double v) { return String.format(Locale.ROOT, "%.1f", v); }

  static String bytes(double v) {
    return v >= 1e6 ? String.format(Locale.ROOT, "%.1f MB", v / 1e6) : v >= 1e3 ? String.format(Locale.ROOT, "%.0f KB", v / 1e3)
        : String.format(Locale.ROOT, "%.0f B", v);
  }

  /** "p99.9" for 99.9, "p50" for 50. */
  static String percentile(double p) { return "p" + (p == Math.rint(p) ? String.valueOf((int) p) : String.valueOf(p)); }

  /** "45 s", "12 min", "1.5 h". */
  static String duration(long seconds) {
    return seconds < 90 ? seconds + " s" : seconds < 5400 ? Math.round(seconds / 60.0) + " min" : String.format(Locale.ROOT, "%.1f h", seconds / 3600.0);
  }
}
