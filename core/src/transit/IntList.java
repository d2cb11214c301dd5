package transit;

import java.util.Arrays;

/** A growable int array: the column builder used while loading. */
final class IntList {
  private int[] values;
  private int size;

  IntList(int capacity) { values = new int[Math.max(capacity, 16)]; }

  void add(int value) {
    if (size == values.length) values = Arrays.copyOf(values, size + (size >> 1));
    values[size++] = value;
  }

  /** Grows to hold at least capacity values, so a column whose length can be estimated is copied once at most. */
  void ensureCapacity(int capacity) {
    if (capacity > values.length) values = Arrays.copyOf(values, capacity);
  }

  int size() { return size; }

  /** Replaces each value v by codes[v]. */
  void map(int[] codes) {
    for (int i = 0; i < size; i++) values[i] = codes[values[i]];
  }

  int get(int i) { return values[i]; }

  /** The values, trimmed to size. */
  int[] toArray() { return size == values.length ? values : Arrays.copyOf(values, size); }
}
