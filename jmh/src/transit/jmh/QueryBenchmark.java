package transit.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;

/**
 * The query behind GET /schedules/{route_id}[?date=]: TransitApi.schedules walking core's CSR indexes and
 * building the response model every server encodes. With ?date= it first works out which services run
 * that day, then skips the other trips.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// An iteration holds hundreds of queries. Six forks: the JIT compiles the query one of two ways, each steady, and the
// mean over the forks is only as stable as their number. Five warm-ups keep a margin over where default runs settled
// (docs/RESULTS.md, figures moved from the code).
@Fork(6)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class QueryBenchmark extends RouteBenchmark {
  @Param({"none", "weekday"})
  public String date;

  private String dateParameter;

  @Override
  protected void prepare() { dateParameter = date(date); }

  @Benchmark
  public TransitApi.Reply<java.util.List<TripSchedule>> schedules() { return api.schedules(routeId, dateParameter); }
}
