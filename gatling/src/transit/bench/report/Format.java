package transit.bench.report;

import java.util.Locale;
import java.util.function.Function;
import transit.bench.results.Ratio;
import transit.bench.scenario.RankedBy;
import transit.measure.Spread;

/** How the harness writes its figures, in the report, the comparison and the progress lines. */
public final class Format {
  private Format() {}

  /** A figure not measured. */
  public static final String MISSING = "—";

  /** "median (min–max)"; the median alone for one round, or rounds that all agree. */
  public static String spread(Spread s, Function<Double, String> format) {
    if (s == null) return MISSING;
    if (s.n() == 1 || format.apply(s.min()).equals(format.apply(s.max()))) return format.apply(s.median());
    return format.apply(s.median()) + " (" + format.apply(s.min()) + "–" + format.apply(s.max()) + ")";
  }

  public static String median(Spread s, Function<Double, String> format) { return s == null ? MISSING : format.apply(s.median()); }

  /** Requests/s and other counts: thousands apart above 100, one decimal below. */
  public static String count(double v) { return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v); }

  public static String twoDecimals(double v) { return String.format(Locale.ROOT, "%.2f", v); }

  /** A ranked figure as the verdict writes it: "348" requests/s, "12 ms" p99. */
  public static String figure(RankedBy by, double v) {
    return Double.isNaN(v) ? MISSING : by == RankedBy.REQUESTS_PER_SECOND ? count(v) : millis(v) + " ms";
  }

  /** "1.08× [1.04–1.12]"; "1.08× [—]" without an interval (fewer than two rounds). */
  public static String ratio(Ratio r) {
    if (r == null || Double.isNaN(r.value())) return MISSING;
    String interval = r.rounds() < 2 ? MISSING : twoDecimals(r.low()) + "–" + twoDecimals(r.high());
    return twoDecimals(r.value()) + "× [" + interval + "]";
  }

  /** A server's limits: "on", or "off" (--limits off). */
  public static String limits(boolean on) { return on ? "on" : "off"; }

  /** A change as a signed whole percent: "−12 %", "+3 %", "0 %". */
  public static String signedPercent(double fraction) {
    long percent = Math.round(fraction * 100);
    return percent == 0 ? "0 %" : (percent < 0 ? "−" : "+") + Math.abs(percent) + " %";
  }

  public static String millis(double v) { return String.format(Locale.ROOT, "%,.0f", v); }

  /** A figure to one decimal ("12.3"), a percentage in a column that names its unit. */
  public static String oneDecimal(double v) { return String.format(Locale.ROOT, "%.1f", v); }

  public static String bytes(double v) {
    return v >= 1e9 ? String.format(Locale.ROOT, "%.1f GB", v / 1e9) : v >= 1e6 ? String.format(Locale.ROOT, "%.1f MB", v / 1e6)
        : v >= 1e3 ? String.format(Locale.ROOT, "%.0f KB", v / 1e3) : String.format(Locale.ROOT, "%.0f B", v);
  }

  /** "p99.9" for 99.9, "p50" for 50. */
  public static String percentile(double p) { return "p" + (p == Math.rint(p) ? String.valueOf((int) p) : String.valueOf(p)); }

  /** "45 s", "12 min", "1.5 h". */
  public static String duration(long seconds) {
    return seconds < 90 ? seconds + " s" : seconds < 5400 ? Math.round(seconds / 60.0) + " min" : String.format(Locale.ROOT, "%.1f h", seconds / 3600.0);
  }
}
