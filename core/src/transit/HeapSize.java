package transit;

/**
 * Estimates of the heap a loaded feed's parts hold, object by object (64-bit JVM, compressed references): what a
 * reload reports, since measuring it as the first load does takes a full GC that would stall every request.
 */
final class HeapSize {
  private HeapSize() {}

  /** A reference array's bytes. */
  static long array(int length) { return align(16L + 4L * length); }

  /** The strings' bytes: a String object and its byte array each (Latin-1 ones, one byte a character). */
  static long strings(String[] values) {
    long bytes = 0;
    for (String v : values) bytes += 24 + align(16L + v.length());
    return bytes;
  }

  static long align(long bytes) { return (bytes + 7) & ~7L; }
}
