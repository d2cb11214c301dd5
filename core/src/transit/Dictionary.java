package transit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/** Dictionary encoding of a string column: each distinct string gets an int code, in first-seen order. */
public final class Dictionary {
  private final HashMap<String, Integer> codes = new HashMap<>();
  private final List<String> values = new ArrayList<>();
  private String[] frozen;

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

  /** Fixes the table once loading is over, so lookups are a plain array read. */
  Dictionary freeze() {
    frozen = values.toArray(new String[0]);
    return this;
  }
}
