package transit.jmh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The feed as the reference apps hold it, the baseline core's columnar Feed is measured against: the zip's
 * trips.txt and stop_times.txt read line by line with String.split(","), one object per row with String
 * fields, HashMap&lt;String, List&lt;Integer&gt;&gt; indexes by route and by trip, each trip's stop times
 * sorted by stop_sequence. Like those apps it knows no CSV quoting: right for the benchmarked feeds, not a
 * GTFS parser.
 */
public final class BaselineFeed {
  public record Trip(String routeId, String serviceId, String tripId) {}

  public record StopTime(String tripId, String arrivalTime, String departureTime, String stopId, String stopSequence) {}

  public final List<Trip> trips = new ArrayList<>();
  public final List<StopTime> stopTimes = new ArrayList<>();
  /** Row numbers in trips, and in stopTimes (sorted by stop_sequence), by route_id and by trip_id. */
  public final Map<String, List<Integer>> tripsByRoute = new HashMap<>(), stopTimesByTrip = new HashMap<>();

  public static BaselineFeed load(Path zip) {
    BaselineFeed feed = new BaselineFeed();
    try (ZipFile file = new ZipFile(zip.toFile())) {
      forEachRow(file, "trips.txt", new String[] {"route_id", "service_id", "trip_id"}, (c, f) -> {
        feed.tripsByRoute.computeIfAbsent(f[c[0]], k -> new ArrayList<>()).add(feed.trips.size());
        feed.trips.add(new Trip(f[c[0]], f[c[1]], f[c[2]]));
      });
      forEachRow(file, "stop_times.txt", new String[] {"trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"}, (c, f) -> {
        feed.stopTimesByTrip.computeIfAbsent(f[c[0]], k -> new ArrayList<>()).add(feed.stopTimes.size());
        feed.stopTimes.add(new StopTime(f[c[0]], f[c[1]], f[c[2]], f[c[3]], f[c[4]]));
      });
    } catch (IOException e) {
      throw new UncheckedIOException(zip + ": " + e.getMessage(), e);
    }
    Comparator<Integer> bySequence = Comparator.comparingInt(i -> Integer.parseInt(feed.stopTimes.get(i).stopSequence()));
    feed.stopTimesByTrip.values().forEach(rows -> rows.sort(bySequence));
    return feed;
  }

  /** Each line split on commas, handed over with the indexes of the named columns in the header. */
  static void forEachRow(ZipFile zip, String name, String[] columns, BiConsumer<int[], String[]> row) throws IOException {
    ZipEntry entry = zip.getEntry(name);
    if (entry == null) throw new IOException(zip.getName() + " has no " + name);
    try (BufferedReader in = new BufferedReader(new InputStreamReader(zip.getInputStream(entry), StandardCharsets.UTF_8))) {
      List<String> header = Arrays.asList(in.readLine().replace("\uFEFF", "").split(","));
      int[] at = new int[columns.length];
      for (int i = 0; i < columns.length; i++)
        if ((at[i] = header.indexOf(columns[i])) < 0) throw new IOException(name + " has no column " + columns[i]);
      for (String line; (line = in.readLine()) != null; ) if (!line.isEmpty()) row.accept(at, line.split(","));
    }
  }
}
