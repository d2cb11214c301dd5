package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerOptionsTest {
  static ServerOptions parse(Map<String, String> env, String... args) { return ServerOptions.parse(args, env); }

  static String error(Map<String, String> env, String... args) {
    return assertThrows(transit.cli.Cli.UsageException.class, () -> parse(env, args)).getMessage();
  }

  @Test
  void defaults() {
    assertEquals(new ServerOptions("127.0.0.1", 4000, null, 0, ServerOptions.AUTO, false, false, transit.FeedSnapshot.defaultDir(), Duration.ofSeconds(1),
        Duration.ofSeconds(30), true, false),
        parse(Map.of()));
  }

  @Test
  void flagsInBothFormsAndEnvironmentVariables() {
    assertEquals(new ServerOptions("127.0.0.1", 8080, Path.of("feed.zip"), 512L << 20, 300L << 20, true, true, Path.of("snaps"),
        Duration.ofMillis(500), Duration.ofSeconds(5), true, false),
        parse(Map.of(), "--host", "127.0.0.1", "--port=8080", "--gtfs", "feed.zip", "--cache", "--cache-budget", "512m", "--tuned",
            "--verbose", "--snapshot", "snaps", "--watch", "500ms", "--idle-timeout", "5s", "--answer-memory", "300m"));
    assertEquals(new ServerOptions("::1", 9000, Path.of("/data/gtfs"), ServerOptions.BESIDE_THE_FEED, ServerOptions.OFF, true, true, null, Duration.ZERO,
        Duration.ofMillis(1500), true, false),
        parse(Map.of("HOST", "::1", "PORT", "9000", "GTFS", "/data/gtfs", "CACHE", "true", "TUNED", "true", "VERBOSE", "true", "SNAPSHOT", "off",
            "WATCH", "off", "IDLE_TIMEOUT", "1500ms", "ANSWER_MEMORY", "off")));
    assertEquals(Duration.ofSeconds(2), parse(Map.of(), "--watch=2s").watchInterval());
    assertEquals(9001, parse(Map.of("PORT", "9000"), "--port", "9001").port(), "a flag wins over its variable");
    assertTrue(parse(Map.of(), "--help").help());
    assertEquals(Mode.IDIOMATIC, parse(Map.of()).mode());
    assertEquals(Mode.TUNED, parse(Map.of(), "--tuned").mode());
    assertEquals(Mode.IDIOMATIC, parse(Map.of("TUNED", "false")).mode());
    assertEquals(Mode.CACHED, parse(Map.of(), "--cache").mode());
    assertEquals(Mode.CACHED, parse(Map.of(), "--cache", "--tuned").mode(), "the cache answers /schedules");
  }

  @Test
  void limitsOffLeaveEveryLimitToTheFrameworkAndAnswersUnbounded() {
    ServerOptions on = parse(Map.of());
    assertTrue(on.limits());
    assertEquals(ServerSettings.Limits.DEFAULT, on.settings().limits());
    ServerOptions off = parse(Map.of(), "--limits", "off");
    assertFalse(off.limits());
    assertSame(ServerSettings.Limits.OFF, off.settings().limits());
    assertFalse(off.settings().limits().on());
    assertEquals(ServerOptions.OFF, off.answerMemoryBytes(), "no budget for answers");
    assertNull(off.idleTimeout(), "the framework's own");
    assertFalse(parse(Map.of("LIMITS", "off")).limits());
    assertTrue(parse(Map.of("LIMITS", "off"), "--limits", "on").limits(), "a flag wins over its variable");
    assertEquals(Duration.ofSeconds(5), parse(Map.of(), "--limits", "on", "--idle-timeout", "5s").settings().limits().idleTimeout());
    assertEquals("--limits: \"maybe\" is not on or off", error(Map.of(), "--limits", "maybe"));
    assertEquals("--idle-timeout: not with --limits off, which leaves it to the framework", error(Map.of(), "--limits", "off", "--idle-timeout", "5s"));
    assertEquals("--answer-memory: not with --limits off, which leaves answers unbounded", error(Map.of(), "--limits=off", "--answer-memory", "1g"));
  }

  @Test
  void wrongFlagsAndValuesAreNamed() {
    assertTrue(error(Map.of(), "--prot", "80").contains("'--prot'"));
    assertEquals("--port: \"http\" is not a port number (0-65535, 0 picks a free port)", error(Map.of(), "--port", "http"));
    assertEquals("--port: \"70000\" is not a port number (0-65535, 0 picks a free port)", error(Map.of(), "--port=70000"));
    assertEquals("PORT: \"x\" is not a port number (0-65535, 0 picks a free port)", error(Map.of("PORT", "x")));
    assertTrue(error(Map.of(), "--gtfs").contains("'--gtfs'"));
    assertTrue(error(Map.of(), "--gtfs", "--port", "1").contains("'--gtfs'"));
    assertEquals("CACHE_BUDGET: \"0\" is not a size in bytes (e.g. 1048576, 512m, 2g)", error(Map.of("CACHE_BUDGET", "0"), "--cache"));
    assertEquals(4001, parse(Map.of("PORT", "x"), "--port", "4001").port(), "a bad variable is ignored when its flag is given");
    assertEquals("--cache-budget: \"lots\" is not a size in bytes (e.g. 1048576, 512m, 2g)", error(Map.of(), "--cache-budget", "lots"));
    assertEquals("--host: the value is empty", error(Map.of(), "--host", " "));
    assertEquals("WATCH: \"often\" is not an interval (500ms, 2s) or off", error(Map.of("WATCH", "often")));
    assertEquals("--watch: \"0s\" is not an interval (500ms, 2s) or off", error(Map.of(), "--watch", "0s"));
    assertEquals("--idle-timeout: \"off\" is not a duration (500ms, 30s)", error(Map.of(), "--idle-timeout", "off"));
    assertEquals("IDLE_TIMEOUT: \"30\" is not a duration (500ms, 30s)", error(Map.of("IDLE_TIMEOUT", "30")));
  }

  @Test
  void usageNamesEveryOption() {
    String usage = ServerOptions.usage("cask-server");
    for (String option : new String[] {"--port", "--host", "--gtfs", "--cache", "--cache-budget", "--tuned", "--verbose", "--snapshot",
        "--watch", "--idle-timeout", "--help", "PORT", "HOST", "GTFS", "TUNED", "VERBOSE", "SNAPSHOT", "WATCH", "IDLE_TIMEOUT"})
      assertTrue(usage.contains(option), option);
  }
}
