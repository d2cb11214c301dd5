package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import transit.Fixtures;

/**
 * The real start-up path in its own JVM (StartupProbe, as a server's main runs it): a broken feed ends it with
 * exit code 1 and one short line on stderr naming the file and line; SIGHUP reloads the feed; measuring the heap
 * the feed retains leaves the heap's size as it was.
 */
class StartupTest {
  static final String TRIPS_HEADER = "route_id,service_id,trip_id\n";
  static final String STOP_TIMES_HEADER = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n";

  static Process probe(String... args) throws IOException { return java(List.of("-Xmx256m"), StartupProbe.class, args); }

  static Process java(List<String> jvmFlags, Class<?> main, String... args) throws IOException {
    return new ProcessBuilder(javaCommand(jvmFlags, main, args)).start();
  }

  /** This JVM's java with these flags, running main from the test classpath with args. */
  static List<String> javaCommand(List<String> jvmFlags, Class<?> main, String... args) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    return command;
  }

  static Stream<Arguments> brokenFeeds() {
    StringBuilder longTrips = new StringBuilder(TRIPS_HEADER + "R1,WKD,T1\nR1,WKD,\"T2\n");
    for (int i = 3; i < 20_000; i++) longTrips.append("R1,WKD,T").append(i).append('\n');
    return Stream.of(
        Arguments.of("unterminated quote", Map.of("trips.txt", TRIPS_HEADER + "R1,WKD,T1\nR1,\"WKD,T2\nR1,WKD,T3\n"),
            "trips.txt line 3: a quoted value starts on this line and never ends (unterminated quote)"),
        Arguments.of("unterminated quote, large file", Map.of("trips.txt", longTrips.toString()),
            "trips.txt line 3: a quoted value starts on this line and never ends (unterminated quote)"),
        Arguments.of("stop_times.txt without rows", Map.of("stop_times.txt", STOP_TIMES_HEADER),
            "stop_times.txt: the header (line 1) is followed by no rows; a feed without stop times cannot be served"),
        Arguments.of("trips.txt without rows", Map.of("trips.txt", TRIPS_HEADER),
            "trips.txt: the header (line 1) is followed by no rows; a feed without trips cannot be served"),
        Arguments.of("missing column", Map.of("trips.txt", "route_id,service_id\nR1,WKD\n"),
            "trips.txt: required column trip_id is missing (header: route_id,service_id)"),
        Arguments.of("bad time", Map.of("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,05:00:00,S1,1\nT1,25:61:00,05:00:00,S2,2\n"),
            "stop_times.txt line 3, column arrival_time, value \"25:61:00\": not a time: minutes and seconds must be 00-59"),
        Arguments.of("unknown trip_id", Map.of("stop_times.txt", STOP_TIMES_HEADER + "T1,05:00:00,05:00:00,S1,1\nT9,05:00:00,05:00:00,S1,1\n"),
            "stop_times.txt line 3, column trip_id, value \"T9\": no such trip in trips.txt"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenFeeds")
  void aBrokenFeedEndsTheStartWithOneShortLine(String name, Map<String, String> changes, String error) throws Exception {
    Path feed = Fixtures.tinyFeedWith(changes);
    assertRefused(feed, error);
  }

  @Test
  void aMissingTripsFileOrATruncatedZipEndsTheStartWithOneShortLine() throws Exception {
    Path noTrips = Fixtures.tinyFeedWith(Map.of());
    Files.delete(noTrips.resolve("trips.txt"));
    assertRefused(noTrips, noTrips + ": required file trips.txt is missing");
    Path zip = Fixtures.zip(Fixtures.tinyFeed(), "");
    byte[] bytes = Files.readAllBytes(zip);
    Files.write(zip, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    assertRefused(zip, zip + ": not a directory or a readable zip (zip END header not found)");
  }

  static void assertRefused(Path feed, String error) throws Exception {
    Process p = probe("--gtfs", feed.toString(), "--port", "0", "--snapshot", "off", "--watch", "off");
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the start did not end");
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(1, p.exitValue(), stderr);
    assertEquals("probe: cannot load the feed: " + error + System.lineSeparator(), stderr);
  }

  @Test
  void sighupReloadsTheFeed(@TempDir Path dir) throws Exception {
    Path feed = Fixtures.writeFeed(dir.resolve("feed"), "a", 10, 3);
    Process p = probe("--gtfs", feed.toString(), "--port", "0", "--snapshot", "off", "--watch", "off");
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      assertTrue(readUntil(out, "probe listening on ").startsWith("probe listening on "));
      Fixtures.writeFeed(feed, "b", 12, 3);
      Process kill = new ProcessBuilder("kill", "-HUP", Long.toString(p.pid())).start();
      assertEquals(0, kill.waitFor());
      String reloaded = readUntil(out, "probe: reloaded after SIGHUP.");
      assertTrue(reloaded.contains("trips.txt 12"), reloaded);
      assertTrue(p.isAlive(), "SIGHUP must not end the server");
    } finally {
      p.destroyForcibly().waitFor();
    }
  }

  @Test
  void aServerStartedWithSighupIgnoredSaysSoOnStart(@TempDir Path dir) throws Exception {
    // nohup starts it with SIGHUP ignored, as a parent so started (a Mill daemon run under nohup) passes it on: the
    // JVM then installs no handler, and kill -HUP would reload nothing
    Path feed = Fixtures.writeFeed(dir.resolve("feed"), "a", 10, 3);
    List<String> command = new ArrayList<>(List.of("nohup"));
    command.addAll(javaCommand(List.of("-Xmx256m"), StartupProbe.class, "--gtfs", feed.toString(), "--port", "0", "--snapshot", "off",
        "--watch", "off"));
    Path err = dir.resolve("stderr");
    Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      assertTrue(readUntil(out, "probe listening on ").startsWith("probe listening on "));
    } finally {
      p.destroyForcibly().waitFor();
    }
    String stderr = Files.readString(err);
    assertTrue(stderr.contains("probe: SIGHUP is not available on this JVM, or this process was started with it ignored"), stderr);
  }

  /** Prints the heap's committed bytes before and after a retained-heap measurement, in a fresh JVM. */
  public static final class HeapSizeProbe {
    public static void main(String[] args) {
      MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
      long before = memory.getHeapMemoryUsage().getCommitted();
      ServedFeed.usedHeapAfterGc();
      System.out.println(before + " " + memory.getHeapMemoryUsage().getCommitted());
    }
  }

  @Test
  void measuringTheRetainedHeapLeavesTheHeapsSizeAlone() throws Exception {
    // A full GC shrinks a fresh heap to what is in use; the load measured after it would pay for growing it back. The servers' collector and -Xmx.
    Process p = java(List.of("-Xmx1g", "-XX:+UseG1GC"), HeapSizeProbe.class);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertEquals(0, p.exitValue(), out + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    String[] committed = out.split(" ");
    assertTrue(Long.parseLong(committed[1]) >= Long.parseLong(committed[0]), "committed heap before and after: " + out);
  }

  /** The first line of out that starts with prefix (the lines before it skipped); fails at the end of out. */
  static String readUntil(BufferedReader out, String prefix) throws IOException {
    for (String line; (line = out.readLine()) != null; ) if (line.startsWith(prefix)) return line;
    return fail("no line starting with \"" + prefix + "\"");
  }
}
