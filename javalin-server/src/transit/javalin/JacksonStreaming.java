package transit.javalin;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import transit.Csr;
import transit.Feed;
import transit.GtfsTime;
import transit.api.RouteTrips;

public final class JacksonStreaming {
  private JacksonStreaming() {}
  private static final SerializedString TRIP_ID = new SerializedString("trip_id"), SERVICE_ID = new SerializedString("service_id"),
      ROUTE_ID = new SerializedString("route_id"), SCHEDULES = new SerializedString("schedules"), STOP_ID = new SerializedString("stop_id"),
      ARRIVAL = new SerializedString("arrival_time"), DEPARTURE = new SerializedString("departure_time");

  public static void writeSchedules(RouteTrips r, OutputStream out) throws IOException {
    try (JsonGenerator g = JacksonJson.MAPPER.getFactory().createGenerator(out)) {
      Feed feed = r.feed();
      String routeId = r.routeId();
      Csr stopTimes = feed.stopTimesByTrip;
      g.writeStartArray();
      for (int trip : r.trips()) {
        g.writeStartObject();
        g.writeFieldName(TRIP_ID); g.writeString(feed.tripId(trip));
        g.writeFieldName(SERVICE_ID); g.writeString(feed.serviceIds.value(feed.tripService(trip)));
        g.writeFieldName(ROUTE_ID); g.writeString(routeId);
        g.writeFieldName(SCHEDULES);
        g.writeStartArray();
        for (int p = stopTimes.start(trip), end = stopTimes.end(trip); p < end; p++) {
          int st = stopTimes.value(p);
          g.writeStartObject();
          g.writeFieldName(STOP_ID); g.writeString(feed.stopIds.value(feed.stopTimeStop(st)));
          g.writeFieldName(ARRIVAL); time(g, feed.arrival(st));
          g.writeFieldName(DEPARTURE); time(g, feed.departure(st));
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
    }
  }

  private static void time(JsonGenerator g, int seconds) throws IOException {
    if (seconds == GtfsTime.NONE) g.writeNull(); else g.writeString(GtfsTime.format(seconds));
  }
}
