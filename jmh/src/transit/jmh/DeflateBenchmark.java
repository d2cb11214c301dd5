package transit.jmh;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.openjdk.jmh.annotations.AuxCounters;
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
import transit.api.SchedulesJson;

/**
 * What gzip costs a framework before its write path: one /schedules answer deflated by the JDK's GZIPOutputStream (the
 * zlib every framework's gzip runs on here) at level 1, 6 (zlib's default, which every framework here uses) and 9,
 * from the encoded bytes; and core's tuned writer streaming the answer from the feed's arrays through it, the ceiling
 * of a framework's tuned compressed answer (query, encoding and deflate on one core); and the encoded answer deflated
 * as a server deflates it, many at once and flushed chunk by chunk. The counters give MB/s in (identity bytes) and
 * out (gzipped bytes).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DeflateBenchmark extends RouteBenchmark {
  @Param({"1", "6", "9"})
  public int level;

  private byte[] body;

  /** Bytes in and out per second, as JMH reports an operations counter: a rate over the iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Bytes {
    public long identityBytes, gzippedBytes;

    @Setup(Level.Iteration)
    public void clear() { identityBytes = gzippedBytes = 0; }
  }

  @Override
  protected void prepare() throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    SchedulesJson.write(api.routeTrips(routeId, null).body(), out);
    body = out.toByteArray();
  }

  /** The encoded answer gzipped: what a framework's compression adds to an idiomatic or cached answer. */
  @Benchmark
  public long gzip(Bytes bytes) throws IOException {
    StreamingJson.Counter sink = new StreamingJson.Counter();
    try (GZIPOutputStream gzip = gzip(sink)) {
      gzip.write(body);
    }
    bytes.identityBytes += body.length;
    bytes.gzippedBytes += sink.bytes;
    return sink.bytes;
  }

  /** Core's tuned writer through gzip: the query, the JSON from the feed's arrays and deflate, as a tuned server streams it. */
  @Benchmark
  public long streamedGzip(Bytes bytes) throws IOException {
    StreamingJson.Counter sink = new StreamingJson.Counter();
    try (GZIPOutputStream gzip = gzip(sink)) {
      SchedulesJson.write(api.routeTrips(routeId, null).body(), gzip);
    }
    bytes.identityBytes += body.length;
    bytes.gzippedBytes += sink.bytes;
    return sink.bytes;
  }

  /**
   * How a server deflates: several answers at once on one core, a chunk of each in turn, each with its own deflater;
   * flushed after each chunk, as a server's gzip does to send what it has.
   */
  @State(Scope.Thread)
  public static class Connections {
    /** Answers deflated at once: one, or as many as the load test's users. */
    @Param({"1", "50"})
    public int answers;

    /** Whether each chunk is flushed (a SYNC_FLUSH: a deflate block ended and sent). */
    @Param({"false", "true"})
    public boolean flushed;

    /** The bytes deflated at a time: the tuned writer's chunk, or a framework's smaller write buffer. */
    @Param({"32768"})
    public int chunkBytes;
  }

  /** The encoded answer gzipped as a server gzips it (Connections); the counters: bytes in and out over all answers. */
  @Benchmark
  public long interleavedGzip(Connections connections, Bytes bytes) throws IOException {
    StreamingJson.Counter sink = new StreamingJson.Counter();
    GZIPOutputStream[] streams = new GZIPOutputStream[connections.answers];
    for (int i = 0; i < streams.length; i++) streams[i] = gzip(sink, connections.flushed);
    for (int from = 0; from < body.length; from += connections.chunkBytes)
      for (GZIPOutputStream stream : streams) {
        stream.write(body, from, Math.min(connections.chunkBytes, body.length - from));
        if (connections.flushed) stream.flush();
      }
    for (GZIPOutputStream stream : streams) stream.close();
    bytes.identityBytes += (long) body.length * streams.length;
    bytes.gzippedBytes += sink.bytes;
    return sink.bytes;
  }

  /** GZIPOutputStream at this level, its buffer as large as the tuned writer's. */
  private GZIPOutputStream gzip(OutputStream out) throws IOException { return gzip(out, false); }

  /** The same, flush() ending a deflate block when syncFlush (else it only passes on what is already deflated). */
  private GZIPOutputStream gzip(OutputStream out, boolean syncFlush) throws IOException {
    return new GZIPOutputStream(out, SchedulesJson.DEFAULT_CHUNK_BYTES, syncFlush) {
      {
        def.setLevel(level);
      }
    };
  }
}
