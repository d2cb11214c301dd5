package transit.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import transit.server.ServedFeed;

/**
 * The database's load time, to set beside FeedLoadBenchmark: a GTFS zip's trips and stop_times into a new
 * SQLite file (batched inserts in one transaction, then the indexes the queries use). One import per shot, into
 * a new file, the heap collected before it as in FeedLoadBenchmark.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// --full only: ~9 s a shot. Three forks of two measured shots, after one to compile the importer.
@Fork(3)
@Warmup(iterations = 1)
@Measurement(iterations = 2)
@State(Scope.Benchmark)
public class SqliteImportBenchmark {
  @Param(Feeds.BROOKLYN)
  public String feed;

  private Path zip, database;

  @Setup(Level.Iteration)
  public void newDatabase() throws Exception {
    zip = Feeds.path(feed);
    database = Files.createTempFile("transit-jmh-import-", ".sqlite");
    Files.delete(database);
    ServedFeed.usedHeapAfterGc();
  }

  @Benchmark
  public Path importFeed() throws Exception {
    SqliteSchedules.importFeed(zip, database);
    return database;
  }

  @TearDown(Level.Iteration)
  public void deleteDatabase() throws Exception { Files.deleteIfExists(database); }
}
