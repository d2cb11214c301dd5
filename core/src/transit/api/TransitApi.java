package transit.api;

import static transit.api.HttpContract.badRequest;
import static transit.api.HttpContract.isControl;
import static transit.api.HttpContract.notFound;
import static transit.api.HttpContract.shorten;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import transit.Csr;
import transit.Feed;
import transit.GtfsTime;
import transit.ServiceCalendar;
import transit.api.Model.ApiError;
import transit.api.Model.Departure;
import transit.api.Model.Departures;
import transit.api.Model.FailedReload;
import transit.api.Model.FeedSummary;
import transit.api.Model.Greeting;
import transit.api.Model.StopTime;
import transit.api.Model.TripSchedule;

/**
 * What is served, without a web framework: the feed in service and its swap, the queries each route asks, and
 * /health. Each server maps its path and query parameters onto these methods and encodes what they return, so
 * validation, error messages and the data are the same on every server; the HTTP contract's request checks and error
 * bodies are HttpContract's.
 */
public final class TransitApi {
  /** Longest route_id or stop_id accepted; a longer one is a 400, whatever the framework's URL limit. */
  public static final int MAX_ID_LENGTH = 256;
  public static final int DEFAULT_LIMIT = 10, MAX_LIMIT = 1000;

  /**
   * The feed in service and all that derives from it: replaced as a whole by {@link #replace}, and read once
   * per request, so a request sees the old feed or the new one, never a mix of both.
   */
  private record Served(Feed feed, Clock clock, ResponseCache cache, FeedSummary summary, ResponseSizes sizes) {}

  /**
   * How large a feed's /schedules answers are: its largest (the route with the most stop times, its body's exact
   * length) and, from it, the bytes a stop time takes on average, which estimate any other answer's body.
   */
  public record ResponseSizes(String largestRouteId, long largestBytes, double bytesPerStopTime) {
    static ResponseSizes of(Feed feed) {
      int[] stopTimes = new int[feed.routeIds.size()];
      for (int trip = 0; trip < feed.tripCount(); trip++) stopTimes[feed.tripRoute(trip)] += feed.stopTimesByTrip.size(trip);
      int largest = 0;
      for (int r = 1; r < stopTimes.length; r++) if (stopTimes[r] > stopTimes[largest]) largest = r;
      if (stopTimes.length == 0 || stopTimes[largest] == 0) return new ResponseSizes("", 2, 0);
      Csr byRoute = feed.tripsByRoute;
      int[] trips = new int[byRoute.size(largest)];
      for (int i = 0; i < trips.length; i++) trips[i] = byRoute.value(byRoute.start(largest) + i);
      long bytes = new SchedulesJson(new RouteTrips(feed, largest, trips)).length();
      return new ResponseSizes(feed.routeIds.value(largest), bytes, (double) bytes / stopTimes[largest]);
    }

    /** The body of an answer of these trips, estimated from their stop times. */
    long estimate(RouteTrips route) {
      long stopTimes = 0;
      for (int trip : route.trips()) stopTimes += route.feed().stopTimesByTrip.size(trip);
      return (long) Math.ceil(stopTimes * bytesPerStopTime) + 2;
    }
  }

  private final Clock clock;
  private final long cacheBudgetBytes;
  private final ResponseBudget budget;
  private volatile Served served;
  private volatile FailedReload lastFailedReload;

  public TransitApi(Feed feed, long heapBytes, Clock clock) { this(feed, heapBytes, clock, 0); }

  /**
   * cacheBudgetBytes > 0 keeps encoded /schedules responses up to that many bytes (--cache); answers may hold the
   * default budget, half of what the heap leaves beside the feed.
   */
  public TransitApi(Feed feed, long heapBytes, Clock clock, long cacheBudgetBytes) {
    this(feed, heapBytes, "csv", clock, cacheBudgetBytes,
        new ResponseBudget(Runtime.getRuntime().maxMemory(), ResponseBudget.WAIT, ResponseBudget.HALF_BESIDE_THE_FEED));
  }

  /** loadedFrom: "csv" or "snapshot", for /health; budget: the heap answers may hold, sized here for each feed served. */
  public TransitApi(Feed feed, long heapBytes, String loadedFrom, Clock clock, long cacheBudgetBytes, ResponseBudget budget) {
    this.clock = clock;
    this.cacheBudgetBytes = cacheBudgetBytes;
    this.budget = budget;
    this.served = serve(feed, heapBytes, loadedFrom);
  }

  private Served serve(Feed feed, long heapBytes, String loadedFrom) {
    ResponseCache cache = cacheBudgetBytes > 0 ? new ResponseCache(cacheBudgetBytes) : null; // the old feed's bytes go with it
    FeedSummary summary = new FeedSummary(name(feed.source), feed.checksum, now(), loadedFrom, feed.routeIds.size(),
        feed.tripCount(), feed.stopTimeCount(), feed.stopIds.size(), feed.serviceIds.size(), feed.loadMillis, heapBytes, null, null);
    budget.sizeFor(heapBytes);
    return new Served(feed, clock.withZone(feed.timeZone), cache, summary, ResponseSizes.of(feed));
  }

  private String now() { return DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.MILLIS)); }

  /**
   * Serves feed from now on, in one assignment: requests under way finish on the feed they started with, and
   * the old feed is garbage once they have. Clears the last failed reload.
   */
  public void replace(Feed feed, long heapBytes, String loadedFrom) {
    Served next = serve(feed, heapBytes, loadedFrom);
    synchronized (this) {
      served = next;
      lastFailedReload = null;
    }
  }

  /**
   * A path up to its last separator, absolute (Unix or Windows) or relative from `.` or `..` (as `--gtfs` may give it):
   * at the start, or after a space, a bracket, a quote or =.
   */
  private static final Pattern DIRECTORIES = Pattern.compile("(?<=^|[\\s(\"'=])(?:[A-Za-z]:|\\.{1,2})?[/\\\\](?:[^\\s/\\\\\"']*[/\\\\])*");

  /** A feed's file or folder name, without the directories it lies in. */
  private static String name(String source) {
    java.nio.file.Path name = java.nio.file.Path.of(source).getFileName();
    return name == null ? "" : name.toString();
  }

  /** The text with each absolute path cut to its file name: "/srv/gtfs/feed.zip: …" is "feed.zip: …". */
  static String withoutPaths(String text) { return DIRECTORIES.matcher(text).replaceAll(""); }

  /**
   * Records a reload that failed, for /health; the feed in service stays. Each absolute path becomes its file name, for
   * /health tells anyone who asks; control characters become U+FFFD.
   */
  public void reloadFailed(String error) {
    error = withoutPaths(error);
    StringBuilder clean = new StringBuilder(error.length());
    for (int i = 0; i < error.length(); i++) clean.append(isControl(error.charAt(i)) ? '\uFFFD' : error.charAt(i));
    FailedReload failed = new FailedReload(now(), clean.toString());
    synchronized (this) {
      lastFailedReload = failed;
    }
  }

  /** The feed in service. */
  public Feed feed() { return served.feed; }

  /** The clock "today" and "now" are read from (a fixed one in tests). */
  public Clock clock() { return clock; }

  /** A response: a body with status 200, or an error with its status. */
  public record Reply<T>(int status, T body, ApiError error) {
    static <T> Reply<T> ok(T body) { return new Reply<>(200, body, null); }

    static <T> Reply<T> fail(ApiError error) { return new Reply<>(error.status(), null, error); }

    public boolean isOk() { return error == null; }
  }

  /** GET /schedules/{route_id}[?date=YYYYMMDD]: the route's trips in trips.txt order, each with its stop times. */
  public Reply<List<TripSchedule>> schedules(String routeId, String date) { return schedules(served.feed, routeId, date); }

  private static Reply<List<TripSchedule>> schedules(Feed feed, String routeId, String date) {
    Reply<RouteTrips> found = routeTrips(feed, routeId, date);
    if (!found.isOk()) return Reply.fail(found.error());
    List<TripSchedule> result = new ArrayList<>(found.body().trips().length);
    for (int trip : found.body().trips()) result.add(tripSchedule(feed, trip));
    return Reply.ok(result);
  }

  /**
   * GET /schedules/{route_id} before the model is built: the same validation and errors, and the trips as
   * indexes into the feed in service, for writers that stream the JSON straight from its arrays (--tuned).
   */
  public Reply<RouteTrips> routeTrips(String routeId, String date) { return routeTrips(served.feed, routeId, date); }

  private static Reply<RouteTrips> routeTrips(Feed feed, String routeId, String date) {
    ApiError bad = firstBadParameter("route_id", routeId, "date", date);
    if (bad != null) return Reply.fail(bad);
    boolean[] active = null;
    if (date != null) {
      LocalDate day = parseDate(date);
      if (day == null) return Reply.fail(badDate(date));
      active = feed.calendar.activeOn(day);
    }
    int route = feed.routeIds.code(routeId);
    if (route < 0) return Reply.fail(notFound("no route with route_id \"" + routeId + "\""));
    Csr byRoute = feed.tripsByRoute;
    int[] trips = new int[byRoute.size(route)];
    int count = 0;
    for (int i = byRoute.start(route), end = byRoute.end(route); i < end; i++) {
      int trip = byRoute.value(i);
      if (active == null || active[feed.tripService(trip)]) trips[count++] = trip;
    }
    return Reply.ok(new RouteTrips(feed, route, count == trips.length ? trips : Arrays.copyOf(trips, count)));
  }

  /**
   * GET /schedules/{route_id} as bytes: encoded by the server's encoder on every request, or with --cache
   * taken from the cache and encoded only on a miss. Either way the bytes are the same.
   */
  public ResponseCache.Encoded encodedSchedules(String routeId, String date, Function<Reply<List<TripSchedule>>, byte[]> encoder) {
    Served s = served;
    Supplier<ResponseCache.Encoded> encode = () -> {
      Reply<List<TripSchedule>> reply = schedules(s.feed, routeId, date);
      return new ResponseCache.Encoded(reply.status(), encoder.apply(reply));
    };
    return s.cache == null ? encode.get() : s.cache.get(scheduleKey(routeId, date), encode);
  }

  /**
   * The same, gzipped where gzip is asked and the answer is a 200 (errors go as the framework decides): kept beside the
   * identity bytes, deflated once at the JDK's default level (zlib's 6, every framework's default here), so that a
   * cached server sends either encoding without deflating per request.
   */
  public ResponseCache.Encoded encodedSchedules(String routeId, String date, Function<Reply<List<TripSchedule>>, byte[]> encoder,
      boolean gzip) {
    ResponseCache cache = served.cache;
    // kept gzipped: one lookup, not the identity bytes' too
    ResponseCache.Encoded kept = gzip && cache != null ? cache.peek(scheduleKey(routeId, date) + GZIPPED) : null;
    if (kept != null) return kept;
    ResponseCache.Encoded identity = encodedSchedules(routeId, date, encoder);
    if (!gzip || identity.status() != 200) return identity;
    Supplier<ResponseCache.Encoded> deflate = () -> new ResponseCache.Encoded(200, ResponseCache.gzip(identity.body()), true);
    return cache == null ? deflate.get() : cache.get(scheduleKey(routeId, date) + GZIPPED, deflate);
  }

  /** The cache key's suffix for an answer's gzipped bytes (no route id's key ends so: its length prefix says where it ends). */
  private static final String GZIPPED = " gzip";

  /** Unambiguous whatever the id holds: the length prefix fixes where the route id ends. */
  static String scheduleKey(String routeId, String date) {
    return routeId.length() + ":" + routeId + (date == null ? "" : "?date=" + date);
  }

  /** The response cache of the feed in service, or null without --cache. */
  public ResponseCache cache() { return served.cache; }

  /** The heap answers may hold at once. */
  public ResponseBudget budget() { return budget; }

  /** The feed in service's answer sizes. */
  public ResponseSizes sizes() { return served.sizes; }

  /** The estimated body of an answer of these trips (of the feed they were found in). */
  public long estimatedBytes(RouteTrips route) { return served.sizes.estimate(route); }

  /** The answer kept for this request, without encoding anything; null without a cache or when it has none yet. */
  public ResponseCache.Encoded keptSchedules(String routeId, String date) {
    ResponseCache cache = served.cache;
    return cache == null ? null : cache.peek(scheduleKey(routeId, date));
  }

  /** The same, gzipped where gzip is asked and the kept answer is a 200; null when that has not been kept yet. */
  public ResponseCache.Encoded keptSchedules(String routeId, String date, boolean gzip) {
    if (!gzip) return keptSchedules(routeId, date);
    ResponseCache cache = served.cache;
    if (cache == null) return null;
    ResponseCache.Encoded gzipped = cache.peek(scheduleKey(routeId, date) + GZIPPED);
    if (gzipped != null) return gzipped;
    // a kept error goes as it is; a kept 200 is not yet gzipped (not counted: the lookup that makes it counts)
    ResponseCache.Encoded identity = cache.kept(scheduleKey(routeId, date));
    return identity != null && identity.status() != 200 ? identity : null;
  }

  /** GET /schedules/{route_id}'s model, from the trips routeTrips found. */
  public List<TripSchedule> model(RouteTrips route) {
    List<TripSchedule> result = new ArrayList<>(route.trips().length);
    for (int trip : route.trips()) result.add(tripSchedule(route.feed(), trip));
    return result;
  }

  private static TripSchedule tripSchedule(Feed feed, int trip) {
    Csr stopTimes = feed.stopTimesByTrip;
    int from = stopTimes.start(trip), to = stopTimes.end(trip);
    List<StopTime> schedule = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      int st = stopTimes.value(i);
      schedule.add(new StopTime(feed.stopIds.value(feed.stopTimeStop(st)), GtfsTime.format(feed.arrival(st)),
          GtfsTime.format(feed.departure(st))));
    }
    return new TripSchedule(feed.tripId(trip), feed.serviceIds.value(feed.tripService(trip)),
        feed.routeIds.value(feed.tripRoute(trip)), schedule);
  }

  /**
   * GET /stops/{stop_id}/departures?date=&after=&limit=: the next departures at a stop on a service day, in
   * time order. Defaults: today and now in the feed's time zone (agency.txt), and 10. Times are service-day
   * times, so a trip after midnight of the previous service day is not included.
   */
  public Reply<Departures> departures(String stopId, String date, String after, String limit) {
    Served s = served;
    Feed feed = s.feed;
    Clock clock = s.clock;
    ApiError bad = firstBadParameter("stop_id", stopId, "date", date, "after", after, "limit", limit);
    if (bad != null) return Reply.fail(bad);
    LocalDate day = date == null ? LocalDate.now(clock) : parseDate(date);
    if (day == null) return Reply.fail(badDate(date));
    int from;
    if (after == null) {
      from = LocalTime.now(clock).toSecondOfDay();
    } else {
      try {
        from = GtfsTime.parse(after);
      } catch (IllegalArgumentException e) {
        from = GtfsTime.NONE;
      }
      if (from == GtfsTime.NONE)
        return Reply.fail(badRequest("parameter after: \"" + shorten(after) + "\" is not a time in HH:MM:SS form"));
    }
    int max = DEFAULT_LIMIT;
    if (limit != null) {
      try {
        max = Integer.parseInt(limit);
      } catch (NumberFormatException e) {
        max = -1;
      }
      if (max < 1 || max > MAX_LIMIT)
        return Reply.fail(badRequest("parameter limit: \"" + shorten(limit) + "\" is not a whole number from 1 to " + MAX_LIMIT));
    }
    int stop = feed.stopIds.code(stopId);
    if (stop < 0) return Reply.fail(notFound("no stop with stop_id \"" + stopId + "\""));

    boolean[] active = feed.calendar.activeOn(day);
    Csr byStop = feed.stopTimesByStop;
    List<Departure> found = new ArrayList<>(Math.min(max, byStop.size(stop)));
    for (int i = firstAtOrAfter(feed, byStop, stop, from), end = byStop.end(stop); i < end && found.size() < max; i++) {
      int st = byStop.value(i), trip = feed.stopTimeTrip(st);
      int time = departureOrArrival(feed, st);
      if (time == GtfsTime.NONE) break; // untimed stop times sort last
      if (active[feed.tripService(trip)])
        found.add(new Departure(feed.tripId(trip), feed.routeIds.value(feed.tripRoute(trip)), GtfsTime.format(time)));
    }
    return Reply.ok(new Departures(stopId, ServiceCalendar.formatDate(day), GtfsTime.format(from), found));
  }

  private static int departureOrArrival(Feed feed, int stopTime) {
    int d = feed.departure(stopTime);
    return d != GtfsTime.NONE ? d : feed.arrival(stopTime);
  }

  /** Binary search in the stop's departures, which are sorted by time with untimed ones last. */
  private static int firstAtOrAfter(Feed feed, Csr byStop, int stop, int time) {
    int lo = byStop.start(stop), hi = byStop.end(stop);
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int t = departureOrArrival(feed, byStop.value(mid));
      if (t != GtfsTime.NONE && t < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** GET / */
  public static String helloWorld() { return "Hello World!"; }

  /** GET /greeting/{name}: the name as sent; one with a control character is refused, as in every parameter. */
  public static Reply<String> greeting(String name) {
    ApiError bad = firstBadParameter("name", name);
    return bad != null ? Reply.fail(bad) : Reply.ok("Hello, " + name);
  }

  /** GET /hello?name=X: the name trimmed; no name, or a blank one, greets the world. */
  public static Reply<Greeting> hello(String name) {
    ApiError bad = firstBadParameter("name", name);
    if (bad != null) return Reply.fail(bad);
    String trimmed = name == null ? "" : name.trim();
    return Reply.ok(new Greeting("Hello " + (trimmed.isEmpty() ? "World" : trimmed) + "!"));
  }

  /** GET /health: the feed in service, since when, the last reload that failed (null if none since) and its cache. */
  public FeedSummary health() {
    synchronized (this) {
      Served in = served;
      FeedSummary s = in.summary;
      return new FeedSummary(s.source(), s.checksum(), s.loadedAt(), s.loadedFrom(), s.routes(), s.trips(), s.stopTimes(),
          s.stops(), s.services(), s.loadMillis(), s.heapBytes(), lastFailedReload, in.cache == null ? null : in.cache.summary());
    }
  }

  private static ApiError badDate(String date) {
    return badRequest("parameter date: \"" + shorten(date) + "\" is not a date in YYYYMMDD form");
  }

  private static LocalDate parseDate(String date) {
    try {
      return ServiceCalendar.parseDate(date);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The first of (name, value) pairs that is too long (ids) or holds a control character. JSON libraries
   * differ in which control characters they escape (circe escapes U+007F-U+009F, upickle and Jackson do
   * not), so such values are refused before they could reach a body, and every server answers alike.
   */
  private static ApiError firstBadParameter(String... namesAndValues) {
    for (int i = 0; i < namesAndValues.length; i += 2) {
      String name = namesAndValues[i], value = namesAndValues[i + 1];
      if (value == null) continue;
      if (i == 0 && name.endsWith("_id") && value.length() > MAX_ID_LENGTH)
        return badRequest("parameter " + name + ": " + value.length() + " characters long; the limit is " + MAX_ID_LENGTH);
      for (int c = 0; c < value.length(); c++)
        if (isControl(value.charAt(c)))
          return badRequest("parameter " + name + ": control character U+" + String.format("%04X", (int) value.charAt(c)) + " at position " + c);
    }
    return null;
  }


}
