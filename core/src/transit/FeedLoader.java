package transit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Loads a GTFS feed (a directory or a .zip) into a {@link Feed}. Required: trips.txt, stop_times.txt, each with
 * at least one row. Read when present: agency.txt (time zone), routes.txt, stops.txt, calendar.txt,
 * calendar_dates.txt. A load either returns a complete feed or throws a {@link FeedException}; there is no
 * partial result.
 *
 * <p>With a second core, stop_times.txt (95% of the bytes) is read on its own thread while the other files are
 * read on the caller's; its trip and stop ids get codes of their own, mapped onto trips.txt's and stops.txt's
 * once both are read. On one core the same steps run one after the other.
 */
public final class FeedLoader {
  private FeedLoader() {}

  /** The files a feed is read from, in reading order; the feed's checksum covers these. */
  static final List<String> FILES = List.of("agency.txt", "routes.txt", "stops.txt", "calendar.txt", "calendar_dates.txt",
      "trips.txt", "stop_times.txt");

  public static Feed load(Path path) {
    try (Files files = Files.open(path)) {
      return parse(files, Runtime.getRuntime().availableProcessors() > 1);
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
    }
  }

  /** Parses the feed's CSV files; concurrent: stop_times.txt on a thread of its own. */
  static Feed parse(Files files, boolean concurrent) throws IOException {
    try {
      return new Run(files, concurrent).load();
    } catch (UncheckedIOException e) {
      throw new FeedException(files.source + ": cannot read the feed: " + e.getCause().getMessage(), e);
    }
  }

  /** The checksum of the feed at path, as {@link Feed#checksum} will have it. */
  public static String checksum(Path path) {
    try (Files files = Files.open(path)) {
      return files.checksum();
    } catch (IOException e) {
      throw new FeedException(path + ": cannot read the feed: " + e.getMessage(), e);
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
  }

  static final class Directory extends Files {
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
      CRC32 crc = new CRC32();
      try (FileChannel channel = FileChannel.open(p, StandardOpenOption.READ)) {
        long size = channel.size();
        for (long at = 0; at < size; at += Integer.MAX_VALUE)
          crc.update(channel.map(FileChannel.MapMode.READ_ONLY, at, Math.min(Integer.MAX_VALUE, size - at)));
      }
      return crc.getValue();
    }
  }

  static final class Zip extends Files {
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

  /** Wall and CPU time of the current thread, for --verbose's breakdown. */
  static final class Stopwatch {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final long wall = System.nanoTime(), cpu = cpuNanos();

    private static long cpuNanos() {
      return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    Feed.Step step(String name, long rows) {
      return new Feed.Step(name, rows, (System.nanoTime() - wall) / 1_000_000, (cpuNanos() - cpu) / 1_000_000,
          Thread.currentThread().getName());
    }
  }

  /** One load: the builders live here and are dropped once the feed is built. (LoadStepsBenchmark times its steps.) */
  static final class Run {
    final Files files;
    final boolean concurrent;
    final Map<String, Long> rows = new LinkedHashMap<>();
    final List<Feed.Step> steps = Collections.synchronizedList(new ArrayList<>());
    final Dictionary routes = new Dictionary(), services = new Dictionary(), stops = new Dictionary();
    final ServiceCalendar.Builder calendar = new ServiceCalendar.Builder();
    ZoneId zone = ZoneOffset.UTC;

    Run(Files files, boolean concurrent) {
      this.files = files;
      this.concurrent = concurrent;
    }

    Feed load() throws IOException {
      long started = System.nanoTime();
      StopTimeColumns stopTimes = new StopTimeColumns();
      FutureTask<Void> stopTimesTask = new FutureTask<>(() -> {
        read("stop_times.txt", true, stopTimes);
        return null;
      });
      if (concurrent) {
        Thread thread = new Thread(stopTimesTask, "feed-stop_times");
        thread.setDaemon(true);
        thread.start();
      }
      TripColumns trips = new TripColumns();
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
      Stopwatch checksumming = new Stopwatch();
      String checksum = files.checksum();
      steps.add(checksumming.step("checksum", 0));
      return build(trips, stopTimes, checksum, started);
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

    Feed build(TripColumns trips, StopTimeColumns st, String checksum, long started) {
      Stopwatch watch = new Stopwatch();
      int tripCount = trips.ids.size(), n = st.trip.size();
      int[] tripOf = st.trip.toArray(), sequence = st.sequence.toArray();
      int[] stopTimeTrip, stop, arrival, departure;
      Csr stopTimesByTrip;
      if (inTripOrder(tripOf, sequence)) { // as most feeds write them: kept as they are
        stopTimeTrip = tripOf;
        stop = st.stop.toArray();
        arrival = st.arrival.toArray();
        departure = st.departure.toArray();
        stopTimesByTrip = Csr.ofSorted(tripOf, tripCount);
      } else {
        // Group stop_times by trip (stable, so file order within a trip), then order each trip by stop_sequence.
        Csr byTrip = Csr.group(tripOf, tripCount);
        int[] order = byTrip.values();
        for (int t = 0; t < tripCount; t++) sortBySequence(order, byTrip.start(t), byTrip.end(t), sequence, trips.ids.get(t));
        stopTimeTrip = permute(tripOf, order);
        stop = permute(st.stop.toArray(), order);
        arrival = permute(st.arrival.toArray(), order);
        departure = permute(st.departure.toArray(), order);
        sequence = permute(sequence, order);
        stopTimesByTrip = Csr.identity(byTrip);
      }
      steps.add(watch.step("stop_times: grouped by trip, by stop_sequence", n));

      watch = new Stopwatch();
      Csr byStop = byStopInDepartureOrder(stop, stops.size(), departure, arrival);
      steps.add(watch.step("stop_times: indexed by stop, by departure", n));

      watch = new Stopwatch();
      int[] tripRoute = trips.route.toArray(), tripService = trips.service.toArray();
      Csr byRoute = Csr.group(tripRoute, routes.size());
      Csr byService = Csr.group(tripService, services.size());
      steps.add(watch.step("trips: indexed by route and service", tripCount));
      long millis = (System.nanoTime() - started) / 1_000_000;
      return new Feed(files.source, zone, routes.freeze(), services.freeze(), stops.freeze(),
          calendar.build(services.size()), trips.ids.toArray(new String[0]), tripRoute, tripService,
          stopTimeTrip, stop, arrival, departure, sequence, byRoute, stopTimesByTrip, byStop, byService, rows, millis,
          checksum, List.copyOf(steps));
    }

    /** Whether stop times come grouped by trip in trips.txt's order, each trip's by rising stop_sequence. */
    static boolean inTripOrder(int[] tripOf, int[] sequence) {
      for (int i = 1; i < tripOf.length; i++)
        if (tripOf[i] < tripOf[i - 1] || (tripOf[i] == tripOf[i - 1] && sequence[i] <= sequence[i - 1])) return false;
      return true;
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

    /** Times past this many seconds (a day's schedule runs to 30 h or so) are sorted, not counted. */
    static final int MAX_COUNTED_SECONDS = 7 * 24 * 3600;

    /**
     * Stop times grouped by stop, each stop's by departure (arrival when departure is empty, untimed last), ties
     * in stop time order: a stable counting sort by time, then a stable one by stop. Two linear passes rather
     * than a sort per stop; a feed with times past MAX_COUNTED_SECONDS is sorted instead.
     */
    static Csr byStopInDepartureOrder(int[] stop, int stops, int[] departure, int[] arrival) {
      int n = stop.length, latest = -1;
      int[] time = new int[n];
      for (int i = 0; i < n; i++) {
        time[i] = departure[i] != GtfsTime.NONE ? departure[i] : arrival[i];
        latest = Math.max(latest, time[i]);
      }
      if (latest >= MAX_COUNTED_SECONDS) return sortedByDeparture(Csr.group(stop, stops), time);
      int untimed = latest + 1; // GtfsTime.NONE sorts after every time
      int[] start = new int[untimed + 2];
      for (int t : time) start[(t == GtfsTime.NONE ? untimed : t) + 1]++;
      for (int t = 0; t <= untimed; t++) start[t + 1] += start[t];
      int[] byTime = new int[n];
      for (int i = 0; i < n; i++) byTime[start[time[i] == GtfsTime.NONE ? untimed : time[i]]++] = i;
      return Csr.group(stop, stops, byTime);
    }

    /** byStop with each stop's stop times sorted by time (untimed last), ties by stop time. */
    static Csr sortedByDeparture(Csr byStop, int[] time) {
      int[] values = byStop.values();
      long[] keys = new long[0];
      for (int s = 0, stopsCount = byStop.groups(); s < stopsCount; s++) {
        int from = byStop.start(s), to = byStop.end(s);
        if (keys.length < to - from) keys = new long[to - from];
        for (int i = from; i < to; i++) {
          int t = time[values[i]];
          keys[i - from] = ((long) (t == GtfsTime.NONE ? Integer.MAX_VALUE : t) << 32) | values[i];
        }
        Arrays.sort(keys, 0, to - from);
        for (int i = from; i < to; i++) values[i] = (int) keys[i - from];
      }
      return byStop;
    }
  }
}
