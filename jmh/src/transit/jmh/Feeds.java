package transit.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import transit.Feed;
import transit.server.ServedFeed;
import transit.synth.SyntheticFeed;

/**
 * The feeds and routes the benchmarks' {@code @Param}s name. A feed is {@code generated} (the MBTA-shaped
 * generated feed), {@code brooklyn} (../shared/gtfs/nyc-bus-brooklyn-2026.zip), or a path. A route is
 * {@code large}, {@code medium} or {@code small}, picked by response size in that feed, or a route_id.
 */
public final class Feeds {
  private Feeds() {}

  public static final String GENERATED = "generated", BROOKLYN = "brooklyn";
  static final String BROOKLYN_FILE = "nyc-bus-brooklyn-2026.zip";

  /** ../shared/gtfs beside the checkout; build.mill says where (TRANSIT_SHARED_GTFS). */
  static Path sharedDir() {
    String configured = System.getenv("TRANSIT_SHARED_GTFS");
    return Path.of(configured != null ? configured : "../shared/gtfs").toAbsolutePath().normalize();
  }

  static Path brooklyn() { return sharedDir().resolve(BROOKLYN_FILE); }

  public static Path path(String feed) {
    Path path = switch (feed) {
      case GENERATED -> ServedFeed.generated(SyntheticFeed.DEFAULT_SEED, 1);
      case BROOKLYN -> brooklyn();
      default -> Path.of(feed);
    };
    if (!Files.exists(path))
      throw new IllegalStateException("feed " + feed + ": " + path + " is missing"
          + (feed.equals(BROOKLYN) ? " (the shared/ folder beside the checkout); run with -p feed=generated" : ""));
    return path;
  }

  /** A route of the feed by response size (large, medium, small), or the route_id itself. */
  public static int route(Feed feed, String route) {
    List<Integer> bySize = routesBySize(feed);
    int code = switch (route) {
      case "large" -> bySize.get(bySize.size() - 1);
      case "medium" -> bySize.get(bySize.size() / 2);
      case "small" -> bySize.get(0);
      default -> feed.routeIds.code(route);
    };
    if (code < 0) throw new IllegalArgumentException("no route " + route + " in " + feed.source);
    return code;
  }

  /** Routes with trips, smallest /schedules response first (sizes measured by writing it). */
  static List<Integer> routesBySize(Feed feed) {
    List<Integer> routes = new ArrayList<>();
    long[] size = new long[feed.routeIds.size()];
    for (int r = 0; r < size.length; r++) {
      if (feed.tripsByRoute.size(r) == 0) continue;
      routes.add(r);
      size[r] = responseBytes(feed, r);
    }
    if (routes.isEmpty()) throw new IllegalArgumentException(feed.source + " has no route with trips");
    routes.sort(Comparator.comparingLong(r -> size[r]));
    return routes;
  }

  public static long responseBytes(Feed feed, int route) {
    StreamingJson.Counter counter = new StreamingJson.Counter();
    new StreamingJson().schedules(feed, route, null, counter);
    return counter.bytes;
  }

  /** The first Tuesday any service runs on, from the feed's earliest years on: a weekday in the feed. */
  public static LocalDate weekday(Feed feed) {
    for (LocalDate d = LocalDate.of(2000, 1, 1).with(TemporalAdjusters.nextOrSame(DayOfWeek.TUESDAY));
        d.getYear() < 2040; d = d.plusWeeks(1)) {
      for (boolean active : feed.calendar.activeOn(d)) if (active) return d;
    }
    throw new IllegalArgumentException(feed.source + ": no service on any Tuesday from 2000 to 2039");
  }
}
