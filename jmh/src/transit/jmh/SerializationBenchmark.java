package transit.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import transit.api.Model.TripSchedule;
import transit.cask.UpickleJson;
import transit.http4s.CirceJson;
import transit.javalin.JacksonJson;

/**
 * Encoding one /schedules response: the route's response model (built once) to bytes by upickle, circe and
 * Jackson, each called exactly as its server calls it; and StreamingJson, which skips the model and writes
 * the same bytes from core's arrays to a counting stream: the upper bound, query included. Run with
 * {@code -prof gc} for the bytes each allocates per response (gc.alloc.rate.norm).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// Compilation stopped within ~5 s on the large route and ~9 s on the small one (circe the last) with the fork
// getting 40 % of its core; iterations of 2 s hold about ten of circe's slowest operations (the large route).
// Four default runs: upickle and Jackson settled after 1 of 5 warm-ups, so 3.
@Fork(3)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SerializationBenchmark extends RouteBenchmark {
  private List<TripSchedule> model;
  private final StreamingJson streamingJson = new StreamingJson();
  private final StreamingJson.Counter sink = new StreamingJson.Counter();

  @Override
  protected void prepare() { model = api.schedules(routeId, null).body(); }

  @Benchmark
  public byte[] upickle() { return UpickleJson.schedules(model); }

  // circe's 10 MB response (179 MB allocated per op, a collection every few ops) still climbed through 5 warm-ups
  // in a default run, and 2 s iterations holding a dozen ops scattered by ±15 %: longer warm-up and iterations. It
  // settles after 8-10 of 10 warm-ups, then each fork at a level of its own (one run: 7.6, 6.1 and 6.0 ops/s, a
  // 13 % error over three forks): six forks, of 3 s iterations to fit the budget.
  @Benchmark
  @Fork(6)
  @Warmup(iterations = 10, time = 2)
  @Measurement(iterations = 5, time = 3)
  public byte[] circe() { return CirceJson.schedules(model); }

  @Benchmark
  public byte[] jackson() { return JacksonJson.schedules(model); }

  // Compiled within its first iteration, but one of two ways (one fork in three 19 % slower on the small route, each
  // steady): six forks of 1 s iterations, in the time three forks of 2 s took.
  @Benchmark
  @Fork(6)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  public long streaming() {
    sink.bytes = 0;
    streamingJson.schedules(loadedFeed, routeCode, null, sink);
    return sink.bytes;
  }
}
