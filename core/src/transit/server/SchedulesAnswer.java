package transit.server;

import java.util.List;
import java.util.function.Function;
import transit.api.Model.ApiError;
import transit.api.Model.TripSchedule;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.TransitApi;

/**
 * What GET /schedules/{route_id} answers, decided here once for every framework: with a response cache (--cache),
 * the bytes kept (encoded on a miss by the server's own encoder); tuned, the route's trips, for core's SchedulesJson
 * to stream from the feed's arrays; idiomatic, the response model, for the framework's JSON library. Each server
 * only renders what it gets, the same bytes every way.
 */
public sealed interface SchedulesAnswer {
  /** Idiomatic: the response model, to encode as the framework's docs do. */
  record Model(List<TripSchedule> trips) implements SchedulesAnswer {}

  /** Tuned: the route's trips, to write with SchedulesJson as the body goes out. */
  record Streamed(RouteTrips trips) implements SchedulesAnswer {}

  /** Cached: the answer as it was encoded once and kept, an error's included. */
  record Cached(ResponseCache.Encoded encoded) implements SchedulesAnswer {}

  /** The contract's error (the route or the date refused), for the framework to encode as any other error. */
  record Failed(ApiError error) implements SchedulesAnswer {}

  /**
   * The answer on a server in mode; encoder: the server's own encoding of an answer, called only to fill the cache.
   * With both a cache and --tuned, the cache answers.
   */
  static SchedulesAnswer of(TransitApi api, Mode mode, String routeId, String date,
      Function<TransitApi.Reply<List<TripSchedule>>, byte[]> encoder) {
    if (api.cache() != null) return new Cached(api.encodedSchedules(routeId, date, encoder));
    if (mode == Mode.TUNED) {
      TransitApi.Reply<RouteTrips> found = api.routeTrips(routeId, date);
      return found.isOk() ? new Streamed(found.body()) : new Failed(found.error());
    }
    TransitApi.Reply<List<TripSchedule>> model = api.schedules(routeId, date);
    return model.isOk() ? new Model(model.body()) : new Failed(model.error());
  }
}
