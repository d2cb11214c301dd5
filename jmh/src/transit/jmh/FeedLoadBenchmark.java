package transit.jmh;

import java.nio.file.Path;
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
import transit.Feed;

/**
 * Feed load, cold and whole: reading the zip into core's columnar Feed (univocity, primitive arrays, CSR
 * indexes) against the reference apps' shape (String.split, an object per row, maps of boxed lists). One
 * load per shot, in several fresh JVMs, as a server starts. The heap each keeps is measured after the run
 * (RetainedHeap) and set beside these times in summary.md.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 1)
@Measurement(iterations = 2)
@State(Scope.Benchmark)
public class FeedLoadBenchmark {
  @Param({Feeds.GENERATED, Feeds.BROOKLYN})
  public String feed;

  private Path path;

  @Setup
  public void findFeed() { path = Feeds.path(feed); }

  @Benchmark
  public Feed columnar() { return Feed.load(path); }

  @Benchmark
  public BaselineFeed objects() { return BaselineFeed.load(path); }
}
