package transit.jmh;

import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.function.Function;
import transit.Feed;
import transit.FeedLoader;
import transit.server.ServedFeed;

/**
 * The heap each representation of a feed keeps once loaded: used heap after a full GC, with the feed held,
 * less the same before the load; the figure a server's /health reports as heap_bytes. Run by RunJmh after
 * the benchmarks. (JOL's exact walk took minutes on the baseline's 25 million objects.)
 */
public record RetainedHeap(long columnarBytes, long objectsBytes) {
  public static RetainedHeap of(Path feed) {
    return new RetainedHeap(retained(feed, FeedLoader::load), retained(feed, BaselineFeed::load));
  }

  private static long retained(Path feed, Function<Path, Object> load) {
    long before = ServedFeed.usedHeapAfterGc();
    Object loaded = load.apply(feed);
    long after = ServedFeed.usedHeapAfterGc();
    Reference.reachabilityFence(loaded);
    return after - before;
  }
}
