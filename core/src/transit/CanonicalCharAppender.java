package transit;

import com.univocity.parsers.common.input.DefaultCharAppender;

/**
 * univocity's value buffer, except that a value seen before in the same parse comes back as the String made the
 * first time. stop_times.txt repeats a few hundred thousand distinct trip ids, stop ids, times and sequence numbers
 * over millions of rows: Brooklyn's 2.4M rows made about 14M Strings (1 GB of garbage per load), and now make one
 * per distinct value. Equal values are then one instance, so the loader's "same trip as the last row" check is an
 * identity test and its dictionaries hash each distinct value once.
 *
 * <p>A column of values that never repeat would only fill the table, so past {@link #MAX_VALUES} distinct values
 * it stops remembering new ones and makes a String per value again.
 */
final class CanonicalCharAppender extends DefaultCharAppender {
  static final int MAX_VALUES = 1 << 20;

  private String[] table = new String[1 << 12];
  private int size;

  CanonicalCharAppender(int maxLength, String emptyValue, int whitespaceRangeStart) {
    super(maxLength, emptyValue, whitespaceRangeStart);
  }

  @Override
  public String getAndReset() {
    int length = length();
    if (length <= 0) return super.getAndReset(); // the empty value, as univocity gives it
    char[] chars = getChars();
    int hash = 0; // String.hashCode's, so a stored String's cached hash compares first
    for (int i = 0; i < length; i++) hash = 31 * hash + chars[i];
    int mask = table.length - 1;
    for (int slot = spread(hash) & mask; ; slot = (slot + 1) & mask) {
      String value = table[slot];
      if (value == null) {
        value = new String(chars, 0, length);
        if (size < MAX_VALUES) {
          table[slot] = value;
          if (++size * 2 > table.length) grow();
        }
        reset();
        return value;
      }
      if (value.hashCode() == hash && value.length() == length && sameChars(value, chars, length)) {
        reset();
        return value;
      }
    }
  }

  /** Distinct values remembered so far. */
  int distinctValues() { return size; }

  private static boolean sameChars(String value, char[] chars, int length) {
    for (int i = 0; i < length; i++) if (value.charAt(i) != chars[i]) return false;
    return true;
  }

  /** Hashes of short ids differ mostly in their low bits' neighbours: mix the high bits in, as HashMap does. */
  private static int spread(int hash) { return hash ^ (hash >>> 16); }

  private void grow() {
    String[] old = table;
    table = new String[old.length * 2];
    int mask = table.length - 1;
    for (String value : old) {
      if (value == null) continue;
      int slot = spread(value.hashCode()) & mask;
      while (table[slot] != null) slot = (slot + 1) & mask;
      table[slot] = value;
    }
  }
}
