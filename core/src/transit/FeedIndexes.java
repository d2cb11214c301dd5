package transit;

import java.util.Arrays;
import java.util.List;

/**
 * A parsed feed's indexes, built into the {@link Feed}: stop_times grouped by trip in stop_sequence order, indexed
 * by stop in departure order, and trips indexed by route and by service.
 */
final class FeedIndexes {
  private FeedIndexes() {}

  /** The feed from a parser's columns; started: when the load began (System.nanoTime), for its time. */
  static Feed build(FeedParser parsed, FeedParser.TripColumns trips, FeedParser.StopTimeColumns st, String checksum, long started) {
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
    parsed.steps.add(watch.step("stop_times: grouped by trip, by stop_sequence", n));

    watch = new Stopwatch();
    Csr byStop = byStopInDepartureOrder(stop, parsed.stops.size(), departure, arrival);
    parsed.steps.add(watch.step("stop_times: indexed by stop, by departure", n));

    watch = new Stopwatch();
    int[] tripRoute = trips.route.toArray(), tripService = trips.service.toArray();
    Csr byRoute = Csr.group(tripRoute, parsed.routes.size());
    Csr byService = Csr.group(tripService, parsed.services.size());
    parsed.steps.add(watch.step("trips: indexed by route and service", tripCount));
    long millis = (System.nanoTime() - started) / 1_000_000;
    return new Feed(parsed.files.source, parsed.zone, parsed.routes.freeze(), parsed.services.freeze(), parsed.stops.freeze(),
        parsed.calendar.build(parsed.services.size()), trips.ids.toArray(new String[0]), tripRoute, tripService,
        stopTimeTrip, stop, arrival, departure, sequence, byRoute, stopTimesByTrip, byStop, byService, parsed.rows, millis,
        checksum, List.copyOf(parsed.steps));
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
