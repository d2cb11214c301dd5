package transit.jmh;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import transit.ServiceCalendar;
import transit.api.Model.TripSchedule;

/**
 * QueryBenchmark's work done by a database: the route's trips through the index on route_id, each trip's
 * stop times through the index on (trip_id, stop_sequence), into the same response model. Which services
 * run on ?date= is worked out by core's calendar, as in TransitApi; SQLite does the lookups and the join.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// --full only. A large route's query takes ~0.25 s: iterations of 2 s hold eight of them.
@Fork(3)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class SqliteQueryBenchmark extends RouteBenchmark {
  @Param({"none", "weekday"})
  public String date;

  private SqliteSchedules database;
  private LocalDate day; // null: every trip

  @Override
  protected void prepare() throws Exception {
    database = new SqliteSchedules(SqliteSchedules.cached(Feeds.path(feed)));
    String parameter = date(date);
    day = parameter == null ? null : ServiceCalendar.parseDate(parameter);
  }

  @Benchmark
  public List<TripSchedule> schedules() throws Exception {
    // per request, as TransitApi works out the day's services
    return database.schedules(routeId, day == null ? null : SqliteSchedules.activeServices(loadedFeed, day));
  }

  @TearDown
  public void close() throws Exception { database.close(); }
}
