package transit.conformance;

import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import transit.server.RunningServer;

/**
 * What an operator does to a server on a JVM of its own (RunningServer#process), which a test cannot reach into: signal
 * it to reload its feed, and read /health until it shows the outcome.
 */
final class Operator {
  private Operator() {}

  /** SIGHUP to the server's process: it reloads its feed from its files (FeedReloader). */
  static void sighup(RunningServer server) throws Exception {
    long pid = server.process().orElseThrow().pid();
    int exit = new ProcessBuilder("kill", "-HUP", Long.toString(pid)).inheritIO().start().waitFor();
    if (exit != 0) throw new AssertionError("kill -HUP " + pid + " exited " + exit);
  }

  /** /health's body once it shows what is awaited, read every 20 ms for up to 30 s. */
  static String awaitHealth(RunningServer server, Predicate<String> shows, String awaited) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (String health = Http.get(server.port(), "/health").text(); ; health = Http.get(server.port(), "/health").text()) {
      if (shows.test(health)) return health;
      if (System.nanoTime() > deadline) throw new AssertionError("/health shows no " + awaited + " within 30 s of SIGHUP: " + health);
      Thread.sleep(20);
    }
  }
}
