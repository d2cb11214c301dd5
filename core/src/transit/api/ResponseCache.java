package transit.api;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Encoded responses by request key, within a byte budget, least recently used out: the `--cache` option.
 * It measures how much of a framework's time goes to building and encoding JSON rather than moving bytes.
 * Only answers (200) are kept: an error costs next to nothing to make again, and keeping one per missing id let any
 * client fill the budget with keys of its choosing. Each entry counts its key and bookkeeping beside its body.
 */
public final class ResponseCache {
  /** What an entry holds beside its body and its key's characters: the map's entry, the record, two headers. */
  static final int ENTRY_BYTES = 128;
  /** The default budget's share of what the heap leaves beside the feed: a quarter, beside the answers' half. */
  public static final double SHARE = 0.25;

  /** The default budget for a heap of maxHeapBytes of which the feed retains feedHeapBytes: SHARE of the rest, at least 1 MB. */
  public static long defaultBudget(long maxHeapBytes, long feedHeapBytes) {
    return Math.max(1 << 20, (long) ((maxHeapBytes - feedHeapBytes) * SHARE));
  }

  /** A response as sent: status and body bytes, gzipped or not (Content-Encoding). */
  public record Encoded(int status, byte[] body, boolean gzipped) {
    /** An identity body. */
    public Encoded(int status, byte[] body) { this(status, body, false); }
  }

  /** body gzipped at the JDK's default level. */
  public static byte[] gzip(byte[] body) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(body.length / 8 + 64);
    try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(out, 64 * 1024)) {
      gzip.write(body);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // a ByteArrayOutputStream throws none
    }
    return out.toByteArray();
  }

  private final long budgetBytes;
  private final LinkedHashMap<String, Encoded> entries = new LinkedHashMap<>(256, 0.75f, true); // access order
  private final Map<String, CompletableFuture<Encoded>> encoding = new HashMap<>(); // the misses being encoded, by key
  private long sizeBytes;
  private long hits, misses;

  public ResponseCache(long budgetBytes) {
    if (budgetBytes <= 0) throw new IllegalArgumentException("budget must be positive: " + budgetBytes);
    this.budgetBytes = budgetBytes;
  }

  /**
   * The cached response for key, or the one encode makes: outside the lock, so that misses of different keys encode in
   * parallel, and once per key, so that a crowd asking for the same answer at once waits for one encoding rather than
   * making one each (a heap's worth of identical work, under the load that needs the heap most).
   */
  public Encoded get(String key, Supplier<Encoded> encode) {
    CompletableFuture<Encoded> mine, theirs;
    synchronized (this) {
      Encoded hit = entries.get(key);
      if (hit != null) {
        hits++;
        return hit;
      }
      mine = new CompletableFuture<>(); // only for a miss: a hit, the common answer, allocates nothing
      theirs = encoding.putIfAbsent(key, mine);
      if (theirs == null) misses++;
      else hits++;
    }
    if (theirs != null) return theirs.join();
    try {
      Encoded made = encode.get();
      put(key, made);
      mine.complete(made);
      return made;
    } catch (RuntimeException | Error e) {
      mine.completeExceptionally(e); // those waiting fail as this one does
      throw e;
    } finally {
      synchronized (this) {
        encoding.remove(key);
      }
    }
  }

  /** The kept response, or null; counts as a hit when there is one (a miss is counted by {@link #get}). */
  public synchronized Encoded peek(String key) {
    Encoded hit = entries.get(key);
    if (hit != null) hits++;
    return hit;
  }

  /** The kept response, or null, without counting: a look on the way to a lookup that counts. */
  synchronized Encoded kept(String key) { return entries.get(key); }

  private synchronized void put(String key, Encoded value) {
    if (value.status() != 200 || bytes(key, value) > budgetBytes) return; // an error, or would evict everything and still not fit
    Encoded previous = entries.put(key, value);
    if (previous != null) sizeBytes -= bytes(key, previous);
    sizeBytes += bytes(key, value);
    for (Iterator<Map.Entry<String, Encoded>> it = entries.entrySet().iterator(); sizeBytes > budgetBytes && it.hasNext(); ) {
      Map.Entry<String, Encoded> eldest = it.next();
      sizeBytes -= bytes(eldest.getKey(), eldest.getValue());
      it.remove();
    }
  }

  /** What an entry takes of the budget: its body, its key (two bytes a character at most) and ENTRY_BYTES. */
  static long bytes(String key, Encoded value) { return value.body().length + 2L * key.length() + ENTRY_BYTES; }

  public synchronized long sizeBytes() { return sizeBytes; }

  public synchronized int size() { return entries.size(); }

  public synchronized long hits() { return hits; }

  public synchronized long misses() { return misses; }

  public long budgetBytes() { return budgetBytes; }

  /** What it holds and how its lookups went, at one instant: /health's cache. */
  public synchronized Model.CacheSummary summary() { return new Model.CacheSummary(entries.size(), sizeBytes, budgetBytes, hits, misses); }
}
