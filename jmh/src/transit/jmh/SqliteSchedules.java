package transit.jmh;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import transit.Feed;
import transit.GtfsTime;
import transit.api.Model.StopTime;
import transit.api.Model.TripSchedule;

/**
 * The database reference: a GTFS zip's trips and stop_times imported into SQLite (the same univocity CSV
 * reading as core, batched inserts in one transaction, then indexes), and /schedules answered from it
 * through those indexes into core's response model. Times are stored as seconds, as in core.
 */
public final class SqliteSchedules implements AutoCloseable {
  private static final int BATCH = 10_000;

  private final Connection db;
  private final PreparedStatement tripsOfRoute, stopTimesOfTrip;

  public SqliteSchedules(Path file) throws SQLException {
    db = DriverManager.getConnection("jdbc:sqlite:" + file);
    try (Statement s = db.createStatement()) {
      s.execute("PRAGMA mmap_size = 4294967296"); // the whole file mapped: SQLite's fastest reads
      s.execute("PRAGMA query_only = true");
    }
    tripsOfRoute = db.prepareStatement("SELECT trip_id, service_id FROM trips WHERE route_id = ? ORDER BY rowid");
    stopTimesOfTrip = db.prepareStatement(
        "SELECT stop_id, arrival_time, departure_time FROM stop_times WHERE trip_id = ? ORDER BY stop_sequence");
  }

  /** The route's trips in trips.txt order (those of an active service, or all when null), with their stop times. */
  public List<TripSchedule> schedules(String routeId, Set<String> activeServices) throws SQLException {
    List<TripSchedule> result = new ArrayList<>();
    tripsOfRoute.setString(1, routeId);
    try (ResultSet trips = tripsOfRoute.executeQuery()) {
      while (trips.next()) {
        String tripId = trips.getString(1), serviceId = trips.getString(2);
        if (activeServices == null || activeServices.contains(serviceId))
          result.add(new TripSchedule(tripId, serviceId, routeId, stopTimes(tripId)));
      }
    }
    return result;
  }

  /** The service_ids core's calendar runs on the day. */
  public static Set<String> activeServices(Feed feed, LocalDate day) {
    boolean[] active = feed.calendar.activeOn(day);
    Set<String> ids = new HashSet<>();
    for (int s = 0; s < active.length; s++) if (active[s]) ids.add(feed.serviceIds.value(s));
    return ids;
  }

  private List<StopTime> stopTimes(String tripId) throws SQLException {
    List<StopTime> schedule = new ArrayList<>();
    stopTimesOfTrip.setString(1, tripId);
    try (ResultSet rows = stopTimesOfTrip.executeQuery()) {
      while (rows.next()) schedule.add(new StopTime(rows.getString(1), time(rows, 2), time(rows, 3)));
    }
    return schedule;
  }

  private static String time(ResultSet rows, int column) throws SQLException {
    int seconds = rows.getInt(column);
    return rows.wasNull() ? null : GtfsTime.format(seconds);
  }

  @Override
  public void close() throws SQLException { db.close(); }

  /** Imports the zip's trips and stop_times into a new database file. */
  public static void importFeed(Path zip, Path file) throws IOException, SQLException {
    try (ZipFile feed = new ZipFile(zip.toFile()); Connection db = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      try (Statement s = db.createStatement()) {
        s.execute("PRAGMA journal_mode = OFF"); // a bulk load into a new file: a failed import is simply redone
        s.execute("PRAGMA synchronous = OFF");
        s.execute("CREATE TABLE trips (trip_id TEXT NOT NULL, route_id TEXT NOT NULL, service_id TEXT NOT NULL)");
        s.execute("CREATE TABLE stop_times (trip_id TEXT NOT NULL, stop_id TEXT NOT NULL, arrival_time INTEGER,"
            + " departure_time INTEGER, stop_sequence INTEGER NOT NULL)");
      }
      db.setAutoCommit(false);
      insert(db, feed, "trips.txt", "INSERT INTO trips VALUES (?, ?, ?)", (row, insert) -> {
        for (int i = 0; i < 3; i++) insert.setString(i + 1, row[i]);
      }, "trip_id", "route_id", "service_id");
      insert(db, feed, "stop_times.txt", "INSERT INTO stop_times VALUES (?, ?, ?, ?, ?)", (row, insert) -> {
        insert.setString(1, row[0]);
        insert.setString(2, row[1]);
        setTime(insert, 3, row[2]);
        setTime(insert, 4, row[3]);
        insert.setInt(5, Integer.parseInt(row[4]));
      }, "trip_id", "stop_id", "arrival_time", "departure_time", "stop_sequence");
      try (Statement s = db.createStatement()) {
        s.execute("CREATE INDEX trips_by_route ON trips (route_id)");
        s.execute("CREATE INDEX stop_times_by_trip ON stop_times (trip_id, stop_sequence)");
      }
      db.commit();
    }
  }

  interface RowBinder {
    void bind(String[] row, PreparedStatement insert) throws SQLException;
  }

  /** Every row of the file, its columns in the order named, inserted in batches. */
  private static void insert(Connection db, ZipFile feed, String name, String sql, RowBinder binder, String... columns)
      throws IOException, SQLException {
    ZipEntry entry = feed.getEntry(name);
    if (entry == null) throw new IOException(feed.getName() + " has no " + name);
    CsvParserSettings settings = new CsvParserSettings();
    settings.setHeaderExtractionEnabled(true);
    settings.selectFields(columns);
    settings.setLineSeparatorDetectionEnabled(true);
    CsvParser parser = new CsvParser(settings);
    try (PreparedStatement insert = db.prepareStatement(sql);
        InputStreamReader in = new InputStreamReader(feed.getInputStream(entry), StandardCharsets.UTF_8)) {
      parser.beginParsing(in);
      int pending = 0;
      for (String[] row; (row = parser.parseNext()) != null; ) {
        binder.bind(row, insert);
        insert.addBatch();
        if (++pending == BATCH) {
          insert.executeBatch();
          pending = 0;
        }
      }
      insert.executeBatch();
    } finally {
      parser.stopParsing();
    }
  }

  private static void setTime(PreparedStatement insert, int index, String text) throws SQLException {
    int seconds = GtfsTime.parse(text);
    if (seconds == GtfsTime.NONE) insert.setNull(index, Types.INTEGER);
    else insert.setInt(index, seconds);
  }

  /**
   * The feed's database in the temp directory, imported on first use and then reused: the query benchmark
   * runs one fork per route and date, and each needs the database, not another import. Named by the feed
   * file's size and time and this class's bytecode, so a changed feed or importer never reuses a stale one.
   */
  public static Path cached(Path zip) throws IOException, SQLException {
    String version = Files.size(zip) + "-" + Files.getLastModifiedTime(zip).toMillis() + "-" + classChecksum();
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "transit-jmh-" + zip.getFileName() + "-" + version + ".sqlite");
    if (Files.exists(file)) return file;
    try (var stale = Files.newDirectoryStream(file.getParent(), "transit-jmh-" + zip.getFileName() + "-*.sqlite")) {
      for (Path old : stale) Files.deleteIfExists(old); // an older importer's or feed's: hundreds of MB each
    }
    Path partial = Files.createTempFile(file.getParent(), "transit-jmh-", ".partial");
    Files.delete(partial); // SQLite creates it
    importFeed(zip, partial);
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return file;
  }

  private static String classChecksum() throws IOException {
    try (var in = SqliteSchedules.class.getResourceAsStream("SqliteSchedules.class")) {
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(in.readAllBytes());
      return Long.toHexString(crc.getValue());
    }
  }
}
