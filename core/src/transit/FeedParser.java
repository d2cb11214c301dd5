package transit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Reads a feed's files into columns: required, trips.txt and stop_times.txt, each with at least one row; read when
 * present, agency.txt (time zone), routes.txt, stops.txt, calendar.txt, calendar_dates.txt. One parser per load: its
 * builders are dropped once {@link FeedIndexes} has built the feed. (LoadStepsBenchmark times its steps.)
 *
 * <p>With a second core, stop_times.txt (95% of the bytes) is read on its own thread while the other files are
 * read on the caller's; its trip and stop ids get codes of their own, mapped onto trips.txt's and stops.txt's
 * once both are read. On one core the same steps run one after the other.
 */
final class FeedParser {
  final FeedFiles files;
  final boolean concurrent;
  final Map<String, Long> rows = new LinkedHashMap<>();
  final List<Feed.Step> steps = Collections.synchronizedList(new ArrayList<>());
  final Dictionary routes = new Dictionary(), services = new Dictionary(), stops = new Dictionary();
  final ServiceCalendar.Builder calendar = new ServiceCalendar.Builder();
  ZoneId zone = ZoneOffset.UTC;
  /** Once parsed: trips.txt's and stop_times.txt's columns. */
  TripColumns trips;
  StopTimeColumns stopTimes;

  FeedParser(FeedFiles files, boolean concurrent) {
    this.files = files;
    this.concurrent = concurrent;
  }

  /** Every file read into columns, stop_times' ids resolved; throws a FeedException naming the first bad file and line. */
  void parse() throws IOException {
    stopTimes = new StopTimeColumns();
    FutureTask<Void> stopTimesTask = new FutureTask<>(() -> {
      read("stop_times.txt", true, stopTimes);
      return null;
    });
    if (concurrent) {
      Thread thread = new Thread(stopTimesTask, "feed-stop_times");
      thread.setDaemon(true);
      thread.start();
    }
    trips = new TripColumns();
    try {
      read("agency.txt", false, this::agency);
      read("routes.txt", false, this::routes);
      read("stops.txt", false, this::stops);
      read("calendar.txt", false, this::calendar);
      read("calendar_dates.txt", false, this::calendarDates);
      read("trips.txt", true, trips);
    } catch (RuntimeException | IOException e) {
      stopTimes.cancelled = true; // errors are reported in reading order: this file's comes first
      throw e;
    }
    Stopwatch waited = new Stopwatch();
    if (!concurrent) stopTimesTask.run();
    joinStopTimes(stopTimesTask);
    if (concurrent) steps.add(waited.step("wait for stop_times.txt", 0));
    rows.put("stop_times.txt", (long) stopTimes.trip.size());
    Stopwatch resolving = new Stopwatch();
    stopTimes.resolve(trips, stops);
    steps.add(resolving.step("stop_times: trip and stop ids to codes", stopTimes.trip.size()));
  }

  static void joinStopTimes(FutureTask<Void> task) throws IOException {
    try {
      task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FeedException("interrupted while loading stop_times.txt", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      if (e.getCause() instanceof IOException io) throw io;
      throw new IllegalStateException(e.getCause());
    }
  }

  interface Reader {
    long read(CsvFile csv);
  }

  void read(String name, boolean required, Reader reader) throws IOException {
    Stopwatch watch = new Stopwatch();
    long size = files.size(name);
    if (size < 0) {
      if (required) throw new FeedException(files.source + ": required file " + name + " is missing");
      return;
    }
    // stop_times.txt is read and inflated on two threads when the cores allow and nothing else is read meanwhile
    boolean concurrentInput = concurrent && name.equals("stop_times.txt");
    long count;
    try (CsvFile csv = new CsvFile(name, () -> files.open(name), size, concurrentInput)) {
      count = reader.read(csv);
    }
    if (required && count == 0)
      throw new FeedException(name + ": the header (line 1) is followed by no rows; a feed without "
          + (name.equals("trips.txt") ? "trips" : "stop times") + " cannot be served");
    if (!name.equals("stop_times.txt")) rows.put(name, count); // stop_times.txt last, whichever thread read it
    steps.add(watch.step(name, count));
  }

  long agency(CsvFile csv) {
    int tz = csv.optional("agency_timezone");
    long[] count = {0};
    csv.forEachRow((row, line) -> {
      if (count[0]++ == 0 && tz >= 0 && !row[tz].isEmpty()) {
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
  final class TripColumns implements Reader, CsvFile.RowHandler {
    final HashMap<String, Integer> index = new HashMap<>();
    final ArrayList<String> ids = new ArrayList<>();
    final IntList route = new IntList(1 << 12), service = new IntList(1 << 12);
    private CsvFile csv;
    private int routeCol, serviceCol, tripCol;

    @Override
    public long read(CsvFile csv) {
      this.csv = csv;
      routeCol = csv.required("route_id");
      serviceCol = csv.required("service_id");
      tripCol = csv.required("trip_id");
      csv.forEachRow(this);
      return ids.size();
    }

    @Override
    public void row(String[] row, long line) {
      String id = csv.requiredValue(row, tripCol, line);
      Integer previous = index.putIfAbsent(id, ids.size());
      if (previous != null) throw FeedException.badValue(csv.name, line, "trip_id", id, "duplicate trip_id (first seen on row " + (previous + 1) + ")");
      ids.add(id);
      route.add(routes.encode(csv.requiredValue(row, routeCol, line)));
      service.add(services.encode(csv.requiredValue(row, serviceCol, line)));
    }
  }

  /**
   * stop_times.txt as columns, in file order. Trip and stop ids get codes of this file's own (first seen,
   * first coded), so it can be read before or while trips.txt and stops.txt are: {@link #resolve} then turns
   * them into trips.txt's rows and stops.txt's codes, and refuses a trip_id trips.txt does not have.
   */
  final class StopTimeColumns implements Reader, CsvFile.RowHandler {
    final Dictionary tripIds = new Dictionary(), stopIds = new Dictionary();
    long[] tripFirstLine = new long[1 << 12]; // per trip code: the line it first appears on, for the error
    final IntList trip = new IntList(1 << 16), stop = new IntList(1 << 16), arrival = new IntList(1 << 16),
        departure = new IntList(1 << 16), sequence = new IntList(1 << 16);
    volatile boolean cancelled;
    private CsvFile csv;
    private int tripCol, arrivalCol, departureCol, stopCol, sequenceCol;
    private long fileBytes;
    // Rows of one trip are usually adjacent: the last trip_id seen spares most dictionary look-ups.
    private String lastId;
    private int lastTrip;

    @Override
    public long read(CsvFile csv) {
      this.csv = csv;
      tripCol = csv.required("trip_id");
      arrivalCol = csv.required("arrival_time");
      departureCol = csv.required("departure_time");
      stopCol = csv.required("stop_id");
      sequenceCol = csv.required("stop_sequence");
      try {
        fileBytes = files.size(csv.name);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      csv.forEachRow(this);
      return trip.size();
    }

    @Override
    public void row(String[] row, long line) {
      int n = trip.size();
      if ((n & 0xffff) == 0) {
        if (cancelled) throw new CancellationException();
        if (n == 1 << 16) presize();
      }
      String id = row[tripCol];
      if (!id.equals(lastId)) {
        if (id.isEmpty()) csv.requiredValue(row, tripCol, line);
        int codes = tripIds.size();
        lastTrip = tripIds.encode(id);
        lastId = id;
        if (lastTrip == codes) {
          if (codes == tripFirstLine.length) tripFirstLine = Arrays.copyOf(tripFirstLine, codes * 2);
          tripFirstLine[codes] = line;
        }
      }
      trip.add(lastTrip);
      stop.add(stopIds.encode(csv.requiredValue(row, stopCol, line)));
      arrival.add(csv.timeValue(row, arrivalCol, line));
      departure.add(csv.timeValue(row, departureCol, line));
      sequence.add(csv.intValue(row, sequenceCol, line));
    }

    /** Sizes the columns from the bytes per row so far, so they are copied once at most instead of growing. */
    private void presize() {
      long chars = csv.charsRead();
      if (fileBytes <= 0 || chars <= 0) return;
      int expected = (int) Math.min(Integer.MAX_VALUE - 16, (long) (fileBytes / ((double) chars / trip.size()) * 1.02) + 1024);
      for (IntList column : new IntList[] {trip, stop, arrival, departure, sequence}) column.ensureCapacity(expected);
    }

    /** Trip codes to trips.txt rows, stop codes to stops.txt's (new stops appended, first seen first). */
    void resolve(TripColumns trips, Dictionary stops) {
      int[] tripOfCode = new int[tripIds.size()];
      int unknown = -1;
      for (int code = 0; code < tripOfCode.length; code++) {
        Integer t = trips.index.get(tripIds.value(code));
        if (t == null && (unknown < 0 || tripFirstLine[code] < tripFirstLine[unknown])) unknown = code;
        tripOfCode[code] = t == null ? -1 : t;
      }
      if (unknown >= 0)
        throw FeedException.badValue("stop_times.txt", tripFirstLine[unknown], "trip_id", tripIds.value(unknown), "no such trip in trips.txt");
      int[] stopOfCode = new int[stopIds.size()];
      for (int code = 0; code < stopOfCode.length; code++) stopOfCode[code] = stops.encode(stopIds.value(code));
      trip.map(tripOfCode);
      stop.map(stopOfCode);
    }
  }
}
