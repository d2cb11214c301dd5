package transit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Loads a GTFS feed (a directory or a .zip) into a {@link Feed}: its files ({@link FeedFiles}) parsed into columns
 * ({@link FeedParser}), checksummed, then indexed ({@link FeedIndexes}). A load either returns a complete feed or
 * throws a {@link FeedException}; there is no partial result.
 */
public final class FeedLoader {
  private FeedLoader() {}

  public static Feed load(Path path) {
    try (FeedFiles files = FeedFiles.open(path)) {
      return parse(files, Runtime.getRuntime().availableProcessors() > 1, files.checksum());
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
    }
  }

  /** How many times a feed whose files change while they are read is read again before the load gives up. */
  static final int READS = 3;

  /**
   * Parses the feed's CSV files and builds its indexes; concurrent: stop_times.txt on a thread of its own. before: the
   * files' checksum taken before the parse. It is taken again after, and the feed read again where the two differ (its
   * parse failed or not), so that the feed's checksum, a snapshot's key, is that of the files it was parsed from: a
   * directory's files may be replaced one by one while they are read.
   */
  static Feed parse(FeedFiles files, boolean concurrent, String before) throws IOException {
    for (int read = 1; ; read++) {
      long started = System.nanoTime();
      FeedParser parsed = new FeedParser(files, concurrent);
      RuntimeException failed = null;
      try {
        parsed.parse();
      } catch (FeedException | UncheckedIOException e) {
        failed = e;
      }
      Stopwatch checksumming = new Stopwatch();
      String checksum = files.checksum();
      parsed.steps.add(checksumming.step("checksum", 0));
      if (checksum.equals(before)) {
        if (failed instanceof UncheckedIOException e)
          throw new FeedException(files.source + ": cannot read the feed: " + e.getCause().getMessage(), e);
        if (failed != null) throw failed;
        return FeedIndexes.build(parsed, parsed.trips, parsed.stopTimes, checksum, started);
      }
      if (read == READS)
        throw new FeedException(files.source + ": its files changed while they were read, " + READS + " times in a row; load it once they are written");
      before = checksum;
    }
  }

  /** The checksum of the feed at path, as {@link Feed#checksum} will have it. */
  public static String checksum(Path path) {
    try (FeedFiles files = FeedFiles.open(path)) {
      return files.checksum();
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
    }
  }
}
