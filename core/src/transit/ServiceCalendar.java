package transit;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which services run on a date: calendar.txt's weekdays within its date range, then calendar_dates.txt's
 * additions (exception_type 1) and removals (2). A feed may have either file alone.
 */
public final class ServiceCalendar {
  private static final DateTimeFormatter GTFS_DATE =
      DateTimeFormatter.ofPattern("uuuuMMdd").withResolverStyle(ResolverStyle.STRICT);
  static final byte ADDED = 1, REMOVED = 2;

  // Per service code; weekdayMask bit 0 is Monday. A service with no calendar.txt row has an empty range.
  private final byte[] weekdayMask;
  private final int[] firstDay, lastDay; // epoch days, inclusive
  private final Map<Long, Byte> exceptions; // (service << 32 | epochDay) -> ADDED or REMOVED

  ServiceCalendar(byte[] weekdayMask, int[] firstDay, int[] lastDay, Map<Long, Byte> exceptions) {
    this.weekdayMask = weekdayMask;
    this.firstDay = firstDay;
    this.lastDay = lastDay;
    this.exceptions = exceptions;
  }

  /** The heap it holds: the per-service arrays and the map of exceptions (a node and a boxed key each). */
  long estimatedHeapBytes() {
    int n = exceptions.size();
    return HeapSize.align(16L + weekdayMask.length) + 2 * HeapSize.align(16L + 4L * firstDay.length) + 48 + HeapSize.array(2 * n) + 56L * n;
  }

  byte[] weekdayMask() { return weekdayMask; }

  int[] firstDay() { return firstDay; }

  int[] lastDay() { return lastDay; }

  Map<Long, Byte> exceptions() { return exceptions; }

  /** Parses YYYYMMDD; throws IllegalArgumentException for anything else, 20260230 included. */
  public static LocalDate parseDate(String text) {
    if (text == null || text.length() != 8) throw new IllegalArgumentException("expected YYYYMMDD");
    try {
      return LocalDate.parse(text, GTFS_DATE);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("expected YYYYMMDD, a real date");
    }
  }

  public static String formatDate(LocalDate date) { return GTFS_DATE.format(date); }

  public boolean runsOn(int service, LocalDate date) {
    int day = (int) date.toEpochDay();
    Byte exception = exceptions.get(key(service, day));
    if (exception != null) return exception == ADDED;
    int bit = 1 << (date.getDayOfWeek().getValue() - 1);
    return day >= firstDay[service] && day <= lastDay[service] && (weekdayMask[service] & bit) != 0;
  }

  /** active[service] for every service code, computed once per request instead of once per trip. */
  public boolean[] activeOn(LocalDate date) {
    boolean[] active = new boolean[weekdayMask.length];
    for (int s = 0; s < active.length; s++) active[s] = runsOn(s, date);
    return active;
  }

  static long key(int service, int epochDay) { return ((long) service << 32) | (epochDay & 0xffffffffL); }

  /** Collects calendar rows while loading; services are dictionary codes that may grow as files are read. */
  static final class Builder {
    private byte[] mask = new byte[64];
    private int[] first = new int[64], last = new int[64];
    private final HashMap<Long, Byte> exceptions = new HashMap<>();

    void weekly(int service, boolean[] days, LocalDate from, LocalDate to) {
      grow(service);
      byte m = 0;
      for (DayOfWeek d : DayOfWeek.values()) if (days[d.getValue() - 1]) m |= (byte) (1 << (d.getValue() - 1));
      mask[service] = m;
      first[service] = (int) from.toEpochDay();
      last[service] = (int) to.toEpochDay();
    }

    void exception(int service, LocalDate date, byte type) {
      exceptions.put(key(service, (int) date.toEpochDay()), type);
    }

    ServiceCalendar build(int services) {
      grow(services);
      int[] f = Arrays.copyOf(first, services), l = Arrays.copyOf(last, services);
      return new ServiceCalendar(Arrays.copyOf(mask, services), f, l, exceptions);
    }

    private void grow(int service) {
      if (service < mask.length) return;
      int n = Math.max(service + 1, mask.length * 2);
      int old = mask.length;
      mask = Arrays.copyOf(mask, n);
      first = Arrays.copyOf(first, n);
      last = Arrays.copyOf(last, n);
      Arrays.fill(first, old, n, Integer.MAX_VALUE); // no calendar row: the weekly rule never applies
      Arrays.fill(last, old, n, Integer.MIN_VALUE);
    }

    Builder() {
      Arrays.fill(first, Integer.MAX_VALUE);
      Arrays.fill(last, Integer.MIN_VALUE);
    }
  }
}
