package transit.bench.run;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which part of a request an execution sample's stack belongs to: an encoding frame anywhere, else a query frame, else the framework. */
class CpuProfileTest {
  /** Javalin's encoding frames, as its Framework names them, and core's writer. */
  static final List<String> FRAMES = List.of("com.fasterxml.jackson.", "transit.javalin.JavalinJson", "transit.api.SchedulesJson");

  @Test
  void aLibraryFrameIsEncodingWhateverCallsIt() {
    assertEquals(CpuProfile.Part.ENCODING, CpuProfile.part(List.of("java.lang.String", "com.fasterxml.jackson.core.json.UTF8JsonGenerator",
        "transit.javalin.JavalinJson", "transit.api.TransitApi", "io.javalin.http.servlet.JavalinServlet"), FRAMES));
    assertEquals(CpuProfile.Part.ENCODING, CpuProfile.part(List.of("transit.GtfsTime", "transit.api.SchedulesJson", "transit.api.TransitApi"), FRAMES),
        "a writer streaming from the feed encodes, even where it reads the feed");
  }

  @Test
  void buildingTheTripsFromTheFeedIsTheQuery() {
    assertEquals(CpuProfile.Part.QUERY, CpuProfile.part(List.of("java.util.ArrayList", "transit.api.TransitApi", "io.undertow.server.Connectors"), FRAMES));
  }

  @Test
  void aStreamingWritersSocketWritesAreEncoding() {
    assertEquals(CpuProfile.Part.ENCODING, CpuProfile.part(List.of("sun.nio.ch.SocketDispatcher", "org.eclipse.jetty.io.SocketChannelEndPoint",
        "transit.api.SchedulesJson", "transit.javalin.JavalinServer"), FRAMES));
  }

  @Test
  void theDeflatersFramesAreDeflateWhateverCallsThem() {
    assertEquals(CpuProfile.Part.DEFLATE, CpuProfile.part(List.of("java.util.zip.Deflater", "java.util.zip.DeflaterOutputStream",
        "java.util.zip.GZIPOutputStream", "transit.api.SchedulesJson", "transit.api.TransitApi"), FRAMES), "the tuned writer's gzip stream");
    assertEquals(CpuProfile.Part.DEFLATE, CpuProfile.part(List.of("java.util.zip.CRC32", "java.util.zip.GZIPOutputStream",
        "io.undertow.server.handlers.encoding.DeflatingStreamSinkConduit"), FRAMES), "the gzip trailer's checksum");
    assertEquals(CpuProfile.Part.FRAMEWORK, CpuProfile.part(List.of("java.util.zip.Inflater", "io.netty.handler.codec.compression.JdkZlibDecoder"), FRAMES),
        "inflating is not deflate");
  }

  @Test
  void thePartsAreCountedFromCpuTimeSamplesWhereTheRecordingHasThemAndOnlyThenSeeDeflate() {
    List<CpuProfile.Sample> execution = List.of(new CpuProfile.Sample(10, CpuProfile.Part.ENCODING, "qtpN-N"),
        new CpuProfile.Sample(20, CpuProfile.Part.FRAMEWORK, "qtpN-N"));
    List<CpuProfile.Sample> cpuTime = List.of(new CpuProfile.Sample(10, CpuProfile.Part.DEFLATE, "qtpN-N"),
        new CpuProfile.Sample(12, CpuProfile.Part.DEFLATE, "qtpN-N"), new CpuProfile.Sample(14, CpuProfile.Part.ENCODING, "qtpN-N"),
        new CpuProfile.Sample(99, CpuProfile.Part.DEFLATE, "qtpN-N"));
    CpuProfile.Counts seen = new CpuProfile(execution, cpuTime).count(0, 50);
    assertTrue(seen.seesNative());
    assertEquals(List.of(0L, 1L, 0L, 2L), java.util.Arrays.stream(seen.parts()).boxed().toList(), "query, encoding, framework, deflate");
    CpuProfile.Counts javaOnly = new CpuProfile(execution, List.of()).count(0, 50);
    assertFalse(javaOnly.seesNative());
    assertEquals(List.of(0L, 1L, 1L, 0L), java.util.Arrays.stream(javaOnly.parts()).boxed().toList());
  }

  @Test
  void everythingElseIsTheFramework() {
    assertEquals(CpuProfile.Part.FRAMEWORK, CpuProfile.part(List.of("sun.nio.ch.SocketDispatcher", "io.undertow.conduits.ChunkedStreamSinkConduit"), FRAMES));
    assertEquals(CpuProfile.Part.FRAMEWORK, CpuProfile.part(List.of(), FRAMES));
  }

  @Test
  void aPoolsThreadsAreOneNameAndVirtualThreadsAreCountedAsSuch() {
    assertEquals("XNIO-N task-N", CpuProfile.threads("XNIO-1 task-12", false));
    assertEquals(CpuProfile.threads("vert.x-eventloop-thread-0", false), CpuProfile.threads("vert.x-eventloop-thread-1", false));
    assertEquals(CpuProfile.VIRTUAL, CpuProfile.threads("", true));
    assertEquals(CpuProfile.VIRTUAL, CpuProfile.threads("[0x1f] WebServer socket", true), "a named virtual thread too");
    assertEquals("unnamed threads", CpuProfile.threads("", false));
  }

  @Test
  void theAnswersThreadsAreTheQuerysAndEncodingsOrTheWritesWhereNeitherRan() {
    CpuProfile built = new CpuProfile(List.of(new CpuProfile.Sample(10, CpuProfile.Part.ENCODING, CpuProfile.VIRTUAL),
        new CpuProfile.Sample(11, CpuProfile.Part.QUERY, CpuProfile.VIRTUAL), new CpuProfile.Sample(12, CpuProfile.Part.FRAMEWORK, "qtpN-N"),
        new CpuProfile.Sample(13, CpuProfile.Part.ENCODING, "qtpN-N"), new CpuProfile.Sample(99, CpuProfile.Part.ENCODING, "other")), List.of());
    assertEquals(Map.of(CpuProfile.VIRTUAL, 2L, "qtpN-N", 1L), built.threads(0, 50), "the framework's sample and one outside the window left out");
    assertEquals(List.of(CpuProfile.VIRTUAL, "qtpN-N"), List.copyOf(built.threads(0, 50).keySet()), "most first");
    CpuProfile cached = new CpuProfile(List.of(new CpuProfile.Sample(10, CpuProfile.Part.FRAMEWORK, "XNIO-N I/O-N")), List.of());
    assertEquals(Map.of("XNIO-N I/O-N", 1L), cached.threads(0, 50), "nothing built: the write's threads");
  }
}
