package transit;

import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * A loaded GTFS feed, columnar: one primitive array per column, no object per row. String columns are
 * dictionary codes; stop_times are stored grouped by trip in stop_sequence order, so a trip's stop times
 * are the contiguous range tripStopTimes.start(trip) .. end(trip).
 */
public final class Feed {
  public final String source;
  public final ZoneId timeZone;
  public final Dictionary routeIds, serviceIds, stopIds;
  public final ServiceCalendar calendar;

  // trips, in trips.txt order
  final String[] tripIds;
  final int[] tripRoute, tripService;

  // stop_times, grouped by trip in stop_sequence order
  final int[] stopTimeTrip, stopTimeStop, stopTimeArrival, stopTimeDeparture, stopTimeSequence;

  /** trips of each route in trips.txt order; stop_times of each trip (identity values); stop_times at each stop by departure; trips of each service. */
  public final Csr tripsByRoute, stopTimesByTrip, stopTimesByStop, tripsByService;

  /** Rows read per file, in reading order. */
  public final Map<String, Long> rowsPerFile;
  public final long loadMillis;
  /** Identifies the feed's contents (FeedFiles#checksum): a replaced feed has another. */
  public final String checksum;
  /** What the load spent its time on, step by step (--verbose prints them). */
  public final List<Step> steps;

  /** One step of a load: rows handled, wall and CPU milliseconds, and the thread it ran on. */
  public record Step(String name, long rows, long millis, long cpuMillis, String thread) {}

  Feed(String source, ZoneId timeZone, Dictionary routeIds, Dictionary serviceIds, Dictionary stopIds,
      ServiceCalendar calendar, String[] tripIds, int[] tripRoute, int[] tripService, int[] stopTimeTrip,
      int[] stopTimeStop, int[] stopTimeArrival, int[] stopTimeDeparture, int[] stopTimeSequence,
      Csr tripsByRoute, Csr stopTimesByTrip, Csr stopTimesByStop, Csr tripsByService,
      Map<String, Long> rowsPerFile, long loadMillis, String checksum, List<Step> steps) {
    this.source = source;
    this.timeZone = timeZone;
    this.routeIds = routeIds;
    this.serviceIds = serviceIds;
    this.stopIds = stopIds;
    this.calendar = calendar;
    this.tripIds = tripIds;
    this.tripRoute = tripRoute;
    this.tripService = tripService;
    this.stopTimeTrip = stopTimeTrip;
    this.stopTimeStop = stopTimeStop;
    this.stopTimeArrival = stopTimeArrival;
    this.stopTimeDeparture = stopTimeDeparture;
    this.stopTimeSequence = stopTimeSequence;
    this.tripsByRoute = tripsByRoute;
    this.stopTimesByTrip = stopTimesByTrip;
    this.stopTimesByStop = stopTimesByStop;
    this.tripsByService = tripsByService;
    this.rowsPerFile = rowsPerFile;
    this.loadMillis = loadMillis;
    this.checksum = checksum;
    this.steps = steps;
  }

  public int tripCount() { return tripIds.length; }

  public int stopTimeCount() { return stopTimeStop.length; }

  public String tripId(int trip) { return tripIds[trip]; }

  public int tripRoute(int trip) { return tripRoute[trip]; }

  public int tripService(int trip) { return tripService[trip]; }

  public int stopTimeTrip(int stopTime) { return stopTimeTrip[stopTime]; }

  public int stopTimeStop(int stopTime) { return stopTimeStop[stopTime]; }

  /** Seconds after the service day's midnight, or GtfsTime.NONE. */
  public int arrival(int stopTime) { return stopTimeArrival[stopTime]; }

  public int departure(int stopTime) { return stopTimeDeparture[stopTime]; }

  public int stopSequence(int stopTime) { return stopTimeSequence[stopTime]; }

  /**
   * The heap this feed retains, estimated object by object (64-bit JVM, compressed references): what a reload
   * reports, since measuring it as the first load does takes a full GC that would stall every request.
   */
  public long estimatedHeapBytes() {
    long bytes = columnBytes() + 4 * 16; // the four Csr objects
    bytes += HeapSize.array(tripIds.length) + HeapSize.strings(tripIds);
    for (Dictionary d : new Dictionary[] {routeIds, serviceIds, stopIds}) bytes += d.estimatedHeapBytes();
    bytes += calendar.estimatedHeapBytes();
    return bytes;
  }

  /** Bytes held by the columns and indexes (arrays exactly; strings and dictionaries estimated). */
  public long columnBytes() {
    long arrays = 0;
    for (int[] a : new int[][] {tripRoute, tripService, stopTimeTrip, stopTimeStop, stopTimeArrival, stopTimeDeparture, stopTimeSequence})
      arrays += 16L + 4L * a.length;
    arrays += tripsByRoute.bytes() + stopTimesByTrip.bytes() + stopTimesByStop.bytes() + tripsByService.bytes();
    return arrays;
  }
}
