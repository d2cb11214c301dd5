package transit.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a server's application threads spend their CPU, from a flight recording's execution samples: a sample
 * whose stack holds an encoding frame (a JSON library, a server's encoder, the tuned writer) is encoding, even
 * where that writer reads the feed itself or pushes its bytes into the socket; else one holding a frame of core's
 * query (walking the feed into the response's trips) is the query; the rest is the framework (HTTP parsing,
 * routing, the write path). The same rules for every framework: each names its own encoding frames
 * (Framework#encodingFrames), core's writer counts on all.
 */
final class CpuProfile {
  enum Part { QUERY, ENCODING, FRAMEWORK }

  /** Class name prefixes of encoding frames on every framework: core's streaming writer. */
  static final List<String> CORE_ENCODING = List.of("transit.api.SchedulesJson");
  /** Class name prefixes of the query's frames. */
  static final List<String> QUERY = List.of("transit.api.TransitApi", "transit.api.RouteTrips", "transit.Csr", "transit.Feed",
      "transit.GtfsTime", "transit.Dictionary", "transit.ServiceCalendar");

  /** One execution sample: when, and what it was doing. */
  record Sample(long millis, Part part) {}

  private final List<Sample> samples;

  private CpuProfile(List<Sample> samples) { this.samples = samples; }

  /** The recording's samples, a frame of one of encoding (class name prefixes, the framework's own) counting as encoding. */
  static CpuProfile read(Path recording, List<String> encoding) throws IOException {
    List<String> encodingFrames = new ArrayList<>(CORE_ENCODING);
    encodingFrames.addAll(encoding);
    List<Sample> samples = new ArrayList<>();
    for (RecordedEvent event : RecordingFile.readAllEvents(recording))
      if (event.getEventType().getName().equals("jdk.ExecutionSample") && event.getStackTrace() != null)
        samples.add(new Sample(event.getStartTime().toEpochMilli(), part(event.getStackTrace().getFrames().stream()
            .filter(f -> f.getMethod() != null && f.getMethod().getType() != null).map(f -> f.getMethod().getType().getName()).toList(),
            encodingFrames)));
    return new CpuProfile(samples);
  }

  /** The part a stack belongs to, from its frames' class names and the prefixes of encoding frames. */
  static Part part(List<String> types, List<String> encoding) {
    if (types.stream().anyMatch(type -> encoding.stream().anyMatch(type::startsWith))) return Part.ENCODING;
    if (types.stream().anyMatch(type -> QUERY.stream().anyMatch(type::startsWith))) return Part.QUERY;
    return Part.FRAMEWORK;
  }

  /** Samples per part between two instants. */
  long[] count(long fromMillis, long toMillis) {
    long[] counts = new long[Part.values().length];
    for (Sample s : samples) if (s.millis >= fromMillis && s.millis <= toMillis) counts[s.part.ordinal()]++;
    return counts;
  }
}
