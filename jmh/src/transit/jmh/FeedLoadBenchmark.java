package transit.jmh;

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
import org.openjdk.jmh.annotations.Warmup;
import transit.Feed;
import transit.FeedLoader;
import transit.server.ServedFeed;

/**
 * Feed load, whole: reading the zip into core's columnar Feed (univocity, primitive arrays, CSR indexes) against
 * the reference apps' shape (String.split, an object per row, maps of boxed lists). One load per shot. Every
 * shot starts from the same state: the previous shot's feed released (JMH keeps no reference to a result) and
 * the heap collected before the shot, so no shot pays for collecting its predecessor's garbage. The heap each
 * representation keeps is measured after the run (RetainedHeap) and set beside these times in summary.md.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// The JIT compiles the loaders during the first three shots (docs/METHOD.md, Benchmarks: how the warm-ups were sized); five measured
// shots in each of three forks give fifteen samples for the error margin.
@Fork(3)
@Warmup(iterations = 4)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class FeedLoadBenchmark {
  @Param({Feeds.GENERATED, Feeds.BROOKLYN})
  public String feed;

  private Path path;

  @Setup
  public void findFeed() { path = Feeds.path(feed); }

  @Setup(Level.Iteration)
  public void collectHeap() { ServedFeed.usedHeapAfterGc(); }

  // Every fork recompiles part of the loader at its eighth shot: eight warm-up shots put that before measurement.
  // Each fork then settles at a level of its own, so six forks, as for the query (docs/RESULTS.md, figures moved
  // from the code).
  @Benchmark
  @Fork(6)
  @Warmup(iterations = 8)
  public Feed columnar() { return FeedLoader.load(path); }

  @Benchmark
  public BaselineFeed objects() { return BaselineFeed.load(path); }
}
