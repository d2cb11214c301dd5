package transit.server;

import java.util.List;
import java.util.function.Function;
import transit.api.HttpContract;
import transit.api.Model.ApiError;
import transit.api.Model.TripSchedule;
import transit.api.ResponseBudget;
import transit.api.ResponseCache;
import transit.api.RouteTrips;
import transit.api.SchedulesJson;
import transit.api.TransitApi;

/**
 * What GET /schedules/{route_id} answers, decided here once for every framework: with a response cache (--cache),
 * the bytes kept (encoded on a miss by the server's own encoder); tuned, the route's trips, for core's SchedulesJson
 * to stream from the feed's arrays; idiomatic, the response model, for the framework's JSON library. Each server
 * only renders what it gets, the same bytes every way.
 *
 * <p>An answer holds heap while it is built and sent, reserved first from the API's {@link ResponseBudget}: the model
 * answer {@link #MODEL_FACTOR} times its estimated body, the streamed one a chunk, a cache miss its encoding while
 * it is encoded (a hit holds nothing of its own). A server closes the answer once the response is sent, or has
 * failed; one that finds no room within the budget's wait is {@link Busy}, a 503.
 */
public sealed interface SchedulesAnswer extends AutoCloseable {
  /**
   * An answer built per request holds about this many times its body at its peak: the model, the JSON library's
   * intermediate form (a char buffer or a JSON tree) and the body (docs/RESULTS.md, figures moved from the code).
   */
  int MODEL_FACTOR = 6;

  /** Idiomatic: the response model, to encode as the framework's docs do. */
  record ToEncode(List<TripSchedule> trips, ResponseBudget.Reservation room) implements SchedulesAnswer {}

  /** Tuned: the route's trips, to write with SchedulesJson as the body goes out. */
  record Streamed(RouteTrips trips, ResponseBudget.Reservation room) implements SchedulesAnswer {}

  /**
   * Cached: the answer as it was encoded once and kept, an error's included; gzipped (encoded.gzipped()) where the
   * request accepts gzip and it is a 200, for the server to send with Content-Encoding: gzip as it is.
   */
  record Cached(ResponseCache.Encoded encoded) implements SchedulesAnswer {}

  /** The contract's error (the route or the date refused), for the framework to encode as any other error. */
  record Failed(ApiError error) implements SchedulesAnswer {}

  /** No room for the answer within the wait: the contract's 503, with a Retry-After header of retryAfterSeconds. */
  record Busy(ApiError error, int retryAfterSeconds) implements SchedulesAnswer {}

  /** Gives back the heap the answer reserved: once its response is sent, or has failed. */
  @Override
  default void close() {
    if (this instanceof ToEncode m && m.room() != null) m.room().close();
    if (this instanceof Streamed s && s.room() != null) s.room().close();
  }

  /**
   * The answer on a server in mode; acceptEncoding: the request's header (null: none), which a cached answer follows
   * (idiomatic and tuned answers are compressed by the framework's own mechanism, as it decides); encoder: the server's
   * own encoding of an answer, called only to fill the cache.
   * With both a cache and --tuned, the cache answers. May wait up to ResponseBudget.WAIT for room: a server on an
   * event loop calls it off the loop.
   */
  static SchedulesAnswer of(TransitApi api, Mode mode, String routeId, String date, String acceptEncoding,
      Function<TransitApi.Reply<List<TripSchedule>>, byte[]> encoder) {
    if (api.cache() != null) {
      boolean gzip = HttpContract.acceptsGzip(acceptEncoding);
      ResponseCache.Encoded kept = api.keptSchedules(routeId, date, gzip);
      if (kept != null) return new Cached(kept);
      TransitApi.Reply<RouteTrips> found = api.routeTrips(routeId, date);
      long body = found.isOk() ? api.estimatedBytes(found.body()) : 0;
      try (ResponseBudget.Reservation room = api.budget().reserve(MODEL_FACTOR * body)) {
        if (room == null) return busy();
        return new Cached(api.encodedSchedules(routeId, date, encoder, gzip)); // then the cache's bytes
      }
    }
    TransitApi.Reply<RouteTrips> found = api.routeTrips(routeId, date);
    if (!found.isOk()) return new Failed(found.error());
    if (mode == Mode.TUNED) {
      ResponseBudget.Reservation room = api.budget().reserve(SchedulesJson.CHUNK_BYTES);
      return room == null ? busy() : new Streamed(found.body(), room);
    }
    ResponseBudget.Reservation room = api.budget().reserve(MODEL_FACTOR * api.estimatedBytes(found.body()));
    return room == null ? busy() : new ToEncode(api.model(found.body()), room);
  }

  /**
   * The answer when it is ready at once, neither waiting for room nor encoding: kept bytes, or a streamed answer with
   * room now, or the route or date refused on the way; null otherwise (idiomatic, a cache miss, no room now), for
   * {@link #of} on a thread that may wait. What a server on an event loop or a compute pool asks first, so that the
   * common answer costs no hop to a thread that may block.
   */
  static SchedulesAnswer atOnce(TransitApi api, Mode mode, String routeId, String date, String acceptEncoding) {
    if (api.cache() != null) {
      ResponseCache.Encoded kept = api.keptSchedules(routeId, date, HttpContract.acceptsGzip(acceptEncoding));
      return kept == null ? null : new Cached(kept);
    }
    if (mode != Mode.TUNED) return null;
    TransitApi.Reply<RouteTrips> found = api.routeTrips(routeId, date);
    if (!found.isOk()) return new Failed(found.error());
    ResponseBudget.Reservation room = api.budget().tryReserve(SchedulesJson.CHUNK_BYTES);
    return room == null ? null : new Streamed(found.body(), room);
  }

  private static Busy busy() { return new Busy(HttpContract.busy(), ResponseBudget.RETRY_AFTER_SECONDS); }
}
