package transit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Loads a GTFS feed (a directory or a .zip) into a {@link Feed}. Required: trips.txt, stop_times.txt.
 * Read when present: agency.txt (time zone), routes.txt, stops.txt, calendar.txt, calendar_dates.txt.
 * A load either returns a complete feed or throws a {@link FeedException}; there is no partial result.
 */
public final class FeedLoader {
  private FeedLoader() {}

  public static Feed load(Path path) {
    long started = System.nanoTime();
    try (Files files = Files.open(path)) {
      return new FeedLoader.Run(files).load(started);
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getCause().getMessage(), e);
    }
  }

  /** The feed's files, from a directory or a zip (at its root or in one folder inside it). */
  abstract static class Files implements AutoCloseable {
    final String source;

    Files(String source) { this.source = source; }

    static Files open(Path path) throws IOException {
      if (java.nio.file.Files.isDirectory(path)) return new Directory(path);
      if (!java.nio.file.Files.exists(path)) throw new FeedException(path + ": no such file or directory");
      return new Zip(path);
    }

    /** The file's contents, or null when the feed does not have it. */
    abstract InputStream open(String file) throws IOException;

    @Override
    public void close() throws IOException {}
  }

  static final class Directory extends Files {
    private final Path dir;

    Directory(Path dir) {
      super(dir.toString());
      this.dir = dir;
    }

    @Override
    InputStream open(String file) throws IOException {
      Path p = dir.resolve(file);
      return java.nio.file.Files.isRegularFile(p) ? java.nio.file.Files.newInputStream(p) : null;
    }
  }

  static final class Zip extends Files {
    private final ZipFile zip;

    Zip(Path path) throws IOException {
      super(path.toString());
      try {
        zip = new ZipFile(path.toFile());
      } catch (java.util.zip.ZipException e) {
        throw new FeedException(path + ": not a directory or a readable zip (" + e.getMessage() + ")");
      }
    }

    @Override
    InputStream open(String file) throws IOException {
      ZipEntry entry = zip.getEntry(file);
      if (entry == null) // some publishers zip a folder: accept the file one level down
        entry = zip.stream().filter(e -> e.getName().endsWith("/" + file) && e.getName().indexOf('/') == e.getName().length() - file.length() - 1).findFirst().orElse(null);
      return entry == null ? null : zip.getInputStream(entry);
    }

    @Override
    public void close() throws IOException { zip.close(); }
  }

  /** One load: the builders live here and are dropped once the feed is built. */
  private static final class Run {
    final Files files;
    final Map<String, Long> rows = new LinkedHashMap<>();
    final Dictionary routes = new Dictionary(), services = new Dictionary(), stops = new Dictionary();
    final ServiceCalendar.Builder calendar = new ServiceCalendar.Builder();
    ZoneId zone = ZoneOffset.UTC;

    Run(Files files) { this.files = files; }

    Feed load(long started) throws IOException {
      read("agency.txt", false, this::agency);
      read("routes.txt", false, this::routes);
      read("stops.txt", false, this::stops);
      read("calendar.txt", false, this::calendar);
      read("calendar_dates.txt", false, this::calendarDates);
      TripColumns trips = new TripColumns();
      read("trips.txt", true, trips::read);
      StopTimeColumns stopTimes = new StopTimeColumns(trips);
      read("stop_times.txt", true, stopTimes::read);
      return build(trips, stopTimes, started);
    }

    interface Reader {
      long read(CsvFile csv);
    }

    void read(String name, boolean required, Reader reader) throws IOException {
      InputStream in = files.open(name);
      if (in == null) {
        if (required) throw new FeedException(files.source + ": required file " + name + " is missing");
        return;
      }
      try (in; CsvFile csv = new CsvFile(name, in)) {
        rows.put(name, reader.read(csv));
      }
    }

    long agency(CsvFile csv) {
      int tz = csv.optional("agency_timezone");
      long[] count = {0};
      csv.forEachRow((row, line) -> {
        if (count[0]++ == 0 && tz >= 0 && row[tz] != null) {
          try {
            zone = ZoneId.of(row[tz]);
          } catch (DateTimeException e) {
            throw FeedException.badValue(csv.name, line, "agency_timezone", row[tz], "not a time zone");
          }
        }
      });
      return count[0];
    }

    long routes(CsvFile csv) {
      int id = csv.required("route_id");
      long[] count = {0};
      csv.forEachRow((row, line) -> {
        routes.encode(csv.requiredValue(row, id, line));
        count[0]++;
      });
      return count[0];
    }

    long stops(CsvFile csv) {
      int id = csv.required("stop_id");
      long[] count = {0};
      csv.forEachRow((row, line) -> {
        stops.encode(csv.requiredValue(row, id, line));
        count[0]++;
      });
      return count[0];
    }

    long calendar(CsvFile csv) {
      int id = csv.required("service_id");
      String[] dayNames = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};
      int[] days = new int[7];
      for (int d = 0; d < 7; d++) days[d] = csv.required(dayNames[d]);
      int start = csv.required("start_date"), end = csv.required("end_date");
      long[] count = {0};
      csv.forEachRow((row, line) -> {
        int service = services.encode(csv.requiredValue(row, id, line));
        boolean[] runs = new boolean[7];
        for (int d = 0; d < 7; d++) {
          String v = csv.requiredValue(row, days[d], line);
          if (!v.equals("0") && !v.equals("1")) throw FeedException.badValue(csv.name, line, dayNames[d], v, "expected 0 or 1");
          runs[d] = v.equals("1");
        }
        calendar.weekly(service, runs, csv.dateValue(row, start, line), csv.dateValue(row, end, line));
        count[0]++;
      });
      return count[0];
    }

    long calendarDates(CsvFile csv) {
      int id = csv.required("service_id"), date = csv.required("date"), type = csv.required("exception_type");
      long[] count = {0};
      csv.forEachRow((row, line) -> {
        int service = services.encode(csv.requiredValue(row, id, line));
        LocalDate day = csv.dateValue(row, date, line);
        int t = csv.intValue(row, type, line);
        if (t != ServiceCalendar.ADDED && t != ServiceCalendar.REMOVED)
          throw FeedException.badValue(csv.name, line, "exception_type", row[type], "expected 1 (added) or 2 (removed)");
        calendar.exception(service, day, (byte) t);
        count[0]++;
      });
      return count[0];
    }

    /** trips.txt as columns, with a map from trip_id to its row for the stop_times join. */
    final class TripColumns {
      final HashMap<String, Integer> index = new HashMap<>();
      final java.util.ArrayList<String> ids = new java.util.ArrayList<>();
      final IntList route = new IntList(1 << 16), service = new IntList(1 << 16);

      long read(CsvFile csv) {
        int routeCol = csv.required("route_id"), serviceCol = csv.required("service_id"), tripCol = csv.required("trip_id");
        csv.forEachRow((row, line) -> {
          String id = csv.requiredValue(row, tripCol, line);
          Integer previous = index.putIfAbsent(id, ids.size());
          if (previous != null) throw FeedException.badValue(csv.name, line, "trip_id", id, "duplicate trip_id (first seen on row " + (previous + 1) + ")");
          ids.add(id);
          route.add(routes.encode(csv.requiredValue(row, routeCol, line)));
          service.add(services.encode(csv.requiredValue(row, serviceCol, line)));
        });
        return ids.size();
      }
    }

    /** stop_times.txt as columns, in file order; trip_id resolved through trips.txt. */
    final class StopTimeColumns {
      final TripColumns trips;
      final IntList trip = new IntList(1 << 20), stop = new IntList(1 << 20), arrival = new IntList(1 << 20),
          departure = new IntList(1 << 20), sequence = new IntList(1 << 20);

      StopTimeColumns(TripColumns trips) { this.trips = trips; }

      long read(CsvFile csv) {
        int tripCol = csv.required("trip_id"), arrivalCol = csv.required("arrival_time"),
            departureCol = csv.required("departure_time"), stopCol = csv.required("stop_id"),
            sequenceCol = csv.required("stop_sequence");
        // Rows of one trip are usually adjacent: remember the last trip to skip most map look-ups.
        String[] lastId = {null};
        int[] lastTrip = {-1};
        csv.forEachRow((row, line) -> {
          String id = csv.requiredValue(row, tripCol, line);
          if (!id.equals(lastId[0])) {
            Integer t = trips.index.get(id);
            if (t == null) throw FeedException.badValue(csv.name, line, "trip_id", id, "no such trip in trips.txt");
            lastId[0] = id;
            lastTrip[0] = t;
          }
          trip.add(lastTrip[0]);
          stop.add(stops.encode(csv.requiredValue(row, stopCol, line)));
          arrival.add(csv.timeValue(row, arrivalCol, line));
          departure.add(csv.timeValue(row, departureCol, line));
          sequence.add(csv.intValue(row, sequenceCol, line));
        });
        return trip.size();
      }
    }

    Feed build(TripColumns trips, StopTimeColumns st, long started) {
      int tripCount = trips.ids.size(), n = st.trip.size();
      int[] tripOf = st.trip.toArray();
      // Group stop_times by trip (stable, so file order within a trip), then order each trip by stop_sequence.
      Csr byTrip = Csr.group(tripOf, tripCount);
      int[] order = byTrip.values();
      int[] sequence = st.sequence.toArray();
      for (int t = 0; t < tripCount; t++) sortBySequence(order, byTrip.start(t), byTrip.end(t), sequence, trips.ids.get(t));
      int[] stopTimeTrip = permute(tripOf, order), stop = permute(st.stop.toArray(), order),
          arrival = permute(st.arrival.toArray(), order), departure = permute(st.departure.toArray(), order);
      sequence = permute(sequence, order);
      Csr stopTimesByTrip = Csr.identity(byTrip);

      Csr byStop = Csr.group(stop, stops.size());
      sortByDeparture(byStop, departure, arrival);

      int[] tripRoute = trips.route.toArray(), tripService = trips.service.toArray();
      Csr byRoute = Csr.group(tripRoute, routes.size());
      Csr byService = Csr.group(tripService, services.size());
      long millis = (System.nanoTime() - started) / 1_000_000;
      return new Feed(files.source, zone, routes.freeze(), services.freeze(), stops.freeze(),
          calendar.build(services.size()), trips.ids.toArray(new String[0]), tripRoute, tripService,
          stopTimeTrip, stop, arrival, departure, sequence, byRoute, stopTimesByTrip, byStop, byService, rows, millis);
    }

    /** Insertion sort of order[from..to) by stop_sequence: trips are short and nearly always sorted already. */
    static void sortBySequence(int[] order, int from, int to, int[] sequence, String tripId) {
      for (int i = from + 1; i < to; i++) {
        int moving = order[i], key = sequence[moving], j = i - 1;
        while (j >= from && sequence[order[j]] > key) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = moving;
        if (j >= from && sequence[order[j]] == key)
          throw new FeedException("stop_times.txt: trip " + tripId + " has two stop times with stop_sequence " + key);
      }
    }

    static int[] permute(int[] column, int[] order) {
      int[] out = new int[order.length];
      for (int i = 0; i < order.length; i++) out[i] = column[order[i]];
      return out;
    }

    /** Orders each stop's stop_times by departure (arrival when departure is empty), ties by trip order. */
    static void sortByDeparture(Csr byStop, int[] departure, int[] arrival) {
      int[] values = byStop.values();
      long[] keys = new long[0];
      for (int s = 0, stopsCount = byStop.groups(); s < stopsCount; s++) {
        int from = byStop.start(s), to = byStop.end(s);
        if (keys.length < to - from) keys = new long[to - from];
        for (int i = from; i < to; i++) {
          int stopTime = values[i];
          int time = departure[stopTime] != GtfsTime.NONE ? departure[stopTime] : arrival[stopTime];
          keys[i - from] = ((long) (time == GtfsTime.NONE ? Integer.MAX_VALUE : time) << 32) | stopTime;
        }
        Arrays.sort(keys, 0, to - from);
        for (int i = from; i < to; i++) values[i] = (int) keys[i - from];
      }
    }
  }
}
