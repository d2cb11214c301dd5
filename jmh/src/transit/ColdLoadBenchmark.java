package transit;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import transit.jmh.Feeds;

/**
 * A load as a server's start pays it: one cold shot per fork (no warm-up, so the JIT compiles on the fork's one
 * core while the shot runs, as it does in a server pinned to one core), on the unzipped feed (unzipped before
 * the shot, into the page cache). Three floors side by side: stop_times.txt's bytes decoded to characters; univocity
 * parsing it into the columns the loader asks for, nothing done with them; and the whole load, which prints the
 * time a server prints. The first two say how much of the load no work around univocity can take away.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(5)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@State(Scope.Benchmark)
public class ColdLoadBenchmark {
  @Param({Feeds.BROOKLYN})
  public String feed;

  private Path dir;

  @Setup
  public void unzip() throws IOException {
    Path zip = Feeds.path(feed);
    dir = Files.createTempDirectory("cold-load-");
    if (Files.isDirectory(zip)) {
      try (Stream<Path> files = Files.list(zip)) {
        for (Path f : (Iterable<Path>) files::iterator) Files.copy(f, dir.resolve(f.getFileName()));
      }
      return;
    }
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        String name = Path.of(e.getName()).getFileName().toString();
        if (!e.isDirectory() && name.endsWith(".txt")) Files.copy(in, dir.resolve(name));
      }
    }
  }

  @TearDown
  public void delete() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
    }
  }

  private InputStream stopTimes() throws IOException { return Files.newInputStream(dir.resolve("stop_times.txt")); }

  /** The floor under any parser: stop_times.txt's bytes decoded from UTF-8, as univocity is handed them. */
  @Benchmark
  public long decodeStopTimes() throws IOException {
    long chars = 0;
    try (Reader in = new InputStreamReader(stopTimes(), StandardCharsets.UTF_8)) {
      char[] buffer = new char[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) chars += n;
    }
    return chars;
  }

  /** The floor with univocity kept: stop_times.txt parsed into the columns the loader asks for, no more. */
  @Benchmark
  public long univocityStopTimes(Blackhole hole) throws IOException {
    return LoadStepsBenchmark.stopTimesColumnsAskedFor(this::stopTimes, Files.size(dir.resolve("stop_times.txt")), hole);
  }

  /** The whole load, every file, codes and indexes: what a server prints as its load time (snapshots off). */
  @Benchmark
  public Feed load() { return FeedLoader.load(dir); }
}
