package transit.bench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a server's application threads spend their CPU, from a flight recording's samples: a sample whose stack
 * holds a frame of the JDK's deflater is deflate (a gzipped answer's compression, wherever it is called from); else
 * one holding an encoding frame (a JSON library, a server's encoder, the tuned writer) is encoding, even where that
 * writer reads the feed itself or pushes its bytes into the socket; else one holding a frame of core's query (walking
 * the feed into the response's trips) is the query; the rest is the framework (HTTP parsing, routing, the write path).
 * The same rules for every framework: each names its own encoding frames (Framework#encodingFrames), core's writer
 * counts on all. The parts come from CPU-time samples where the server's JDK takes them (25 and newer): they are
 * taken by CPU time spent, native code included, which is where zlib deflates; on an older JDK from execution
 * samples, which see Java code only, so deflate is not told apart there. Execution samples also say which threads the
 * work ran on, so a run shows what a framework's description says: virtual threads, an event loop or a pool.
 */
public final class CpuProfile {
  public enum Part { QUERY, ENCODING, FRAMEWORK, DEFLATE }

  /** A step's samples per Part, and whether they are CPU-time samples, which see native code (zlib's deflate) too. */
  public record Counts(long[] parts, boolean seesNative) {
    public long total() { return java.util.Arrays.stream(parts).sum(); }
  }

  /** Class name prefixes of encoding frames on every framework: core's streaming writer. */
  static final List<String> CORE_ENCODING = List.of("transit.api.SchedulesJson");
  /** Class name prefixes of deflate's frames: the JDK's compressor, which every framework's gzip here calls, and its checksum. */
  static final List<String> DEFLATE = List.of("java.util.zip.Deflater", "java.util.zip.GZIPOutputStream", "java.util.zip.CRC32");
  /** Class name prefixes of the query's frames. */
  static final List<String> QUERY = List.of("transit.api.TransitApi", "transit.api.RouteTrips", "transit.Csr", "transit.Feed",
      "transit.GtfsTime", "transit.Dictionary", "transit.ServiceCalendar");

  /** One execution sample: when, what it was doing, and on which threads (threads(name, virtual)). */
  record Sample(long millis, Part part, String threads) {}

  /** What a virtual thread's sample is counted under, whatever its name. */
  public static final String VIRTUAL = "virtual threads";

  /**
   * The threads a sample ran on, as one name for a pool's every thread: virtual threads as such, a platform thread by
   * its name with every number in it as N ("XNIO-1 task-3" and "XNIO-1 task-12" are both "XNIO-N task-N").
   */
  static String threads(String name, boolean virtual) {
    return virtual ? VIRTUAL : name == null || name.isEmpty() ? "unnamed threads" : name.replaceAll("\\d+", "N");
  }

  private static String threads(RecordedEvent sample) {
    RecordedThread thread = sample.hasField("sampledThread") ? sample.getThread("sampledThread") : null;
    if (thread == null) return threads(null, false);
    // RecordedThread.isVirtual() is Java 21's; the field is there whenever the server's JDK has virtual threads
    return threads(thread.getJavaName(), thread.hasField("virtual") && thread.getBoolean("virtual"));
  }

  /** Execution samples (the threads' and, without CPU-time samples, the parts'); CPU-time samples (the parts'). */
  private final List<Sample> samples, cpuTime;

  CpuProfile(List<Sample> samples, List<Sample> cpuTime) {
    this.samples = samples;
    this.cpuTime = cpuTime;
  }

  /** The recording's samples, a frame of one of encoding (class name prefixes, the framework's own) counting as encoding. */
  public static CpuProfile read(Path recording, List<String> encoding) throws IOException {
    List<String> encodingFrames = new ArrayList<>(CORE_ENCODING);
    encodingFrames.addAll(encoding);
    List<Sample> samples = new ArrayList<>(), cpuTime = new ArrayList<>();
    for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
      String type = event.getEventType().getName();
      // a CPU-time sample whose stack could not be walked has none: it says nothing of where the time went
      if (!type.equals(EXECUTION_SAMPLE) && !type.equals(CPU_TIME_SAMPLE) || event.getStackTrace() == null) continue;
      Sample sample = new Sample(event.getStartTime().toEpochMilli(), part(event.getStackTrace().getFrames().stream()
          .filter(f -> f.getMethod() != null && f.getMethod().getType() != null).map(f -> f.getMethod().getType().getName()).toList(),
          encodingFrames), threads(event));
      (type.equals(EXECUTION_SAMPLE) ? samples : cpuTime).add(sample);
    }
    return new CpuProfile(samples, cpuTime);
  }

  static final String EXECUTION_SAMPLE = "jdk.ExecutionSample", CPU_TIME_SAMPLE = "jdk.CPUTimeSample";

  /** The part a stack belongs to, from its frames' class names and the prefixes of encoding frames. */
  static Part part(List<String> types, List<String> encoding) {
    if (types.stream().anyMatch(type -> DEFLATE.stream().anyMatch(type::startsWith))) return Part.DEFLATE;
    if (types.stream().anyMatch(type -> encoding.stream().anyMatch(type::startsWith))) return Part.ENCODING;
    if (types.stream().anyMatch(type -> QUERY.stream().anyMatch(type::startsWith))) return Part.QUERY;
    return Part.FRAMEWORK;
  }

  /**
   * The threads the answers' own work ran on between two instants, with their samples, most first: the query's and
   * encoding's samples, or where there are none (a cached answer is neither) the framework's, which then write it.
   */
  public Map<String, Long> threads(long fromMillis, long toMillis) {
    Map<String, Long> built = new LinkedHashMap<>(), written = new LinkedHashMap<>();
    for (Sample s : samples)
      if (s.millis >= fromMillis && s.millis <= toMillis) (s.part == Part.FRAMEWORK ? written : built).merge(s.threads, 1L, Long::sum);
    return mostFirst(built.isEmpty() ? written : built);
  }

  /** counts, largest first. */
  public static Map<String, Long> mostFirst(Map<String, Long> counts) {
    Map<String, Long> sorted = new LinkedHashMap<>();
    counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  /** Samples per part between two instants: CPU-time samples where the recording has them, else execution samples. */
  public Counts count(long fromMillis, long toMillis) {
    long[] counts = new long[Part.values().length];
    for (Sample s : cpuTime.isEmpty() ? samples : cpuTime) if (s.millis >= fromMillis && s.millis <= toMillis) counts[s.part.ordinal()]++;
    return new Counts(counts, !cpuTime.isEmpty());
  }
}
