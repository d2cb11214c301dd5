package transit;

/**
 * A compressed-sparse-row index: the members of group g are values[offsets[g] .. offsets[g+1]).
 * Two int arrays however many groups, instead of a map of lists.
 */
public final class Csr {
  private final int[] offsets;
  private final int[] values; // null: the identity, values[p] == p

  private Csr(int[] offsets, int[] values) {
    this.offsets = offsets;
    this.values = values;
  }

  /** Groups the indexes 0..groupOf.length-1 by groupOf[i], keeping their order within a group (a stable counting sort). */
  static Csr group(int[] groupOf, int groups) {
    int[] offsets = offsets(groupOf, groups);
    int[] next = java.util.Arrays.copyOf(offsets, groups);
    int[] values = new int[groupOf.length];
    for (int i = 0; i < groupOf.length; i++) values[next[groupOf[i]]++] = i;
    return new Csr(offsets, values);
  }

  /**
   * Groups the indexes of order (a permutation of 0..groupOf.length-1) by groupOf, each group's in the order
   * they come in order: a stable counting sort of an ordered sequence.
   */
  static Csr group(int[] groupOf, int groups, int[] order) {
    int[] offsets = offsets(groupOf, groups);
    int[] next = java.util.Arrays.copyOf(offsets, groups);
    int[] values = new int[order.length];
    for (int i : order) values[next[groupOf[i]]++] = i;
    return new Csr(offsets, values);
  }

  /** The groups of data stored in group order already (groupOf never decreases): offsets only, values the identity. */
  static Csr ofSorted(int[] groupOf, int groups) { return new Csr(offsets(groupOf, groups), null); }

  /** Where each group starts: counts of groupOf, summed. */
  private static int[] offsets(int[] groupOf, int groups) {
    int[] offsets = new int[groups + 1];
    for (int g : groupOf) offsets[g + 1]++;
    for (int g = 0; g < groups; g++) offsets[g + 1] += offsets[g];
    return offsets;
  }

  /** An index as {@link #offsets()} and {@link #values()} gave it (values null for the identity). */
  static Csr of(int[] offsets, int[] values) {
    if (offsets.length == 0 || offsets[0] != 0) throw new IllegalArgumentException("offsets must start at 0");
    for (int g = 1; g < offsets.length; g++) if (offsets[g] < offsets[g - 1]) throw new IllegalArgumentException("offsets must not decrease");
    if (values != null && values.length != offsets[offsets.length - 1]) throw new IllegalArgumentException("values and offsets disagree");
    return new Csr(offsets, values);
  }

  int[] offsets() { return offsets; }

  /** The same groups with values 0..n-1: for data already stored in group order. */
  static Csr identity(Csr grouping) {
    return new Csr(grouping.offsets, null);
  }

  public int groups() { return offsets.length - 1; }

  public int start(int group) { return offsets[group]; }

  public int end(int group) { return offsets[group + 1]; }

  public int size(int group) { return offsets[group + 1] - offsets[group]; }

  public int value(int position) { return values == null ? position : values[position]; }

  int[] values() { return values; }

  long bytes() { return 16L + 4L * offsets.length + (values == null ? 0 : 16L + 4L * values.length); }
}
