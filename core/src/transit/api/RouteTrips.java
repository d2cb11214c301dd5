package transit.api;

import transit.Feed;

/**
 * A route's trips for GET /schedules/{route_id}, still in the feed's arrays: trip indexes in trips.txt order
 * (only those running on ?date= when it was given). A writer walks them to stream the response's JSON without
 * building the model; the bytes are those of {@link TransitApi#schedules}.
 */
public record RouteTrips(Feed feed, int route, int[] trips) {
  public String routeId() { return feed.routeIds.value(route); }
}
