package transit;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedLoaderTest {
  static final Feed TINY = FeedLoader.load(Fixtures.tinyFeed());

  /** "stop_id arrival departure" for each stop time of a trip, in the order the feed stores them. */
  static List<String> stopTimes(Feed feed, String tripId) {
    int trip = -1;
    for (int t = 0; t < feed.tripCount(); t++) if (feed.tripId(t).equals(tripId)) trip = t;
    List<String> out = new ArrayList<>();
    for (int i = feed.stopTimesByTrip.start(trip); i < feed.stopTimesByTrip.end(trip); i++) {
      int st = feed.stopTimesByTrip.value(i);
      out.add(feed.stopIds.value(feed.stopTimeStop(st)) + " " + GtfsTime.format(feed.arrival(st)) + " "
          + GtfsTime.format(feed.departure(st)) + " #" + feed.stopSequence(st));
    }
    return out;
  }

  static List<String> tripsOfRoute(Feed feed, String routeId) {
    int route = feed.routeIds.code(routeId);
    List<String> out = new ArrayList<>();
    for (int i = feed.tripsByRoute.start(route); i < feed.tripsByRoute.end(route); i++)
      out.add(feed.tripId(feed.tripsByRoute.value(i)));
    return out;
  }

  @Test
  void countsRowsOfEveryFileItReads() {
    assertEquals(Map.of("agency.txt", 1L, "routes.txt", 3L, "stops.txt", 4L, "calendar.txt", 2L,
        "calendar_dates.txt", 3L, "trips.txt", 4L, "stop_times.txt", 8L), TINY.rowsPerFile);
    assertEquals(4, TINY.tripCount());
    assertEquals(8, TINY.stopTimeCount());
  }

  @Test
  void findsColumnsByHeaderNameInAnyOrder() {
    assertEquals(List.of("T1", "T2", "T4"), tripsOfRoute(TINY, "R1"));
    assertEquals(List.of("T3"), tripsOfRoute(TINY, "R+2"));
    assertEquals(List.of(), tripsOfRoute(TINY, "R3"), "a route of routes.txt with no trips has none");
    assertEquals("WKD", TINY.serviceIds.value(TINY.tripService(0)));
  }

  @Test
  void ordersStopTimesByStopSequenceAndReadsCrlfSingleDigitHoursAndTimesPastMidnight() {
    assertEquals(List.of("S1 05:02:00 05:02:00 #1", "S2 05:09:30 05:10:00 #2", "S3 05:20:00 05:20:00 #3"), stopTimes(TINY, "T1"));
    assertEquals(List.of("S1 24:50:00 24:50:00 #10", "S2 25:10:00 25:10:00 #20"), stopTimes(TINY, "T3"));
  }

  @Test
  void readsTheBomPrefixedAgencyFileForTheTimeZone() {
    assertEquals(ZoneId.of("America/New_York"), TINY.timeZone);
  }

  @Test
  void indexesStopTimesByStopInDepartureOrder() {
    int s1 = TINY.stopIds.code("S1");
    List<Integer> departures = new ArrayList<>();
    for (int i = TINY.stopTimesByStop.start(s1); i < TINY.stopTimesByStop.end(s1); i++)
      departures.add(TINY.departure(TINY.stopTimesByStop.value(i)));
    assertEquals(List.of(5 * 3600 + 120, 8 * 3600 + 900, 12 * 3600, 24 * 3600 + 3000), departures);
    int unserved = TINY.stopIds.code("S4");
    assertEquals(0, TINY.stopTimesByStop.size(unserved));
  }

  @Test
  void theCountingSortByStopAndDepartureOrdersAsSortingEachStopDoes() {
    java.util.Random random = new java.util.Random(7);
    for (int latest : new int[] {30 * 3600, FeedIndexes.MAX_COUNTED_SECONDS + 5}) {
      int n = 5000, stops = 40;
      int[] stop = new int[n], departure = new int[n], arrival = new int[n], time = new int[n];
      for (int i = 0; i < n; i++) {
        stop[i] = random.nextInt(stops);
        arrival[i] = random.nextInt(10) == 0 ? GtfsTime.NONE : random.nextInt(200) * 60; // many ties
        departure[i] = random.nextInt(3) == 0 ? GtfsTime.NONE : random.nextInt(200) * 60;
        time[i] = departure[i] != GtfsTime.NONE ? departure[i] : arrival[i];
      }
      departure[0] = latest;
      time[0] = latest;
      Csr counted = FeedIndexes.byStopInDepartureOrder(stop, stops, departure, arrival);
      Csr sorted = FeedIndexes.sortedByDeparture(Csr.group(stop, stops), time);
      assertArrayEquals(sorted.offsets(), counted.offsets());
      assertArrayEquals(sorted.values(), counted.values());
    }
  }

  @Test
  void indexesTripsByService() {
    int wkd = TINY.serviceIds.code("WKD");
    assertEquals(2, TINY.tripsByService.size(wkd));
    assertEquals("T1", TINY.tripId(TINY.tripsByService.value(TINY.tripsByService.start(wkd))));
  }

  @Test
  void loadsTheSameFeedFromAZipAtItsRootOrInAFolder() {
    for (String prefix : new String[] {"", "tiny/"}) {
      Feed zipped = FeedLoader.load(Fixtures.zip(Fixtures.tinyFeed(), prefix));
      assertEquals(TINY.rowsPerFile, zipped.rowsPerFile);
      assertEquals(stopTimes(TINY, "T1"), stopTimes(zipped, "T1"));
    }
  }

  @Test
  void optionalFilesMayBeAbsent() {
    Feed bare = FeedLoader.load(Fixtures.tinyFeedWith(mapOf("agency.txt", null, "routes.txt", null, "stops.txt", null,
        "calendar.txt", null, "calendar_dates.txt", null)));
    assertEquals(Map.of("trips.txt", 4L, "stop_times.txt", 8L), bare.rowsPerFile);
    assertEquals(2, bare.routeIds.size(), "routes come from trips.txt");
    assertEquals(java.time.ZoneOffset.UTC, bare.timeZone);
  }

  @Test
  void serviceCalendarAppliesWeekdaysRangeAndExceptions() {
    ServiceCalendar c = TINY.calendar;
    int wkd = TINY.serviceIds.code("WKD"), sat = TINY.serviceIds.code("SAT"), hol = TINY.serviceIds.code("HOL");
    LocalDate tuesday = LocalDate.of(2026, 9, 15), saturday = LocalDate.of(2026, 9, 19), labourDay = LocalDate.of(2026, 9, 7);
    assertTrue(c.runsOn(wkd, tuesday));
    assertFalse(c.runsOn(sat, tuesday));
    assertTrue(c.runsOn(sat, saturday));
    assertFalse(c.runsOn(wkd, saturday));
    assertFalse(c.runsOn(wkd, labourDay), "removed by calendar_dates");
    assertTrue(c.runsOn(sat, labourDay), "added by calendar_dates");
    assertFalse(c.runsOn(wkd, LocalDate.of(2027, 1, 5)), "after end_date");
    assertFalse(c.runsOn(wkd, LocalDate.of(2025, 12, 30)), "before start_date");
    assertTrue(c.runsOn(hol, LocalDate.of(2026, 12, 25)), "a service only in calendar_dates runs on its added dates");
    assertFalse(c.runsOn(hol, LocalDate.of(2026, 12, 24)));
    assertFalse(c.runsOn(wkd, LocalDate.of(2026, 12, 31).plusDays(1)));
    assertTrue(c.runsOn(wkd, LocalDate.of(2026, 12, 31)), "end_date is inclusive");
  }

  @Test
  void calendarDatesAloneDefineServices() {
    Feed feed = FeedLoader.load(Fixtures.tinyFeedWith(mapOf("calendar.txt", null)));
    int sat = feed.serviceIds.code("SAT"), wkd = feed.serviceIds.code("WKD");
    assertTrue(feed.calendar.runsOn(sat, LocalDate.of(2026, 9, 7)));
    assertFalse(feed.calendar.runsOn(sat, LocalDate.of(2026, 9, 19)));
    assertFalse(feed.calendar.runsOn(wkd, LocalDate.of(2026, 9, 15)));
  }

  // ---- errors: each names the file, and for a bad row the line, column and value ----

  static String loadError(Map<String, String> changes) {
    Path feed = Fixtures.tinyFeedWith(changes);
    return assertThrows(FeedException.class, () -> FeedLoader.load(feed)).getMessage();
  }

  static final String TRIPS_HEADER = "route_id,service_id,trip_id\n";
  static final String STOP_TIMES_HEADER = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n";

  @Test
  void missingRequiredFile() {
    assertTrue(loadError(mapOf("trips.txt", null)).endsWith(": required file trips.txt is missing"));
    assertTrue(loadError(mapOf("stop_times.txt", null)).endsWith(": required file stop_times.txt is missing"));
  }

  @Test
  void missingRequiredColumn() {
    assertEquals("trips.txt: required column trip_id is missing (header: route_id,service_id)",
        loadError(mapOf("trips.txt", "route_id,service_id\nR1,WKD\n")));
    assertEquals("stop_times.txt: required column stop_sequence is missing (header: trip_id,arrival_time,departure_time,stop_id)",
        loadError(mapOf("stop_times.txt", "trip_id,arrival_time,departure_time,stop_id\nT1,05:00:00,05:00:00,S1\n")));
  }

  @Test
  void badTime() {
    assertEquals("stop_times.txt line 3, column arrival_time, value \"25:61:00\": not a time: minutes and seconds must be 00-59",
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,05:00:00,S1,1\nT1,25:61:00,05:00:00,S2,2\n")));
    assertEquals("stop_times.txt line 2, column departure_time, value \"5pm\": not a time: expected H:MM:SS or HH:MM:SS",
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,5pm,S1,1\n")));
  }

  @Test
  void badInteger() {
    assertEquals("stop_times.txt line 2, column stop_sequence, value \"first\": not an integer",
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,05:00:00,S1,first\n")));
  }

  @Test
  void stopTimeOfAnUnknownTrip() {
    assertEquals("stop_times.txt line 3, column trip_id, value \"T9\": no such trip in trips.txt",
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,05:00:00,S1,1\nT9,05:00:00,05:00:00,S1,1\n")));
  }

  @Test
  void rowWithTooFewFields() {
    assertEquals("trips.txt line 3: 2 fields, but the header has 3 (route_id,service_id,trip_id); row: [R1, WKD]",
        loadError(mapOf("trips.txt", TRIPS_HEADER + "R1,WKD,T1\nR1,WKD\n")));
  }

  @Test
  void missingRequiredValue() {
    assertEquals("trips.txt line 2, column service_id, value \"\": a value is required",
        loadError(mapOf("trips.txt", TRIPS_HEADER + "R1,,T1\n")));
  }

  @Test
  void duplicateTripId() {
    assertEquals("trips.txt line 3, column trip_id, value \"T1\": duplicate trip_id (first seen on row 1)",
        loadError(mapOf("trips.txt", TRIPS_HEADER + "R1,WKD,T1\nR1,WKD,T1\n")));
  }

  @Test
  void badCalendarValues() {
    String header = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n";
    assertEquals("calendar.txt line 2, column start_date, value \"2026-01-01\": not a date: expected YYYYMMDD",
        loadError(mapOf("calendar.txt", header + "WKD,1,1,1,1,1,0,0,2026-01-01,20261231\n")));
    assertEquals("calendar.txt line 2, column end_date, value \"20260230\": not a date: expected YYYYMMDD, a real date",
        loadError(mapOf("calendar.txt", header + "WKD,1,1,1,1,1,0,0,20260101,20260230\n")));
    assertEquals("calendar.txt line 2, column sunday, value \"yes\": expected 0 or 1",
        loadError(mapOf("calendar.txt", header + "WKD,1,1,1,1,1,0,yes,20260101,20261231\n")));
    assertEquals("calendar_dates.txt line 2, column exception_type, value \"3\": expected 1 (added) or 2 (removed)",
        loadError(mapOf("calendar_dates.txt", "service_id,date,exception_type\nWKD,20260907,3\n")));
  }

  @Test
  void duplicateStopSequenceInATrip() {
    assertEquals("stop_times.txt: trip T1 has two stop times with stop_sequence 1",
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,05:00:00,S1,1\nT1,05:05:00,05:05:00,S2,1\n")));
  }

  @Test
  void emptyRequiredFile() {
    assertEquals("trips.txt: the file is empty (expected a header row)", loadError(mapOf("trips.txt", "")));
  }

  @Test
  void requiredFileWithAHeaderAndNoRows() {
    assertEquals("stop_times.txt: the header (line 1) is followed by no rows; a feed without stop times cannot be served",
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER)));
    assertEquals("trips.txt: the header (line 1) is followed by no rows; a feed without trips cannot be served",
        loadError(mapOf("trips.txt", TRIPS_HEADER + "\n")));
  }

  static final String UNTERMINATED = ": a quoted value starts on this line and never ends (unterminated quote)";

  @Test
  void unterminatedQuoteIsReportedWhereItOpens() {
    // in a small file the quoted value runs to the end of the file
    assertEquals("trips.txt line 3" + UNTERMINATED,
        loadError(mapOf("trips.txt", TRIPS_HEADER + "R1,WKD,T1\nR1,\"WKD,T2\nR1,WKD,T3\nR1,WKD,T4\n")));
    assertEquals("trips.txt line 4" + UNTERMINATED,
        loadError(mapOf("trips.txt", TRIPS_HEADER + "R1,WKD,T1\nR1,WKD,T2\nR1,WKD,\"T3\n")));
    assertEquals("stop_times.txt line 2" + UNTERMINATED,
        loadError(mapOf("stop_times.txt", STOP_TIMES_HEADER + "T1,\"05:00:00,05:00:00,S1,1\nT1,05:05:00,05:05:00,S2,2\n")));
    assertEquals("routes.txt line 1" + UNTERMINATED, loadError(mapOf("routes.txt", "route_id,\"route_short_name\nR1,1\n")));
  }

  @Test
  void unterminatedQuoteInALargeFileIsReportedWhereItOpens() {
    StringBuilder trips = new StringBuilder(TRIPS_HEADER + "R1,WKD,T1\nR1,WKD,T2\nR1,WKD,\"T3,x\n");
    for (int i = 0; i < 20_000; i++) trips.append("R1,WKD,T").append(i + 10).append('\n');
    String error = loadError(mapOf("trips.txt", trips.toString()));
    assertEquals("trips.txt line 4" + UNTERMINATED, error);
  }

  @Test
  void aQuotedValueOverSeveralLinesIsNotAnError() {
    Feed feed = FeedLoader.load(Fixtures.tinyFeedWith(mapOf("routes.txt", "route_id,route_long_name\nR1,\"Main\nStreet\"\n\nR+2,x\nR3,\"\"\n")));
    assertEquals(3, feed.routeIds.size());
    assertEquals(3L, feed.rowsPerFile.get("routes.txt"));
  }

  @Test
  void truncatedZip() throws Exception {
    Path zip = Fixtures.zip(Fixtures.tinyFeed(), "");
    byte[] bytes = java.nio.file.Files.readAllBytes(zip);
    java.nio.file.Files.write(zip, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    assertEquals(zip + ": not a directory or a readable zip (zip END header not found)",
        assertThrows(FeedException.class, () -> FeedLoader.load(zip)).getMessage());
  }

  @Test
  void pathThatIsNeitherADirectoryNorAZip() throws Exception {
    Path missing = Path.of("/nonexistent/feed.zip");
    assertEquals(missing + ": no such file or directory", assertThrows(FeedException.class, () -> FeedLoader.load(missing)).getMessage());
    Path text = java.nio.file.Files.createTempFile("not-a-feed", ".zip");
    java.nio.file.Files.writeString(text, "hello");
    assertTrue(assertThrows(FeedException.class, () -> FeedLoader.load(text)).getMessage().startsWith(text + ": not a directory or a readable zip"));
  }

  @Test
  void aValueStartingWithHashIsAValueNotACommentLine() throws Exception {
    // GTFS has no comments: "#2 Uptown" opening a row is a headsign, and the row a trip like any other.
    String trips = java.nio.file.Files.readString(Fixtures.tinyFeed().resolve("trips.txt")).replace("Uptown,SAT", "#2 Uptown,SAT");
    Feed feed = FeedLoader.load(Fixtures.tinyFeedWith(Map.of("trips.txt", trips)));
    assertEquals(4, feed.tripCount());
    assertEquals(List.of("T1", "T2", "T4"), tripsOfRoute(feed, "R1"));
  }

  @Test
  void stopTimesInTripOrderAndOutOfItLoadTheSame(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    // Most feeds write stop_times in trips.txt's order, by stop_sequence: the loader keeps that order as it is
    // instead of sorting; rows reversed take the sorting path, and must come out the same.
    Path inOrder = Fixtures.writeFeed(dir.resolve("in-order"), "a", 30, 6);
    Path reversed = Fixtures.writeFeed(dir.resolve("reversed"), "a", 30, 6);
    List<String> lines = java.nio.file.Files.readAllLines(inOrder.resolve("stop_times.txt"));
    List<String> rows = new ArrayList<>(lines.subList(1, lines.size()));
    java.util.Collections.reverse(rows);
    rows.add(0, lines.get(0));
    java.nio.file.Files.write(reversed.resolve("stop_times.txt"), rows);
    Feed a = FeedLoader.load(inOrder), b = FeedLoader.load(reversed);
    for (int[][] pair : new int[][][] {{a.stopTimeTrip, b.stopTimeTrip}, {a.stopTimeStop, b.stopTimeStop},
        {a.stopTimeArrival, b.stopTimeArrival}, {a.stopTimeDeparture, b.stopTimeDeparture}, {a.stopTimeSequence, b.stopTimeSequence},
        {a.stopTimesByTrip.offsets(), b.stopTimesByTrip.offsets()}, {a.stopTimesByStop.offsets(), b.stopTimesByStop.offsets()},
        {a.stopTimesByStop.values(), b.stopTimesByStop.values()}}) assertArrayEquals(pair[0], pair[1]);
    for (int i = 0; i < a.stopTimeCount(); i++) assertEquals(a.stopTimesByTrip.value(i), b.stopTimesByTrip.value(i));
    assertEquals(6, stopTimes(b, "a-T3").size());
    assertTrue(stopTimes(b, "a-T3").get(0).endsWith(" #1") && stopTimes(b, "a-T3").get(5).endsWith(" #6"), "by stop_sequence");
    assertTrue(FeedIndexes.inTripOrder(new int[] {0, 0, 1, 1}, new int[] {1, 2, 1, 5}));
    assertFalse(FeedIndexes.inTripOrder(new int[] {0, 0, 1, 1}, new int[] {1, 2, 5, 1}), "stop_sequence falls within a trip");
    assertFalse(FeedIndexes.inTripOrder(new int[] {0, 1, 0}, new int[] {1, 1, 2}), "a trip comes back");
    assertFalse(FeedIndexes.inTripOrder(new int[] {0, 0}, new int[] {3, 3}), "a repeated stop_sequence is left to the sort to report");
  }

  /**
   * A directory feed whose files are replaced while it is parsed is parsed again, so that its checksum (a snapshot's
   * key) is that of the files it holds: here every file is replaced as the parse opens stop_times.txt, the last.
   */
  @Test
  void aFeedReplacedWhileItIsParsedIsParsedAgain(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path feed = Fixtures.writeFeed(dir.resolve("feed"), "old", 30, 6);
    Path newer = Fixtures.writeFeed(dir.resolve("newer"), "new", 40, 6);
    java.util.concurrent.atomic.AtomicInteger replaced = new java.util.concurrent.atomic.AtomicInteger();
    FeedFiles.Directory files = new FeedFiles.Directory(feed);
    FeedFiles replacing = new FeedFiles(files.source) {
      @Override
      java.io.InputStream open(String file) throws java.io.IOException {
        java.io.InputStream in = files.open(file); // the file as it was: a copy replaces it under a new inode
        if (file.equals("stop_times.txt") && replaced.getAndIncrement() == 0) Fixtures.copyFiles(newer, feed);
        return in;
      }

      @Override
      long size(String file) throws java.io.IOException { return files.size(file); }

      @Override
      long contentCrc(String file) throws java.io.IOException { return files.contentCrc(file); }
    };
    Feed loaded = FeedLoader.parse(replacing, false, replacing.checksum());
    assertEquals(40, loaded.tripCount(), "the feed as it is now");
    assertEquals(FeedLoader.checksum(newer), loaded.checksum);
  }

  /** A feed whose files change at every read is refused, after a few reads, saying so. */
  @Test
  void aFeedThatKeepsChangingIsRefused(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path feed = Fixtures.writeFeed(dir.resolve("feed"), "a", 30, 6);
    Path[] versions = {Fixtures.writeFeed(dir.resolve("b"), "b", 31, 6), Fixtures.writeFeed(dir.resolve("c"), "c", 32, 6)};
    java.util.concurrent.atomic.AtomicInteger checksums = new java.util.concurrent.atomic.AtomicInteger();
    FeedFiles.Directory files = new FeedFiles.Directory(feed);
    FeedFiles changing = new FeedFiles(files.source) {
      @Override
      java.io.InputStream open(String file) throws java.io.IOException { return files.open(file); }

      @Override
      long size(String file) throws java.io.IOException { return files.size(file); }

      @Override
      long contentCrc(String file) throws java.io.IOException { // each checksum sees another version from the one before
        long crc = files.contentCrc(file);
        if (file.equals("stop_times.txt")) Fixtures.copyFiles(versions[checksums.getAndIncrement() % 2], feed);
        return crc;
      }
    };
    FeedException e = assertThrows(FeedException.class, () -> FeedLoader.parse(changing, false, changing.checksum()));
    assertTrue(e.getMessage().contains("changed while they were read, " + FeedLoader.READS + " times"), e.getMessage());
    assertEquals(1 + FeedLoader.READS, checksums.get(), "a checksum before and one after each read");
  }

  /** Map.of does not take null values, which stand for "remove this file". */
  static Map<String, String> mapOf(String... keysAndValues) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) m.put(keysAndValues[i], keysAndValues[i + 1]);
    return m;
  }
}
