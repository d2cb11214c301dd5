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
      return parse(files, Runtime.getRuntime().availableProcessors() > 1);
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
    }
  }

  /** Parses the feed's CSV files and builds its indexes; concurrent: stop_times.txt on a thread of its own. */
  static Feed parse(FeedFiles files, boolean concurrent) throws IOException {
    long started = System.nanoTime();
    try {
      FeedParser parsed = new FeedParser(files, concurrent);
      parsed.parse();
      Stopwatch checksumming = new Stopwatch();
      String checksum = files.checksum();
      parsed.steps.add(checksumming.step("checksum", 0));
      return FeedIndexes.build(parsed, parsed.trips, parsed.stopTimes, checksum, started);
    } catch (UncheckedIOException e) {
      throw new FeedException(files.source + ": cannot read the feed: " + e.getCause().getMessage(), e);
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
