package transit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A feed's files, from a directory or a zip (at its root or in one folder inside it), and the checksum that
 * identifies their contents.
 */
abstract class FeedFiles implements AutoCloseable {
  /** The files a feed is read from, in reading order; the feed's checksum covers these. */
  static final List<String> FILES = List.of("agency.txt", "routes.txt", "stops.txt", "calendar.txt", "calendar_dates.txt",
      "trips.txt", "stop_times.txt");

  final String source;

  FeedFiles(String source) { this.source = source; }

  static FeedFiles open(Path path) throws IOException {
    if (java.nio.file.Files.isDirectory(path)) return new Directory(path);
    if (!java.nio.file.Files.exists(path)) throw new FeedException(path + ": no such file or directory");
    return new Zip(path);
  }

  /** The file's contents, or null when the feed does not have it. */
  abstract InputStream open(String file) throws IOException;

  /** The file's size in bytes, uncompressed; -1 when unknown or absent. */
  abstract long size(String file) throws IOException;

  /**
   * A CRC-32C over each file of {@link #FILES} the feed has: its name, size and contents' CRC-32. A zip's own
   * directory holds each entry's CRC-32, so a zipped feed's checksum costs no reading; a directory's files are
   * read for it. The same files zipped or not have the same checksum.
   */
  String checksum() throws IOException {
    CRC32C all = new CRC32C();
    ByteBuffer fields = ByteBuffer.allocate(16);
    for (String file : FILES) {
      long crc = contentCrc(file);
      if (crc < 0) continue;
      all.update(file.getBytes(StandardCharsets.UTF_8));
      fields.clear();
      fields.putLong(size(file)).putLong(crc).flip();
      all.update(fields);
    }
    return String.format("%08x", all.getValue());
  }

  /** The CRC-32 of the file's contents (as a zip stores it, so a zipped feed has its directory's checksum), -1 when absent. */
  abstract long contentCrc(String file) throws IOException;

  @Override
  public void close() throws IOException {}

  static final class Directory extends FeedFiles {
    private final Path dir;

    Directory(Path dir) {
      super(dir.toString());
      this.dir = dir;
    }

    private Path file(String file) {
      Path p = dir.resolve(file);
      return java.nio.file.Files.isRegularFile(p) ? p : null;
    }

    @Override
    InputStream open(String file) throws IOException {
      Path p = file(file);
      return p == null ? null : java.nio.file.Files.newInputStream(p);
    }

    @Override
    long size(String file) throws IOException {
      Path p = file(file);
      return p == null ? -1 : java.nio.file.Files.size(p);
    }

    @Override
    long contentCrc(String file) throws IOException {
      Path p = file(file);
      if (p == null) return -1;
      // read, not mapped: a mapped file truncated meanwhile faults the thread (SIGBUS, an InternalError), where a read
      // ends early and the checksum differs, which the load sees
      CRC32 crc = new CRC32();
      ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
      try (FileChannel channel = FileChannel.open(p, StandardOpenOption.READ)) {
        while (channel.read(buffer.clear()) > 0) crc.update(buffer.flip());
      }
      return crc.getValue();
    }
  }

  static final class Zip extends FeedFiles {
    private final ZipFile zip;
    private final Map<String, ZipEntry> entries = new HashMap<>();

    Zip(Path path) throws IOException {
      super(path.toString());
      try {
        zip = new ZipFile(path.toFile());
      } catch (java.util.zip.ZipException e) {
        throw new FeedException(path + ": not a directory or a readable zip (" + e.getMessage() + ")");
      }
    }

    private synchronized ZipEntry entry(String file) {
      return entries.computeIfAbsent(file, f -> {
        ZipEntry entry = zip.getEntry(f);
        if (entry == null) // some publishers zip a folder: accept the file one level down
          entry = zip.stream().filter(e -> e.getName().endsWith("/" + f) && e.getName().indexOf('/') == e.getName().length() - f.length() - 1).findFirst().orElse(null);
        return entry;
      });
    }

    @Override
    InputStream open(String file) throws IOException {
      ZipEntry entry = entry(file);
      return entry == null ? null : zip.getInputStream(entry);
    }

    @Override
    long size(String file) {
      ZipEntry entry = entry(file);
      return entry == null ? -1 : entry.getSize();
    }

    @Override
    long contentCrc(String file) {
      ZipEntry entry = entry(file);
      return entry == null ? -1 : entry.getCrc();
    }

    @Override
    public void close() throws IOException { zip.close(); }
  }
}
