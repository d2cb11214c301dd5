package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
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
  void everythingElseIsTheFramework() {
    assertEquals(CpuProfile.Part.FRAMEWORK, CpuProfile.part(List.of("sun.nio.ch.SocketDispatcher", "io.undertow.conduits.ChunkedStreamSinkConduit"), FRAMES));
    assertEquals(CpuProfile.Part.FRAMEWORK, CpuProfile.part(List.of(), FRAMES));
  }
}
