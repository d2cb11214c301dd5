package transit.quarkus;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import transit.api.Model.TripSchedule;
import transit.api.TransitApi;
import transit.server.Framework;
import transit.server.FrameworkRegistry;
import transit.server.Library;
import transit.server.Mode;
import transit.server.ProtocolError;
import transit.server.RunningServer;
import transit.server.ServerSettings;
import transit.server.Setting;

/**
 * Quarkus as the comparison knows it: Quarkus 3 REST on its Vert.x HTTP server, JSON by Quarkus's Jackson. What the
 * suites and JMH need of it in their own JVM, without Quarkus's jars (whose Vert.x JSON codec would take over another
 * framework's there): a Quarkus application is built at build time and runs one per JVM, so the suites start it as the
 * harness starts every server, on a JVM of its own (OwnJvm).
 */
public final class QuarkusFramework implements Framework {
  /** The registry finds the framework by this name (build.mill's frameworkClass). */
  public static Framework framework() { return new QuarkusFramework(); }

  /** The versions Quarkus's build resolved (the quarkus-server module writes them beside this class). */
  private static final Properties VERSIONS = versions();
  private static final Library JACKSON = new Library("Jackson", VERSIONS.getProperty("jackson", "?"));

  private static Properties versions() {
    Properties p = new Properties();
    try (InputStream in = QuarkusFramework.class.getResourceAsStream("versions.properties")) {
      if (in != null) p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  @Override
  public RunningServer start(TransitApi api, ServerSettings settings) throws Exception { return OwnJvm.start(api, settings); }

  @Override
  public List<Library> libraries() {
    return List.of(new Library("Quarkus", VERSIONS.getProperty("quarkus", "?")), new Library("Vert.x", VERSIONS.getProperty("vertx", "?")), JACKSON);
  }

  @Override
  public Library json() { return JACKSON; }

  @Override
  public byte[] encodeSchedules(List<TripSchedule> trips) { return QuarkusJson.schedules(trips); }

  @Override
  public List<String> encodingFrames() { return List.of("com.fasterxml.jackson.", QuarkusJson.class.getName()); }

  @Override
  public String serves(Mode mode) {
    return switch (mode) {
      case IDIOMATIC -> "the model returned from a Quarkus REST resource method on Quarkus's worker pool, encoded by its Jackson "
          + "into the response's output stream";
      case TUNED -> "128 KB chunks written from the feed's arrays on the request's event loop, each once the last is on its way "
          + "(writeQueueFull, drainHandler), with its length, by a Quarkus REST ServerMessageBodyWriter (QuarkusLimits.PacedWriter), as "
          + "Quarkus REST writes an AsyncFile";
      case CACHED -> "the kept bytes returned from the resource method on Quarkus's worker pool, written whole (with the limits on, "
          + "over " + ServerSettings.Limits.DEFAULT.wholeBodyBytes() / 1024 + " KB in " + ServerSettings.Limits.DEFAULT.sliceBytes() / 1024 + " KB writes on the request's event loop as the client "
          + "takes them, by the same writer as tuned's)";
    };
  }

  @Override
  public String compresses() {
    return "Quarkus's compression (quarkus.http.enable-compression, fixed at build time): Vert.x's, Netty's gzip or deflate as the "
        + "request prefers, at level 6, for the media types Quarkus lists (JSON among them), chunk by chunk as the body is written; a "
        + "request that refuses gzip gets Content-Encoding: identity, as Netty would answer another coding it named, even a refused one";
  }

  @Override
  public int answers(ProtocolError request) {
    return switch (request) {
      case HTTP_9_9, HTTP_2_0_REQUEST_LINE -> ProtocolError.NO_ANSWER;
      case TABS_BETWEEN_PARTS, EMPTY_LINE_BEFORE_REQUEST, PATH_NOT_UTF8_ONCE_DECODED, TWO_HUNDRED_HEADERS, OBSOLETE_FOLDED_HEADER,
          WEBSOCKET_UPGRADE, HTTP_1_0_WITHOUT_HOST -> 200;
      case LOWERCASE_GET -> 405;
      case OPTIONS_ASTERISK, CONNECT, FRAGMENT -> 404;
      // Vert.x's codec: a request line over its bound is a URI too long, a header block over its bound too large
      case ROUTE_ID_OF_70000_CHARACTERS -> 414;
      case HEADER_OF_70000_BYTES -> 431;
      case NO_SPACES_IN_REQUEST_LINE, METHOD_ONLY, BARE_LF_LINE_ENDINGS, HTTP_0_9, HEADER_LINE_WITHOUT_COLON, SPACE_IN_HEADER_NAME,
          CONTROL_CHARACTER_IN_HEADER_VALUE, CONTENT_LENGTH_AND_CHUNKED -> 400;
    };
  }

  @Override
  public List<Setting> settings() {
    return List.of(
        Setting.always("quarkus.http.enable-compression", "true", "false", Setting.FOR_COMPRESSION, Setting.COMPRESSION_COST),
        Setting.limit("quarkus.http.idle-timeout", "30 s", "30 min", "a connection that neither reads nor writes (a client that "
            + "stopped reading included) frees what its response holds", Setting.WITH_THE_LIMITS),
        Setting.limit("HttpServerOptionsCustomizer: send buffer", Setting.SEND_BUFFER, "the kernel's, grown to megabytes",
            Setting.FOR_THE_RATE_CHECK, Setting.SEND_BUFFER_COST),
        Setting.limit("QuarkusLimits.Watch (a handler in Vert.x's server channel and one in each connection's, a route first in Quarkus's router)",
            "every head within 5 s, a kept-alive connection's next one from its first byte; 16 KB/s over 10 s, judged once a second as a response moves", "none", Setting.FOR_TRICKLED_HEADS
            + "; " + Setting.FOR_TRICKLING_READERS, Setting.WITH_THE_LIMITS),
        Setting.limit("cached bodies over " + ServerSettings.Limits.DEFAULT.wholeBodyBytes() / 1024 + " KB (the send buffer and a window "
            + "at the minimum rate) in " + ServerSettings.Limits.DEFAULT.sliceBytes() / 1024 + " KB writes (Limits.sliceBytes) by a ServerMessageBodyWriter, QuarkusLimits.PacedWriter",
            ServerSettings.Limits.DEFAULT.sliceBytes() / 1024 + " KB writes", "one write of the whole body",
            "the minimum rate sees a body move as its writes complete; a slow reader holds a write's copy, not the whole body's",
            Setting.WITH_THE_LIMITS),
        Setting.always("quarkus.http.accept-backlog", Setting.BACKLOG, "-1 (Vert.x's)", Setting.FOR_THE_BACKLOG, Setting.IN_EVERY_FIGURE),
        Setting.always("quarkus.http.limits.max-initial-line-length, max-header-size", Setting.MAX_HEAD, "4 KB, 20 KB", Setting.FOR_LONG_IDS,
            Setting.IN_EVERY_FIGURE),
        Setting.always("HttpServerOptionsCustomizer: h2c", "off", "on", "HTTP/1.1 only, as every server: an h2c upgrade is answered "
            + "in HTTP/1.1", Setting.IN_EVERY_FIGURE),
        Setting.always("a pre-matching @ServerRequestFilter, @ServerExceptionMapper for not found and not allowed", "Host required "
            + "(HTTP/1.1), characters no URI has refused, HEAD and OPTIONS refused, JSON error bodies", "Quarkus REST's own reading, "
            + "HEAD and OPTIONS answered from GET resources, its error bodies", Setting.FOR_THE_CONTRACT, Setting.IN_EVERY_FIGURE),
        Setting.always("quarkus.jackson.property-naming-strategy, an ObjectMapperCustomizer (QuarkusJson)", "SNAKE_CASE; load_ms, "
            + "COMBINE_UNICODE_SURROGATES_IN_UTF8", "the components' names, characters beyond U+FFFF as escaped surrogates",
            Setting.FOR_THE_CONTRACT_BYTES, Setting.IN_EVERY_FIGURE));
  }

  /**
   * System properties OwnJvm sets for what an in-process server is given and the command line cannot say: the limits
   * in full (limits(Limits)), and the instant a fixed clock stands at (ISO-8601).
   */
  public static final String LIMITS = "transit.quarkus.limits", NOW = "transit.quarkus.now";

  /** The limits as one property value: off, or each of them in ServerSettings.Limits' order. */
  public static String limits(ServerSettings.Limits l) {
    return !l.on() ? "off" : l.idleTimeout().toMillis() + "," + l.requestHeadTimeout().toMillis() + "," + l.minResponseBytesPerSecond() + ","
        + l.minRateWindow().toMillis() + "," + l.sendBufferBytes() + "," + l.connectionLimit();
  }

  public static ServerSettings.Limits limits(String value) {
    if (value.equals("off")) return ServerSettings.Limits.OFF;
    long[] v = java.util.Arrays.stream(value.split(",")).mapToLong(Long::parseLong).toArray();
    return new ServerSettings.Limits(true, Duration.ofMillis(v[0]), Duration.ofMillis(v[1]), (int) v[2], Duration.ofMillis(v[3]), (int) v[4], (int) v[5]);
  }

  /**
   * The server on a JVM of its own, as the harness runs it (the registry's launcher, the servers' flags), over the
   * feed the API serves (its path), in the settings' mode and limits; what it prints is printed here, line by line, as
   * an in-process server's would be.
   */
  static final class OwnJvm implements RunningServer {
    private static final Pattern LISTENING = Pattern.compile(" listening on http://[^/]*:(\\d+)/");

    private final Process process;
    private final int port;

    private OwnJvm(Process process, int port) {
      this.process = process;
      this.port = port;
    }

    static RunningServer start(TransitApi api, ServerSettings settings) throws IOException {
      FrameworkRegistry registry = FrameworkRegistry.load();
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
      command.addAll(registry.jvmFlags());
      command.add("-D" + LIMITS + "=" + limits(settings.limits()));
      Clock clock = api.clock();
      if (clock.equals(Clock.fixed(clock.instant(), clock.getZone()))) command.add("-D" + NOW + "=" + clock.instant());
      command.addAll(registry.launch("quarkus"));
      command.addAll(List.of("--host", settings.host(),
          "--port", String.valueOf(settings.port()), "--gtfs", api.feed().source, "--snapshot", "off", "--watch", "off"));
      command.addAll(settings.mode().flags);
      if (!settings.limits().on()) command.addAll(List.of("--limits", "off"));
      Process process = new ProcessBuilder(command).start();
      CompletableFuture<Integer> listening = new CompletableFuture<>();
      relay(process.getInputStream(), () -> System.out, listening);
      relay(process.getErrorStream(), () -> System.err, null);
      try {
        return new OwnJvm(process, listening.get(60, TimeUnit.SECONDS));
      } catch (Exception e) {
        process.destroyForcibly();
        throw new IOException("quarkus-server did not start: " + e.getMessage(), e);
      }
    }

    /**
     * Copies a stream's lines to out, completing listening with the port once the server says it listens. out is asked
     * for at each line: whoever holds System.out or System.err then (a suite capturing what servers print) sees it, as
     * it sees what a server in its own JVM prints.
     */
    private static void relay(InputStream in, java.util.function.Supplier<PrintStream> out, CompletableFuture<Integer> listening) {
      Thread relay = new Thread(() -> {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
          for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            out.get().println(line);
            Matcher m = LISTENING.matcher(line);
            if (listening != null && m.find()) listening.complete(Integer.parseInt(m.group(1)));
          }
        } catch (IOException e) {
          // the process ended
        }
        if (listening != null) listening.completeExceptionally(new IOException("it ended before it listened"));
      }, "quarkus-server output");
      relay.setDaemon(true);
      relay.start();
    }

    @Override
    public int port() { return port; }

    @Override
    public java.util.Optional<ProcessHandle> process() { return java.util.Optional.of(process.toHandle()); }

    @Override
    public void close() {
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
