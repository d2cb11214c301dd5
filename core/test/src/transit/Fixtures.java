package transit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
      copyFiles(tinyFeed(), dir);
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

  /** The files of a feed's directory copied into another, each replacing its namesake there. */
  public static void copyFiles(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : (Iterable<Path>) files::iterator) Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * A feed of trips trips with stopsPerTrip stop times each, written to dir: ten routes, 200 stops, trip ids
   * and stop times that carry tag, so feeds written with different tags tell apart in any answer.
   */
  public static Path writeFeed(Path dir, String tag, int trips, int stopsPerTrip) { return writeFeed(dir, tag, trips, stopsPerTrip, 10); }

  /** The same over routes routes (R0, R1, …), trip t on route t % routes: one route holds every trip with routes = 1. */
  public static Path writeFeed(Path dir, String tag, int trips, int stopsPerTrip, int routeCount) {
    return writeFeed(dir, tag, trips, stopsPerTrip, routeCount, t -> t % routeCount);
  }

  /** Routes of different sizes: R0 with tripsPerRoute[0] trips, R1 with tripsPerRoute[1], … */
  public static Path writeRoutes(Path dir, String tag, int stopsPerTrip, int... tripsPerRoute) {
    int[] routeOf = new int[java.util.Arrays.stream(tripsPerRoute).sum()];
    for (int r = 0, t = 0; r < tripsPerRoute.length; r++) for (int i = 0; i < tripsPerRoute[r]; i++) routeOf[t++] = r;
    return writeFeed(dir, tag, routeOf.length, stopsPerTrip, tripsPerRoute.length, t -> routeOf[t]);
  }

  private static Path writeFeed(Path dir, String tag, int trips, int stopsPerTrip, int routeCount, java.util.function.IntUnaryOperator routeOfTrip) {
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("agency.txt"), "agency_id,agency_name,agency_url,agency_timezone\nA,Agency,https://example.org,UTC\n");
      Files.writeString(dir.resolve("calendar.txt"), "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
          + "WKD,1,1,1,1,1,0,0,20260101,20261231\n");
      StringBuilder routes = new StringBuilder("route_id,route_short_name\n");
      for (int r = 0; r < routeCount; r++) routes.append("R").append(r).append(',').append(r).append('\n');
      Files.writeString(dir.resolve("routes.txt"), routes);
      StringBuilder stops = new StringBuilder("stop_id,stop_name\n");
      for (int st = 0; st < 200; st++) stops.append(tag).append("-S").append(st).append(",Stop ").append(st).append('\n');
      Files.writeString(dir.resolve("stops.txt"), stops);
      StringBuilder tripRows = new StringBuilder("route_id,service_id,trip_id\n");
      StringBuilder stopTimes = new StringBuilder("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n");
      for (int t = 0; t < trips; t++) {
        String trip = tag + "-T" + t;
        tripRows.append('R').append(routeOfTrip.applyAsInt(t)).append(",WKD,").append(trip).append('\n');
        for (int i = 0; i < stopsPerTrip; i++) {
          int seconds = 5 * 3600 + t * 60 + i * 90 + (tag.hashCode() & 0x3f);
          String time = GtfsTime.format(seconds);
          stopTimes.append(trip).append(',').append(time).append(',').append(time).append(',').append(tag).append("-S")
              .append((t + i) % 200).append(',').append(i + 1).append('\n');
        }
      }
      Files.writeString(dir.resolve("trips.txt"), tripRows);
      Files.writeString(dir.resolve("stop_times.txt"), stopTimes);
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
