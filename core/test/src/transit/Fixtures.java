package transit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** The committed tiny feed (test resources feeds/tiny), and copies of it with one file changed. */
public final class Fixtures {
  private Fixtures() {}

  public static Path tinyFeed() {
    try {
      return Path.of(Fixtures.class.getResource("/feeds/tiny/trips.txt").toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A copy of the tiny feed in a new temp directory, with files replaced (content) or removed (null). */
  public static Path tinyFeedWith(Map<String, String> changes) {
    try {
      Path dir = Files.createTempDirectory("tiny-feed");
      try (Stream<Path> files = Files.list(tinyFeed())) {
        for (Path f : (Iterable<Path>) files::iterator) Files.copy(f, dir.resolve(f.getFileName()));
      }
      for (var change : changes.entrySet()) {
        Path file = dir.resolve(change.getKey());
        if (change.getValue() == null) Files.delete(file);
        else Files.writeString(file, change.getValue());
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The directory's files zipped, under prefix ("" for the root, "feed/" for a folder inside the zip). */
  public static Path zip(Path dir, String prefix) {
    try {
      Path zip = Files.createTempFile("feed", ".zip");
      try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip)); Stream<Path> files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          out.putNextEntry(new ZipEntry(prefix + f.getFileName()));
          out.write(Files.readAllBytes(f));
          out.closeEntry();
        }
      }
      return zip;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
