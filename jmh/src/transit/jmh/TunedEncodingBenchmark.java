package transit.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;
import transit.api.RouteTrips;
import transit.cask.JsoniterJson;
import transit.cask.UpickleJson;
import transit.javalin.JacksonStreaming;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class TunedEncodingBenchmark extends RouteBenchmark {
  private final StreamingJson streamingJson = new StreamingJson();
  private final StreamingJson.Counter sink = new StreamingJson.Counter();

  @Benchmark
  public long upickleWithQuery() { return UpickleJson.schedules(api.schedules(routeId, null).body()).length; }

  @Benchmark
  public long jsoniter() {
    sink.bytes = 0;
    JsoniterJson.writeSchedules(api.routeTrips(routeId, null).body(), sink);
    return sink.bytes;
  }

  @Benchmark
  public long jackson() throws Exception {
    sink.bytes = 0;
    JacksonStreaming.writeSchedules(api.routeTrips(routeId, null).body(), sink);
    return sink.bytes;
  }

  private FragmentJson fragments;
  @Override protected void prepare() { fragments = new FragmentJson(loadedFeed); }

  @Benchmark
  public long fragments() {
    sink.bytes = 0;
    fragments.write(api.routeTrips(routeId, null).body(), sink);
    return sink.bytes;
  }

  @Benchmark
  public long schedulesJson() throws Exception {
    sink.bytes = 0;
    transit.api.SchedulesJson.write(api.routeTrips(routeId, null).body(), sink);
    return sink.bytes;
  }

  @Benchmark
  public long streaming() {
    sink.bytes = 0;
    streamingJson.schedules(loadedFeed, routeCode, null, sink);
    return sink.bytes;
  }
}
