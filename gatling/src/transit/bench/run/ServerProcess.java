package transit.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import transit.bench.plan.Contestant;
import transit.measure.ProcessSampler;

/**
 * One server of a run in its own JVM, started from its build's classpath on a free port of 127.0.0.1, pinned to the
 * server CPUs, in its mode, with its heap and limits. Its output goes to a log file, whose "listening on" line gives the
 * port; its feed, load time and reloads come from its /health. Its CPU and RSS are sampled, its collector watched
 * through JMX.
 */
public final class ServerProcess implements AutoCloseable {
  /**
   * The server refused a flag the run asked of it (its mode's, --limits off): it stopped with a usage error (exit 2)
   * before loading anything; a server built at an older revision may not know them.
   */
  public static final class FlagsUnsupported extends Exception {
    FlagsUnsupported(String message) { super(message); }
  }

  private static final Pattern LISTENING = Pattern.compile(" listening on (http://[^/\\s]+)/");
  private static final long START_TIMEOUT_MINUTES = 10; // the real MBTA feed loads in well under that
  /** How often /health is read while the harness replaces the feed: a swap is timed by the server's own loaded_at anyway. */
  private static final long HEALTH_POLL_MILLIS = 200;
  private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10)).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The feed a server serves, as its /health says: since when, from where, that load's time, the heap it retains, the last failed reload's time. */
  public record Health(Instant loadedAt, String loadedFrom, long loadMillis, long heapBytes, Instant lastFailedReload) {
    static Health of(JsonNode health) {
      JsonNode failed = health.path("last_failed_reload");
      return new Health(Instant.parse(health.get("loaded_at").asText()), health.get("loaded_from").asText(), health.get("load_ms").asLong(),
          health.get("heap_bytes").asLong(), failed.isObject() ? Instant.parse(failed.get("at").asText()) : null);
    }
  }

  public final Process process;
  public final String baseUrl;
  /** Where its output goes. */
  public final Path log;
  /** /health as the server started. */
  public final Health started;
  /** When its first request (that /health) was answered, in ms since the epoch. */
  public final long firstAnswerMillis;
  public final ProcessSampler stats;
  /** Null when the JVM could not be attached to (then no GC, heap or allocation figures). */
  public final JvmProbe probe;
  /** The harness's feed replacements and the server's reloads, in order. */
  private final List<ServerEvent> events = Collections.synchronizedList(new ArrayList<>());

  private ServerProcess(Process process, String baseUrl, Path log, Health started, long firstAnswerMillis, JvmProbe probe) {
    this.process = process;
    this.baseUrl = baseUrl;
    this.log = log;
    this.started = started;
    this.firstAnswerMillis = firstAnswerMillis;
    this.stats = new ProcessSampler(process.pid(), true);
    this.probe = probe;
  }

  /** The command that starts it: the pinning prefix, its JDK's java with the shared flags and its heap, then its own flags (Contestant#serverFlags). */
  public static List<String> command(Launchers launchers, Contestant server, Path feed, List<String> pinning) {
    List<String> command = new ArrayList<>(pinning);
    command.addAll(launchers.javaCommand(server));
    command.addAll(List.of("--host", "127.0.0.1", "--port", "0", "--gtfs", feed.toString()));
    command.addAll(server.serverFlags());
    return command;
  }

  /** asked: the flags of the command the run asks of this server beyond every server's (its mode's, --limits off). */
  public static ServerProcess start(List<String> command, String framework, List<String> asked, Path log) throws IOException, FlagsUnsupported {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    CompletableFuture<String> listening = new CompletableFuture<>();
    Thread reader = new Thread(() -> copyOutput(process, log, listening), framework + "-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String url = listening.get(START_TIMEOUT_MINUTES, TimeUnit.MINUTES);
      Health health = health(url);
      long answered = System.currentTimeMillis();
      JvmProbe probe;
      try {
        probe = JvmProbe.attach(process.pid());
      } catch (IOException e) {
        System.out.println("[" + framework + "] no GC figures: " + e.getMessage());
        probe = null;
      }
      return new ServerProcess(process, url, log, health, answered, probe);
    } catch (Exception e) {
      process.destroyForcibly();
      int exit = waitFor(process);
      join(reader);
      if (!asked.isEmpty() && exit == 2)
        throw new FlagsUnsupported(framework + " does not take " + String.join(" ", asked) + " (" + firstLine(log) + ")");
      throw new IOException("the server " + framework + " did not start (exit " + exit + "); its output is in " + log, e);
    }
  }

  /** Copies the server's output to the log, completing listening with its URL once it prints it. */
  private static void copyOutput(Process process, Path log, CompletableFuture<String> listening) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(Files.newBufferedWriter(log), true)) {
      for (String line; (line = in.readLine()) != null; ) {
        out.println(line);
        Matcher url = LISTENING.matcher(line);
        if (url.find()) listening.complete(url.group(1));
      }
    } catch (IOException e) {
      // the process has ended
    }
    listening.completeExceptionally(new IOException("the server ended before it listened"));
  }

  /** A server as it started, before any load: from its JVM's start to its first answered request, its RSS (-1 unknown) and live heap then. */
  public record Start(long startupMillis, long idleRssBytes, long idleLiveHeapBytes) {}

  /** The server as it started, before any load (its live heap after a full collection asked for now). Null without its JVM's figures. */
  public Start startup() {
    if (probe == null) return null;
    long rssKb = ProcessSampler.rssKb(process.pid());
    return new Start(firstAnswerMillis - probe.vmStartMillis(), rssKb < 0 ? -1 : rssKb << 10, probe.liveHeapBytes());
  }

  /** Its port on 127.0.0.1. */
  public int port() { return Integer.parseInt(baseUrl.substring(baseUrl.lastIndexOf(':') + 1)); }

  /** GET /health, read. */
  public static Health health(String baseUrl) throws IOException, InterruptedException {
    HttpResponse<byte[]> r = CLIENT.send(HttpRequest.newBuilder(URI.create(baseUrl + "/health")).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    if (r.statusCode() != 200) throw new IOException("GET /health answered " + r.statusCode());
    return Health.of(JSON.readTree(r.body()));
  }

  /**
   * Reads /health every 200 ms, on a thread of its own, until closed: each new loaded_at is a reload in service (at
   * that instant, with its load time), each new failed reload an event too.
   */
  public AutoCloseable watchReloads() {
    Thread watcher = new Thread(() -> {
      Health last = started;
      try {
        while (!Thread.currentThread().isInterrupted()) {
          Thread.sleep(HEALTH_POLL_MILLIS);
          Health now;
          try {
            now = health(baseUrl);
          } catch (IOException e) {
            continue; // busy: the next read will see it
          }
          if (!now.loadedAt().equals(last.loadedAt())) events.add(new ServerEvent(now.loadedAt().toEpochMilli(), ServerEvent.RELOADED, now.loadMillis()));
          if (now.lastFailedReload() != null && !now.lastFailedReload().equals(last.lastFailedReload()))
            events.add(new ServerEvent(now.lastFailedReload().toEpochMilli(), ServerEvent.RELOAD_FAILED, -1));
          last = now;
        }
      } catch (InterruptedException e) {
        // closed
      }
    }, "health-watch");
    watcher.setDaemon(true);
    watcher.start();
    return watcher::interrupt;
  }

  /**
   * Publishes a new feed as a publisher would: a copy of source written beside served, then moved over it (for a
   * feed directory, each of its files in turn).
   */
  public void replaceFeed(Path source, Path served) {
    try {
      if (Files.isDirectory(source)) {
        try (var files = Files.list(source)) {
          for (Path file : files.filter(Files::isRegularFile).toList()) publish(file, served.resolve(file.getFileName()));
        }
      } else {
        publish(source, served);
      }
      events.add(new ServerEvent(System.currentTimeMillis(), ServerEvent.REPLACED, -1));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot replace the feed " + served, e);
    }
  }

  /** A copy of the feed for a server whose feed the harness will replace (never the user's own file). */
  public static Path copyFeed(Path source, Path served) throws IOException {
    Files.createDirectories(Files.isDirectory(source) ? served : served.getParent());
    if (Files.isDirectory(source)) {
      try (var files = Files.list(source)) {
        for (Path file : files.filter(Files::isRegularFile).toList()) Files.copy(file, served.resolve(file.getFileName()));
      }
    } else {
      Files.copy(source, served);
    }
    return served;
  }

  private static void publish(Path file, Path target) throws IOException {
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    Files.copy(file, partial, StandardCopyOption.REPLACE_EXISTING);
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Null while the server is up and its log holds no OutOfMemoryError; else which of the two it is not. */
  public String down() {
    if (!process.isAlive()) return "it ended (exit code " + process.exitValue() + ")";
    try {
      if (Files.readString(log).contains("OutOfMemoryError")) return "OutOfMemoryError in its log";
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  /** The events between two instants, and up to `after` ms past the second (a reload still under way at the step's end). */
  public List<ServerEvent> events(long fromMillis, long toMillis, long after) {
    synchronized (events) {
      return events.stream().filter(e -> e.atMillis() >= fromMillis && e.atMillis() <= toMillis + after)
          .sorted(java.util.Comparator.comparingLong(ServerEvent::atMillis)).toList();
    }
  }

  private static int waitFor(Process process) {
    try {
      return process.waitFor(30, TimeUnit.SECONDS) ? process.exitValue() : -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private static void join(Thread thread) {
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String firstLine(Path log) {
    try {
      return Files.readAllLines(log).stream().filter(l -> !l.isBlank()).findFirst().orElse("no output");
    } catch (IOException e) {
      return "no output";
    }
  }

  @Override
  public void close() {
    if (probe != null) probe.close();
    stats.close();
    process.destroy();
    if (waitFor(process) == -1) process.destroyForcibly();
  }
}
