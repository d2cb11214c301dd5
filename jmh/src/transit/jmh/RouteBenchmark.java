package transit.jmh;

import java.time.Clock;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import transit.Feed;
import transit.FeedLoader;
import transit.ServiceCalendar;
import transit.api.TransitApi;

/**
 * A loaded feed and one of its routes: the state of the benchmarks that answer GET /schedules/{route_id}.
 * {@code -p feed=generated} runs them on the generated feed, {@code -p route=B63} on any route.
 */
@State(Scope.Benchmark)
public abstract class RouteBenchmark {
  @Param(Feeds.BROOKLYN)
  public String feed;

  @Param({"large", "medium", "small"})
  public String route;

  protected Feed loadedFeed;
  protected TransitApi api;
  protected int routeCode;
  protected String routeId;

  @Setup
  public void loadFeed() throws Exception {
    loadedFeed = FeedLoader.load(Feeds.path(feed));
    api = new TransitApi(loadedFeed, 0, Clock.systemUTC());
    routeCode = Feeds.route(loadedFeed, route);
    routeId = loadedFeed.routeIds.value(routeCode);
    prepare();
  }

  /** A subclass's own set-up, once the feed is loaded. */
  protected void prepare() throws Exception {}

  /** The ?date= a @Param names: none (null), weekday (a Tuesday with service), or a YYYYMMDD date. */
  protected String date(String param) {
    return switch (param) {
      case "none" -> null;
      case "weekday" -> ServiceCalendar.formatDate(Feeds.weekday(loadedFeed));
      default -> param;
    };
  }
}
