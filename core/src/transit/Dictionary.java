package transit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/** Dictionary encoding of a string column: each distinct string gets an int code, in first-seen order. */
public final class Dictionary {
  private final HashMap<String, Integer> codes = new HashMap<>();
  private final List<String> values = new ArrayList<>();
  private String[] frozen;

  Dictionary() {}

  /** A dictionary whose codes are the positions of values, which must be distinct. */
  static Dictionary of(String[] values) {
    Dictionary d = new Dictionary();
    for (String v : values) d.encode(v);
    if (d.size() != values.length) throw new IllegalArgumentException("duplicate values");
    return d.freeze();
  }

  /** The code of value, adding it if new. */
  int encode(String value) {
    Integer code = codes.get(value);
    if (code != null) return code;
    int next = values.size();
    codes.put(value, next);
    values.add(value);
    frozen = null;
    return next;
  }

  /** The code of value, or -1 if it is not in the dictionary. */
  public int code(String value) {
    Integer code = codes.get(value);
    return code == null ? -1 : code;
  }

  public String value(int code) {
    String[] table = frozen;
    if (table == null) frozen = table = values.toArray(new String[0]);
    return table[code];
  }

  public int size() { return values.size(); }

  /** Every value, in code order. */
  String[] values() { return values.toArray(new String[0]); }

  /** The heap it holds: the strings, the map's nodes, boxed codes past Integer's cache, the lists. */
  long estimatedHeapBytes() {
    int n = values.size(), table = Integer.highestOneBit(Math.max(1, (int) (n / 0.75f)) * 2 - 1);
    return HeapSize.strings(values.toArray(new String[0])) + 48 + HeapSize.array(table) + 32L * n + 16L * Math.max(0, n - 128)
        + 24 + HeapSize.array(n) + (frozen == null ? 0 : HeapSize.array(n));
  }

  /** Fixes the table once loading is over, so lookups are a plain array read. */
  Dictionary freeze() {
    frozen = values.toArray(new String[0]);
    return this;
  }
}
