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

  int size() { return size; }

  int get(int i) { return values[i]; }

  /** The values, trimmed to size. */
  int[] toArray() { return size == values.length ? values : Arrays.copyOf(values, size); }
}
