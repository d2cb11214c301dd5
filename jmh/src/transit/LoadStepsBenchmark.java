package transit;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
import org.openjdk.jmh.infra.Blackhole;
import transit.jmh.Feeds;

/**
 * The steps of a feed load one by one, on one thread, so each can be compared with its floor: inflating
 * stop_times.txt alone; univocity parsing it into a String per field (as the loader did before) and with only
 * the columns the loader asks for; the loader's stop_times step (those rows into columns and codes); trips.txt;
 * building the indexes; and the snapshot, written and read. In package transit, beside the loader's internals.
 * Single shots: the first iterations (JMH's warm-up) show the cold cost a server's start pays, the measured
 * ones the cost once compiled.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 4)
@State(Scope.Benchmark)
public class LoadStepsBenchmark {
  @Param({Feeds.BROOKLYN})
  public String feed;

  private Path path;
  private FeedFiles files;
  private FeedParser built;
  private FeedParser.TripColumns trips;
  private FeedParser.StopTimeColumns stopTimes;
  private Feed loaded;
  private Path snapshots;

  @Setup
  public void load() throws IOException {
    path = Feeds.path(feed);
    files = FeedFiles.open(path);
    built = new FeedParser(files, false);
    trips = built.new TripColumns();
    built.read("trips.txt", true, trips);
    stopTimes = built.new StopTimeColumns();
    built.read("stop_times.txt", true, stopTimes);
    stopTimes.resolve(trips, built.stops);
    loaded = FeedLoader.load(path);
    snapshots = Files.createTempDirectory("load-steps-snapshots");
    FeedSnapshot.write(loaded, path, snapshots, loaded.loadMillis);
  }

  @TearDown
  public void close() throws IOException {
    files.close();
    try (var list = Files.list(snapshots)) {
      for (Path p : (Iterable<Path>) list::iterator) Files.delete(p);
    }
    Files.delete(snapshots);
  }

  private InputStream stopTimesBytes() throws IOException { return files.open("stop_times.txt"); }

  /** The floor of the stop_times step: its bytes, inflated from the zip (or read from the directory). */
  @Benchmark
  public long inflateStopTimes() throws IOException {
    long bytes = 0;
    try (InputStream in = stopTimesBytes()) {
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) bytes += n;
    }
    return bytes;
  }

  /** univocity as the loader used it before: every column of every row a String. */
  @Benchmark
  public long univocityEveryColumn(Blackhole hole) throws IOException {
    CsvParserSettings settings = new CsvParserSettings();
    settings.setLineSeparatorDetectionEnabled(true);
    settings.setMaxCharsPerColumn(CsvFile.MAX_VALUE_CHARS);
    settings.setInputBufferSize(1 << 20);
    CsvParser parser = new CsvParser(settings);
    long rows = 0;
    try (InputStream in = stopTimesBytes()) {
      parser.beginParsing(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String[] row; (row = parser.parseNext()) != null; rows++) hole.consume(row);
    }
    return rows;
  }

  /** univocity as the loader uses it: the five columns it asks for (and the last, for short rows) as Strings. */
  @Benchmark
  public long univocityColumnsAskedFor(Blackhole hole) throws IOException {
    return stopTimesColumnsAskedFor(this::stopTimesBytes, files.size("stop_times.txt"), hole);
  }

  /** stop_times.txt's rows as univocity hands the loader them (ColdLoadBenchmark's floor too), each to the hole. */
  static long stopTimesColumnsAskedFor(CsvFile.Source stopTimes, long size, Blackhole hole) throws IOException {
    long[] rows = {0};
    try (CsvFile csv = new CsvFile("stop_times.txt", stopTimes, size, false)) {
      for (String column : new String[] {"trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"}) csv.required(column);
      csv.forEachRow((row, line) -> {
        hole.consume(row);
        rows[0]++;
      });
    }
    return rows[0];
  }

  /** The loader's stop_times step: those rows into int columns, times parsed, trip and stop ids coded. */
  @Benchmark
  public Object stopTimesToColumns() throws IOException { return readAlone("stop_times.txt", run -> run.new StopTimeColumns()); }

  /** The loader's trips.txt step. */
  @Benchmark
  public Object tripsToColumns() throws IOException { return readAlone("trips.txt", run -> run.new TripColumns()); }

  /** One file read by a load of its own into the columns reader makes. */
  private Object readAlone(String file, Function<FeedParser, FeedParser.Reader> reader) throws IOException {
    FeedParser run = new FeedParser(files, false);
    FeedParser.Reader columns = reader.apply(run);
    run.read(file, true, columns);
    return columns;
  }

  /** Grouping stop times by trip in stop_sequence order, the by-stop index by departure, trips by route and service. */
  @Benchmark
  public Feed buildIndexes() {
    return FeedIndexes.build(built, trips, stopTimes, "benchmark", System.nanoTime());
  }

  /** A whole load from the snapshot a first load wrote. */
  @Benchmark
  public Feed snapshotRead() {
    FeedSnapshot.Loaded read = FeedSnapshot.load(path, snapshots);
    if (read.origin() != FeedSnapshot.Origin.SNAPSHOT) throw new IllegalStateException(read.note());
    return read.feed();
  }

  /** Writing the snapshot after a load (a server does it in the background). */
  @Benchmark
  public Path snapshotWrite() throws IOException {
    return FeedSnapshot.write(loaded, path, snapshots, loaded.loadMillis);
  }

  /** JMH makes the state anew per trial; this keeps a setup's files from piling up per iteration. */
  @TearDown(Level.Iteration)
  public void collect() { System.gc(); }
}
