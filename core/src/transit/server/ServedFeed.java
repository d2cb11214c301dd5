package transit.server;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Collectors;
import transit.Feed;
import transit.FeedLoader;
import transit.FeedSnapshot;
import transit.synth.SyntheticFeed;

/**
 * The feed a server serves: which one (--gtfs, MBTA_GTFS, else the generated feed), loaded from its snapshot or
 * its CSV, and the lines a server prints about it. Shared by the start and by every reload.
 */
public final class ServedFeed {
  private ServedFeed() {}

  /** --gtfs if given; else MBTA_GTFS/ or MBTA_GTFS.zip in the repository root; else the generated feed. */
  public static Path resolve(Path gtfs) {
    if (gtfs != null) return gtfs;
    Path root = repositoryRoot();
    for (String name : new String[] {"MBTA_GTFS", "MBTA_GTFS.zip"}) {
      Path candidate = root.resolve(name);
      if (Files.exists(candidate)) return candidate;
    }
    System.out.println("No --gtfs given and no MBTA_GTFS/ or MBTA_GTFS.zip in " + root
        + ": serving a generated MBTA-shaped feed. For the real MBTA feed, see the README (Data).");
    return generated(SyntheticFeed.DEFAULT_SEED, 1);
  }

  /**
   * The generated feed for a seed and scale, written once to the temp directory and reused: it is
   * deterministic. The name carries a checksum of the generator's bytecode, so a changed generator never
   * reuses an old file.
   */
  public static Path generated(long seed, int scale) {
    Path zip = Path.of(System.getProperty("java.io.tmpdir"),
        "transit-generated-" + seed + "-x" + scale + "-" + generatorChecksum() + ".zip");
    if (Files.exists(zip)) return zip;
    try {
      Path partial = Files.createTempFile(zip.getParent(), "transit-generated-", ".partial");
      SyntheticFeed.write(partial, seed, scale);
      Files.move(partial, zip, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return zip;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the generated feed to " + zip, e);
    }
  }

  private static String generatorChecksum() {
    try (var in = SyntheticFeed.class.getResourceAsStream("SyntheticFeed.class")) {
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(in.readAllBytes());
      return Long.toHexString(crc.getValue());
    } catch (IOException | NullPointerException e) {
      return "unversioned";
    }
  }

  /** Mill runs servers from the workspace root and says where it is; elsewhere, the working directory. */
  static Path repositoryRoot() {
    String mill = System.getenv("MILL_WORKSPACE_ROOT");
    return Path.of(mill != null && !mill.isBlank() ? mill : "").toAbsolutePath();
  }

  /** "csv" or "snapshot", as /health says it. */
  static String origin(FeedSnapshot.Loaded loaded) { return loaded.origin().name().toLowerCase(java.util.Locale.ROOT); }

  /**
   * The feed at path: from its snapshot when snapshots are on and a valid one exists, else from the CSV, its
   * snapshot then written on a background thread (serving does not wait for it).
   */
  static FeedSnapshot.Loaded load(Path path, ServerOptions options) {
    if (options.snapshotDir() == null) {
      Feed feed = FeedLoader.load(path);
      return new FeedSnapshot.Loaded(feed, FeedSnapshot.Origin.CSV, null, "snapshots off", feed.loadMillis);
    }
    FeedSnapshot.Loaded loaded = FeedSnapshot.load(path, options.snapshotDir());
    if (loaded.origin() == FeedSnapshot.Origin.CSV && loaded.file() != null) { // none to write: the summary says why
      Thread writer = new Thread(() -> {
        long started = System.nanoTime();
        try {
          Path file = FeedSnapshot.write(loaded.feed(), path, options.snapshotDir(), loaded.csvMillis());
          if (options.verbose()) System.out.printf("Snapshot written to %s in %,d ms%n", file, (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | RuntimeException e) {
          System.err.println("Cannot write the feed's snapshot to " + options.snapshotDir() + ": " + e);
        }
      }, "feed-snapshot-writer");
      writer.setDaemon(true);
      writer.start();
    }
    return loaded;
  }

  /** "Loaded SOURCE from the CSV (why): agency.txt 1, … rows in N ms; heap …", or "… from snapshot FILE …". */
  public static String summaryLine(FeedSnapshot.Loaded loaded, String heap) {
    Feed feed = loaded.feed();
    String rows = feed.rowsPerFile.entrySet().stream()
        .map(e -> e.getKey() + " " + String.format("%,d", e.getValue()))
        .collect(Collectors.joining(", "));
    return String.format("Loaded %s %s: %s rows in %,d ms; %s", feed.source, loaded.how(), rows, feed.loadMillis, heap);
  }

  /** --verbose: each step of the load with its rows, wall and CPU milliseconds and thread. */
  public static String steps(Feed feed) {
    StringBuilder out = new StringBuilder(String.format("  %-48s %11s %8s %8s  %s%n", "step", "rows", "ms", "cpu ms", "thread"));
    for (Feed.Step step : feed.steps)
      out.append(String.format("  %-48s %,11d %,8d %,8d  %s%n", step.name(), step.rows(), step.millis(), step.cpuMillis(), step.thread()));
    return out.toString();
  }

  /**
   * Heap in use after a full collection: the difference around a load is what the feed retains. The collections
   * leave the heap's size alone: a full GC would shrink it to what is in use, and the load that follows would pay
   * for growing it back (docs/RESULTS.md, figures moved from the code).
   */
  public static long usedHeapAfterGc() {
    String maxFree = setHotSpotOption("MaxHeapFreeRatio", "100");
    try {
      for (int i = 0; i < 2; i++) System.gc();
      return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    } finally {
      if (maxFree != null) setHotSpotOption("MaxHeapFreeRatio", maxFree);
    }
  }

  /** Sets a manageable HotSpot option, returning its previous value; null (and nothing set) on another JVM. */
  private static String setHotSpotOption(String name, String value) {
    HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    if (hotSpot == null) return null;
    try {
      String previous = hotSpot.getVMOption(name).getValue();
      hotSpot.setVMOption(name, value);
      return previous;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
