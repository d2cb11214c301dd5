package transit.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import transit.api.Model.TripSchedule;
import transit.server.Framework;
import transit.server.FrameworkRegistry;

/**
 * Encoding one /schedules response: the route's response model (built once) to bytes by each framework's JSON
 * library, exactly as its server encodes it (Framework#encodeSchedules); and StreamingJson, which skips the model
 * and writes the same bytes from core's arrays to a counting stream: the upper bound, query included. Run with
 * {@code -prof gc} for the bytes each allocates per response (gc.alloc.rate.norm).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// Warm-ups past the JIT's compiling, iterations holding about ten of the slowest encoder's operations on the large
// route, sized from default runs (docs/RESULTS.md, JMH's warm-ups and forks). An encoder that settles slowly gets
// more (Suite).
@Fork(3)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SerializationBenchmark extends RouteBenchmark {
  private List<TripSchedule> model;
  private final StreamingJson streamingJson = new StreamingJson();
  private final StreamingJson.Counter sink = new StreamingJson.Counter();

  /** The framework whose encoder runs: a name of build.mill's `frameworks`, which the suite gives (no default). */
  @State(Scope.Benchmark)
  public static class Encoder {
    @Param({})
    public String framework;

    Framework loaded;

    @Setup
    public void load() { loaded = FrameworkRegistry.load().framework(framework); }
  }

  @Override
  protected void prepare() { model = api.schedules(routeId, null).body(); }

  /** The framework's idiomatic body, as its server encodes it. */
  @Benchmark
  public byte[] encode(Encoder encoder) { return encoder.loaded.encodeSchedules(model); }

  // Compiled within its first iteration, but one of two ways, each fork steady at its own level: more forks of shorter
  // iterations, in the time three forks of 2 s took (docs/RESULTS.md, JMH's warm-ups and forks).
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
