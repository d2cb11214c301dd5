package transit.jmh;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import transit.Csr;
import transit.Feed;
import transit.GtfsTime;
import transit.api.RouteTrips;
import transit.api.Model.TripSchedule;
import transit.api.SchedulesJson;

/**
 * The --tuned encoder of every server, SchedulesJson: one /schedules response from the request to its last
 * byte (the route's trips looked up, then the JSON written from the feed's arrays), to an OutputStream as most
 * tuned servers stream it and in handed-over chunks as a stream of chunks takes them; beside it, what the
 * idiomatic path does before any encoding (the query into the response model: SerializationBenchmark encodes it
 * per framework) and the best a JSON library does from the same arrays (Jackson's streaming JsonGenerator). Run with {@code -prof gc}: the
 * allocation per response is the point of streaming (a few KB against tens of MB).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class TunedEncodingBenchmark extends RouteBenchmark {
  private final StreamingJson.Counter sink = new StreamingJson.Counter();

  /** The tuned query alone: the route's trip indexes, validated as TransitApi.schedules validates. */
  @Benchmark
  public RouteTrips routeTrips() { return api.routeTrips(routeId, null).body(); }

  /** The tuned path onto an output stream: query, length for the Content-Length, JSON through one 32 KB buffer. */
  @Benchmark
  public long schedulesJson() throws IOException {
    sink.bytes = 0;
    RouteTrips route = api.routeTrips(routeId, null).body();
    long length = new SchedulesJson(route).length();
    SchedulesJson.write(route, sink);
    return sink.bytes + length;
  }

  /** The tuned path of a server that takes chunks (http4s's fs2 stream): the same bytes, a new array per chunk. */
  @Benchmark
  public long schedulesJsonChunks(Blackhole chunks) {
    RouteTrips route = api.routeTrips(routeId, null).body();
    chunks.consume(new SchedulesJson(route).length()); // the Content-Length, counted first
    SchedulesJson json = new SchedulesJson(route, SchedulesJson.CHUNK_BYTES);
    long bytes = 0;
    for (int n; (n = json.next()) > 0; bytes += n) chunks.consume(json.takeBuffer());
    return bytes;
  }

  /** The idiomatic path before encoding, for comparison: the query into the response model. */
  @Benchmark
  public java.util.List<TripSchedule> modelWithQuery() { return api.schedules(routeId, null).body(); }

  /** A JSON library at its best from the same arrays: Jackson's JsonGenerator, keys pre-encoded. */
  @Benchmark
  public long jacksonGenerator() throws IOException {
    sink.bytes = 0;
    JacksonGenerator.write(api.routeTrips(routeId, null).body(), sink);
    return sink.bytes;
  }

  /** The same JSON through Jackson's streaming API: what SchedulesJson is measured against. */
  static final class JacksonGenerator {
    private static final SerializedString TRIP_ID = new SerializedString("trip_id"),
        SERVICE_ID = new SerializedString("service_id"), ROUTE_ID = new SerializedString("route_id"),
        SCHEDULES = new SerializedString("schedules"), STOP_ID = new SerializedString("stop_id"),
        ARRIVAL = new SerializedString("arrival_time"), DEPARTURE = new SerializedString("departure_time");

    /** Characters beyond U+FFFF as UTF-8, not as two escaped surrogates: the contract's bytes. */
    private static final JsonFactory FACTORY = JsonFactory.builder().enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();

    static void write(RouteTrips route, java.io.OutputStream out) throws IOException {
      Feed feed = route.feed();
      Csr byTrip = feed.stopTimesByTrip;
      try (JsonGenerator g = FACTORY.createGenerator(out)) {
        g.writeStartArray();
        for (int trip : route.trips()) {
          g.writeStartObject();
          g.writeFieldName(TRIP_ID);
          g.writeString(feed.tripId(trip));
          g.writeFieldName(SERVICE_ID);
          g.writeString(feed.serviceIds.value(feed.tripService(trip)));
          g.writeFieldName(ROUTE_ID);
          g.writeString(route.routeId());
          g.writeFieldName(SCHEDULES);
          g.writeStartArray();
          for (int p = byTrip.start(trip), end = byTrip.end(trip); p < end; p++) {
            int st = byTrip.value(p);
            g.writeStartObject();
            g.writeFieldName(STOP_ID);
            g.writeString(feed.stopIds.value(feed.stopTimeStop(st)));
            g.writeFieldName(ARRIVAL);
            g.writeString(GtfsTime.format(feed.arrival(st))); // null for an empty time
            g.writeFieldName(DEPARTURE);
            g.writeString(GtfsTime.format(feed.departure(st)));
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeEndObject();
        }
        g.writeEndArray();
      }
    }
  }
}
