package transit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {
  static final List<String> KNOWN = List.of("cask", "http4s", "javalin");

  static Options parse(String... args) { return Options.parse(args, KNOWN); }

  static String error(String... args) {
    return assertThrows(Options.UsageException.class, () -> parse(args)).getMessage();
  }

  @Test
  void defaultsRunEverythingForThirtySecondsAfterThirtyOfWarmUp() {
    Options o = parse();
    assertEquals(KNOWN, o.frameworks());
    assertEquals(Options.SCENARIOS, o.scenarios());
    assertEquals(30, o.durationSeconds());
    assertEquals(30, o.warmupSeconds());
    assertNull(o.users());
    assertNull(o.target());
    assertNull(o.gtfs());
    assertFalse(o.quick() || o.help());
  }

  @Test
  void everyFlagTakesItsValueSeparatelyOrAfterAnEqualsSign() {
    Options o = parse("--frameworks", "javalin,cask", "--scenarios=small,hello", "--gtfs", "feed.zip", "--duration", "10",
        "--warmup=0", "--users", "1,5", "--target", "http://127.0.0.1:4000/", "--results", "out/r");
    assertEquals(List.of("javalin", "cask"), o.frameworks());
    assertEquals(List.of("small", "hello"), o.scenarios());
    assertEquals(Path.of("feed.zip"), o.gtfs());
    assertEquals(10, o.durationSeconds());
    assertEquals(0, o.warmupSeconds());
    assertEquals(List.of(1, 5), o.users());
    assertEquals("http://127.0.0.1:4000", o.target().toString());
    assertEquals(Path.of("out/r"), o.results());
  }

  @Test
  void quickShortensStepsUnlessTimesAreGiven() {
    assertEquals(Options.QUICK_DURATION, parse("--quick").durationSeconds());
    assertEquals(Options.QUICK_WARMUP, parse("--quick").warmupSeconds());
    assertEquals(7, parse("--quick", "--duration", "7").durationSeconds());
  }

  @Test
  void wrongFlagsAndValuesAreNamed() {
    assertTrue(error("--fast").contains("\"--fast\""));
    assertTrue(error("--frameworks", "cask,spring").contains("\"spring\""));
    assertTrue(error("--scenarios", "heavy,").contains("--scenarios"));
    assertTrue(error("--duration", "0").contains("--duration"));
    assertTrue(error("--warmup", "-1").contains("--warmup"));
    assertTrue(error("--users", "10,x").contains("\"x\""));
    assertTrue(error("--target", "127.0.0.1:4000").contains("--target"));
    assertTrue(error("--gtfs").contains("--gtfs: a value is required"));
    assertTrue(error("--duration", "--quick").contains("--duration: a value is required"));
  }

  @Test
  void helpListsEveryOption() {
    assertTrue(parse("--help").help());
    String usage = Options.usage(KNOWN);
    for (String flag : List.of("--frameworks", "--scenarios", "--gtfs", "--duration", "--warmup", "--users", "--target", "--quick", "--help"))
      assertTrue(usage.contains(flag), flag);
  }
}
