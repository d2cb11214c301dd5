package transit;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;

/**
 * The folder snapshots live in, trusted only when no one else could have put a file there: a server maps a snapshot
 * and serves what it holds, so a planted one (with a recomputed CRC) would be served as the feed. The default is a
 * folder of the user's own in the temp directory, created readable by its owner alone.
 */
public final class SnapshotFolder {
  private SnapshotFolder() {}

  /** A .partial file left this long is a crashed write's, not one under way: removed when the next write begins. */
  static final Duration STALE = Duration.ofMinutes(10);

  /** transit-snapshots-USER in the temp directory. */
  public static Path defaultDir() {
    String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
    return Path.of(System.getProperty("java.io.tmpdir"), "transit-snapshots-" + user);
  }

  /**
   * Why no snapshot in dir can be trusted ("is owned by bob", "is writable by others", "is a symbolic link"), or null
   * when it can (or does not exist yet, or the file system has no owners to check).
   */
  public static String untrusted(Path dir) {
    PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
    if (view == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return null;
    try {
      PosixFileAttributes attributes = view.readAttributes();
      if (attributes.isSymbolicLink()) return "is a symbolic link";
      if (!attributes.isDirectory()) return "is not a folder";
      String owner = attributes.owner().getName(), user = System.getProperty("user.name");
      if (!owner.equals(user)) return "is owned by " + owner + ", not " + user;
      if (attributes.permissions().contains(PosixFilePermission.GROUP_WRITE) || attributes.permissions().contains(PosixFilePermission.OTHERS_WRITE))
        return "is writable by others (" + PosixFilePermissions.toString(attributes.permissions()) + ")";
      return null;
    } catch (IOException e) {
      return "cannot be checked (" + e.getMessage() + ")";
    }
  }

  /** Creates dir where it is missing, readable by its owner alone; throws naming why where it cannot be trusted. */
  static void prepare(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      if (dir.toAbsolutePath().getParent() != null) Files.createDirectories(dir.toAbsolutePath().getParent());
      try {
        if (Files.getFileStore(dir.toAbsolutePath().getParent()).supportsFileAttributeView(PosixFileAttributeView.class))
          Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        else Files.createDirectory(dir);
      } catch (java.nio.file.FileAlreadyExistsException raced) {
        // another server made it at the same moment: checked below like any other
      }
    }
    String why = untrusted(dir);
    if (why != null) throw new IOException("the folder " + dir + " " + why + ": snapshots are read and written only in a folder of the user's own");
  }

  /** Removes the .partial files matching glob that no write has touched for STALE: what crashed writes left. */
  static void removeStale(Path dir, String glob) {
    FileTime before = FileTime.from(Instant.now().minus(STALE));
    try (DirectoryStream<Path> partials = Files.newDirectoryStream(dir, glob)) {
      for (Path p : partials)
        if (Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).compareTo(before) < 0) Files.deleteIfExists(p);
    } catch (IOException e) {
      // left for the next write: a failed clean-up does not stop this one
    }
  }
}
