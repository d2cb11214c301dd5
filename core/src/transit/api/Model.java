package transit.api;

import java.util.List;

/**
 * The route contract's response bodies (docs/API.md). Every server encodes these same values with its own
 * JSON library; fields are declared in the contract's key order and named in camelCase here, snake_case
 * on the wire.
 */
public final class Model {
  private Model() {}

  /** One element of GET /schedules/{route_id}. */
  public record TripSchedule(String tripId, String serviceId, String routeId, List<StopTime> schedules) {}

  /** A stop time, times as HH:MM:SS (null where the feed leaves them empty). */
  public record StopTime(String stopId, String arrivalTime, String departureTime) {}

  /** GET /stops/{stop_id}/departures. */
  public record Departures(String stopId, String date, String after, List<Departure> departures) {}

  public record Departure(String tripId, String routeId, String departureTime) {}

  /** GET /hello. */
  public record Greeting(String message) {}

  /** Every error body. */
  public record ApiError(int status, String error, String message) {}

  /**
   * GET /health: the feed in service (path and checksum), since when (ISO-8601 UTC) and loaded from what
   * ("csv" or "snapshot"), its size, the last reload that failed since, or null, and the response cache, or null
   * without --cache.
   */
  public record FeedSummary(String source, String checksum, String loadedAt, String loadedFrom, int routes, int trips,
      int stopTimes, int stops, int services, long loadMillis, long heapBytes, FailedReload lastFailedReload, CacheSummary cache) {}

  /**
   * The response cache of the feed in service (--cache): the answers it keeps (an answer's identity and gzipped bytes
   * are two), their bytes and its budget, and its lookups since the feed was loaded: kept bytes found (hits) or made
   * (misses).
   */
  public record CacheSummary(int answers, long bytes, long budgetBytes, long hits, long misses) {}

  /** A reload that failed: when (ISO-8601 UTC) and why (the file and line). */
  public record FailedReload(String at, String error) {}
}
