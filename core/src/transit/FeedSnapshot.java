package transit;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * A loaded feed's columns in one binary file, so that a later start on the same feed reads them instead of
 * parsing the CSV. The file's name carries the feed's path (hashed), its checksum and the format version; inside,
 * the same three are checked again and a CRC-32C covers every byte. A snapshot that is missing, of another
 * version of the feed, of another format, or damaged is never used: the CSV is parsed and the snapshot rewritten.
 */
public final class FeedSnapshot {
  private FeedSnapshot() {}

  /** Bumped whenever what is written changes: an older snapshot is then parsed over. */
  static final int FORMAT = 1;
  private static final long MAGIC = 0x534e_4150_4754_4653L; // "SFTGPANS": a transit feed snapshot
  private static final String SUFFIX = ".snapshot";

  /** Where a load came from. */
  public enum Origin { CSV, SNAPSHOT }

  /**
   * A loaded feed and how: from the snapshot (file), or from the CSV and why (note), file then the snapshot to write
   * for the next start, or null where none is to be written (snapshots off, or a folder not trusted). csvMillis is the
   * CSV load's time, measured now or when the snapshot was written.
   */
  public record Loaded(Feed feed, Origin origin, Path file, String note, long csvMillis) {
    /** "from the CSV (no snapshot yet)" or "from snapshot /tmp/…": for the summary line. */
    public String how() {
      return origin == Origin.SNAPSHOT ? "from snapshot " + file + " (the CSV took " + String.format("%,d", csvMillis) + " ms)"
          : "from the CSV (" + note + ")";
    }
  }

  /** The default folder: the user's own in the temp directory (SnapshotFolder). */
  public static Path defaultDir() { return SnapshotFolder.defaultDir(); }

  /**
   * The feed at path, from its snapshot in dir when a valid one is there, else parsed from the CSV. After a
   * parse, call {@link #write} (a server does so in the background) for the next start.
   */
  public static Loaded load(Path path, Path dir) {
    long started = System.nanoTime();
    try (FeedFiles files = FeedFiles.open(path)) {
      Stopwatch checksumming = new Stopwatch();
      String checksum = files.checksum();
      Feed.Step checksumStep = checksumming.step("checksum (the snapshot's key)", 0);
      Path file = fileFor(path, checksum, dir);
      String note, untrusted = SnapshotFolder.untrusted(dir);
      if (untrusted != null) {
        note = "the snapshot folder " + dir + " " + untrusted + ", so no snapshot in it is read";
        file = null; // nor written
      } else if (Files.isRegularFile(file)) {
        try {
          Feed feed = read(file, files.source, checksum, started, checksumStep);
          return new Loaded(feed, Origin.SNAPSHOT, file, "", csvMillisOf(file));
        } catch (IOException | RuntimeException e) {
          note = "snapshot " + file + " is unusable: " + why(e);
        }
      } else {
        note = others(path, dir).isEmpty() ? "no snapshot yet" : "the snapshot in " + dir + " is of another version of the feed or of the format";
      }
      Feed feed = FeedLoader.parse(files, Runtime.getRuntime().availableProcessors() > 1, checksum);
      return new Loaded(feed, Origin.CSV, file, note, feed.loadMillis);
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
    }
  }

  private static String why(Exception e) {
    return e instanceof BufferUnderflowException ? "it ends too early" : e.getMessage() != null ? e.getMessage() : e.toString();
  }

  /** Where the snapshot of this feed, with this checksum, lives in dir. */
  static Path fileFor(Path feed, String checksum, Path dir) {
    return dir.resolve(prefix(feed) + checksum + ".v" + FORMAT + SUFFIX);
  }

  /** The feed's file name and a hash of its absolute path: feeds of the same name elsewhere keep their own snapshots. */
  private static String prefix(Path feed) {
    Path absolute = feed.toAbsolutePath().normalize();
    String name = absolute.getFileName() == null ? "feed" : absolute.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
    CRC32C crc = new CRC32C();
    crc.update(absolute.toString().getBytes(StandardCharsets.UTF_8));
    return name + "-" + String.format("%08x", crc.getValue()) + "-";
  }

  /** This feed path's snapshots in dir, whatever their checksum or format. */
  private static List<Path> others(Path feed, Path dir) {
    List<Path> found = new ArrayList<>();
    if (!Files.isDirectory(dir)) return found;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, prefix(feed) + "*" + SUFFIX)) {
      files.forEach(found::add);
    } catch (IOException e) {
      // none that can be listed
    }
    return found;
  }

  /**
   * Writes the feed's snapshot into dir (atomically: a reader sees the whole file or none), then deletes this
   * feed path's other snapshots, which can no longer be used. Returns the file. dir is created readable by its owner
   * alone, and refused where someone else could have written in it (SnapshotFolder); crashed writes' .partial files
   * of this feed path go first.
   */
  public static Path write(Feed feed, Path feedPath, Path dir, long csvMillis) throws IOException {
    SnapshotFolder.prepare(dir);
    SnapshotFolder.removeStale(dir, prefix(feedPath) + "*.partial");
    Path file = fileFor(feedPath, feed.checksum, dir);
    Path partial = Files.createTempFile(dir, file.getFileName().toString(), ".partial");
    try {
      try (FileChannel out = FileChannel.open(partial, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        new Writer(out).feed(feed, csvMillis);
      }
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(partial);
    }
    for (Path other : others(feedPath, dir)) if (!other.equals(file)) Files.deleteIfExists(other);
    return file;
  }

  private static long csvMillisOf(Path file) throws IOException {
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      in.read(header, 0);
      return header.getLong(HEADER_BYTES - 8);
    }
  }

  // Layout, little-endian: magic, format, CSV millis (HEADER_BYTES); the sections; the file's length; and the
  // CRC-32C of everything before it, as a long.
  private static final int HEADER_BYTES = 8 + 4 + 8;

  /** Sequential writes through one direct buffer, with the running CRC. */
  private static final class Writer {
    private final FileChannel out;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private long written;

    Writer(FileChannel out) { this.out = out; }

    void feed(Feed feed, long csvMillis) throws IOException {
      buffer.putLong(MAGIC).putInt(FORMAT).putLong(csvMillis);
      string(feed.checksum);
      string(feed.timeZone.getId());
      strings(feed.rowsPerFile.keySet().toArray(new String[0]));
      for (long rows : feed.rowsPerFile.values()) putLong(rows);
      strings(feed.routeIds.values());
      strings(feed.serviceIds.values());
      strings(feed.stopIds.values());
      ServiceCalendar calendar = feed.calendar;
      bytes(calendar.weekdayMask());
      ints(calendar.firstDay());
      ints(calendar.lastDay());
      Map<Long, Byte> exceptions = calendar.exceptions();
      putInt(exceptions.size());
      for (var e : exceptions.entrySet()) {
        putLong(e.getKey());
        room(1);
        buffer.put(e.getValue());
      }
      strings(feed.tripIds);
      for (int[] column : new int[][] {feed.tripRoute, feed.tripService, feed.stopTimeTrip, feed.stopTimeStop,
          feed.stopTimeArrival, feed.stopTimeDeparture, feed.stopTimeSequence}) ints(column);
      for (Csr index : new Csr[] {feed.tripsByRoute, feed.stopTimesByTrip, feed.stopTimesByStop, feed.tripsByService}) {
        ints(index.offsets());
        putInt(index.values() == null ? -1 : 0);
        if (index.values() != null) ints(index.values());
      }
      putLong(written + buffer.position() + 8 + 8); // the file's length, counting itself and the CRC after it
      flush();
      ByteBuffer trailer = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(crc.getValue()).flip();
      while (trailer.hasRemaining()) out.write(trailer);
      out.force(false);
    }

    private void room(int bytes) throws IOException {
      if (buffer.remaining() < bytes) flush();
    }

    private void flush() throws IOException {
      buffer.flip();
      crc.update(buffer.duplicate());
      while (buffer.hasRemaining()) written += out.write(buffer);
      buffer.clear();
    }

    void putInt(int v) throws IOException {
      room(4);
      buffer.putInt(v);
    }

    void putLong(long v) throws IOException {
      room(8);
      buffer.putLong(v);
    }

    void ints(int[] values) throws IOException {
      putInt(values.length);
      for (int from = 0; from < values.length; ) {
        room(4);
        int n = Math.min(values.length - from, buffer.remaining() / 4);
        buffer.asIntBuffer().put(values, from, n);
        buffer.position(buffer.position() + 4 * n);
        from += n;
      }
    }

    void bytes(byte[] values) throws IOException {
      putInt(values.length);
      for (int from = 0; from < values.length; ) {
        room(1);
        int n = Math.min(values.length - from, buffer.remaining());
        buffer.put(values, from, n);
        from += n;
      }
    }

    void string(String s) throws IOException { strings(new String[] {s}); }

    /** Lengths first, then all the UTF-8 bytes in one block: read back without a call per string. */
    void strings(String[] values) throws IOException {
      byte[][] encoded = new byte[values.length][];
      int[] lengths = new int[values.length];
      int total = 0;
      for (int i = 0; i < values.length; i++) {
        encoded[i] = values[i].getBytes(StandardCharsets.UTF_8);
        lengths[i] = encoded[i].length;
        total += lengths[i];
      }
      ints(lengths);
      byte[] all = new byte[total];
      for (int i = 0, at = 0; i < values.length; at += lengths[i], i++) System.arraycopy(encoded[i], 0, all, at, lengths[i]);
      bytes(all);
    }
  }

  /** The snapshot's feed, checked against the expected checksum; throws when it cannot be used, saying why. */
  static Feed read(Path file, String source, String checksum, long started, Feed.Step checksumStep) throws IOException {
    MappedByteBuffer mapped;
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      mapped = in.map(FileChannel.MapMode.READ_ONLY, 0, in.size());
    }
    ByteBuffer b = mapped.order(ByteOrder.LITTLE_ENDIAN);
    List<Feed.Step> steps = new ArrayList<>(List.of(checksumStep));
    Stopwatch watch = new Stopwatch();
    if (b.limit() < HEADER_BYTES + 16 || b.getLong(0) != MAGIC) throw new IOException("not a feed snapshot");
    if (b.getInt(8) != FORMAT) throw new IOException("format " + b.getInt(8) + ", expected " + FORMAT);
    if (b.getLong(b.limit() - 16) != b.limit()) throw new IOException(b.limit() + " bytes, not the length it was written with (cut short?)");
    CRC32C crc = new CRC32C();
    crc.update(b.duplicate().position(0).limit(b.limit() - 8));
    if (crc.getValue() != b.getLong(b.limit() - 8)) throw new IOException("its CRC does not match its contents (damaged)");
    steps.add(watch.step("snapshot: mapped and CRC checked", 0));

    watch = new Stopwatch();
    b.position(HEADER_BYTES);
    String written = strings(b)[0];
    if (!written.equals(checksum)) throw new IOException("written for feed checksum " + written + ", not " + checksum);
    ZoneId zone = ZoneId.of(strings(b)[0]);
    String[] files = strings(b);
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String f : files) rows.put(f, b.getLong());
    Dictionary routes = Dictionary.of(strings(b)), services = Dictionary.of(strings(b)), stops = Dictionary.of(strings(b));
    byte[] mask = bytes(b);
    int[] first = ints(b), last = ints(b);
    int exceptionCount = b.getInt();
    HashMap<Long, Byte> exceptions = new HashMap<>();
    for (int i = 0; i < exceptionCount; i++) exceptions.put(b.getLong(), b.get());
    String[] tripIds = strings(b);
    steps.add(watch.step("snapshot: ids, dictionaries and calendar", tripIds.length));

    watch = new Stopwatch();
    int[][] columns = new int[7][];
    for (int i = 0; i < columns.length; i++) columns[i] = ints(b);
    Csr[] indexes = new Csr[4];
    for (int i = 0; i < indexes.length; i++) {
      int[] offsets = ints(b);
      indexes[i] = Csr.of(offsets, b.getInt() < 0 ? null : ints(b));
    }
    if (b.position() != b.limit() - 16) throw new IOException("unexpected bytes after the last section");
    steps.add(watch.step("snapshot: columns and indexes", columns[2].length));
    long millis = (System.nanoTime() - started) / 1_000_000;
    return new Feed(source, zone, routes, services, stops, new ServiceCalendar(mask, first, last, exceptions), tripIds,
        columns[0], columns[1], columns[2], columns[3], columns[4], columns[5], columns[6],
        indexes[0], indexes[1], indexes[2], indexes[3], rows, millis, checksum, steps);
  }

  private static int[] ints(ByteBuffer b) {
    int[] values = new int[b.getInt()];
    IntBuffer view = b.asIntBuffer();
    view.get(values);
    b.position(b.position() + 4 * values.length);
    return values;
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] values = new byte[b.getInt()];
    b.get(values);
    return values;
  }

  private static String[] strings(ByteBuffer b) {
    int[] lengths = ints(b);
    byte[] all = bytes(b);
    String[] values = new String[lengths.length];
    for (int i = 0, at = 0; i < values.length; at += lengths[i], i++) values[i] = new String(all, at, lengths[i], StandardCharsets.UTF_8);
    return values;
  }
}
