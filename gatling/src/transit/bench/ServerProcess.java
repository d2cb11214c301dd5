package transit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One framework's server in its own JVM, started from its classpath on a free port of 127.0.0.1, pinned to the
 * server CPUs, in one mode and with one heap. Its output goes to a log file; the start-up lines give the port
 * and the feed load time. Its CPU and RSS are sampled from /proc and its collector watched through JMX.
 */
final class ServerProcess implements AutoCloseable {
  /** The server refused a mode's flag: it stopped with a usage error (exit 2) before loading anything. */
  static final class ModeUnsupported extends Exception {
    ModeUnsupported(String message) { super(message); }
  }

  private static final Pattern LISTENING = Pattern.compile(" listening on (http://[^/\\s]+)/");
  /** "Loaded F from the CSV …" or "Loaded F from snapshot S (the CSV took N ms): … rows in M ms; heap retained H MB" */
  private static final Pattern LOADED =
      Pattern.compile("^Loaded .* from (the CSV|snapshot)[^:]*?(?:\\(the CSV took ([\\d,]+) ms\\))?: .* rows in ([\\d,]+) ms; heap retained ([\\d,]+) MB");
  /** "<server>: reloaded after why. Loaded … rows in N ms; …" and "<server>: reload after why failed; …" */
  private static final Pattern RELOADED = Pattern.compile(": reloaded after .* rows in ([\\d,]+) ms"),
      RELOAD_FAILED = Pattern.compile(": reload after .* failed");

  /** Something the server did while serving: a feed swapped in (its load time) or a reload that failed. */
  record Event(long atMillis, String what, long loadMillis) {}
  private static final long START_TIMEOUT_MINUTES = 10; // the real MBTA feed loads in well under that

  final Process process;
  final String baseUrl;
  /** The "Loaded …" line: the load time (of the CSV, also when a snapshot was read), the snapshot's, the retained heap. */
  final long loadMillis, snapshotMillis, heapRetainedMb;
  /** The harness's feed replacements and the server's reloads, in order. */
  final List<Event> events;
  final ProcessStats stats;
  /** Null when the JVM could not be attached to (then no GC, heap or allocation figures). */
  final JvmProbe probe;

  private ServerProcess(Process process, String baseUrl, Matcher load, JvmProbe probe, List<Event> events) {
    this.process = process;
    this.baseUrl = baseUrl;
    boolean snapshot = load != null && load.group(1).equals("snapshot");
    this.loadMillis = load == null ? -1 : number(snapshot ? load.group(2) : load.group(3));
    this.snapshotMillis = snapshot ? number(load.group(3)) : -1;
    this.heapRetainedMb = load == null ? -1 : number(load.group(4));
    this.events = events;
    this.stats = new ProcessStats(process.pid(), true);
    this.probe = probe;
  }

  /** The command that starts it: the pinning prefix, java with the shared flags and the heap, the mode's flags. */
  static List<String> command(Launchers launchers, String framework, Mode mode, String heap, String java, Path feed, List<String> pinning) {
    List<String> command = new ArrayList<>(pinning);
    command.addAll(launchers.javaCommand(framework, java, heap));
    command.addAll(List.of("--host", "127.0.0.1", "--port", "0", "--gtfs", feed.toString()));
    command.addAll(mode.serverFlags);
    return command;
  }

  static ServerProcess start(List<String> command, String framework, Mode mode, Path log) throws IOException, ModeUnsupported {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    CompletableFuture<String> listening = new CompletableFuture<>();
    CompletableFuture<Matcher> loaded = new CompletableFuture<>();
    List<Event> events = java.util.Collections.synchronizedList(new ArrayList<>());
    Thread reader = new Thread(() -> copyOutput(process, log, listening, loaded, events), framework + "-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String url = listening.get(START_TIMEOUT_MINUTES, TimeUnit.MINUTES);
      Matcher load = loaded.getNow(null);
      JvmProbe probe;
      try {
        probe = JvmProbe.attach(process.pid());
      } catch (IOException e) {
        System.out.println("[" + framework + "] no GC figures: " + e.getMessage());
        probe = null;
      }
      return new ServerProcess(process, url, load, probe, events);
    } catch (Exception e) {
      process.destroyForcibly();
      int exit = waitFor(process);
      join(reader);
      if (!mode.serverFlags.isEmpty() && exit == 2)
        throw new ModeUnsupported(framework + " does not take " + String.join(" ", mode.serverFlags) + " (" + firstLine(log) + ")");
      throw new IOException("the server " + framework + " did not start (exit " + exit + "); its output is in " + log, e);
    }
  }

  /** Copies the server's output to the log, completing the futures as the start-up lines appear. */
  private static void copyOutput(Process process, Path log, CompletableFuture<String> listening, CompletableFuture<Matcher> loaded,
      List<Event> events) {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(Files.newBufferedWriter(log), true)) {
      for (String line; (line = in.readLine()) != null; ) {
        out.println(line);
        Matcher reloaded = RELOADED.matcher(line);
        if (reloaded.find()) events.add(new Event(System.currentTimeMillis(), "reloaded", number(reloaded.group(1))));
        else if (RELOAD_FAILED.matcher(line).find()) events.add(new Event(System.currentTimeMillis(), "reload failed", -1));
        Matcher load = LOADED.matcher(line);
        if (load.find()) loaded.complete(load);
        Matcher url = LISTENING.matcher(line);
        if (url.find()) listening.complete(url.group(1));
      }
    } catch (IOException e) {
      // the process has ended
    }
    listening.completeExceptionally(new IOException("the server ended before it listened"));
  }

  private static long number(String text) { return Long.parseLong(text.replace(",", "")); }

  /**
   * Publishes a new feed as a publisher would: a copy of source written beside served, then moved over it (for a
   * feed directory, each of its files in turn).
   */
  void replaceFeed(Path source, Path served) {
    try {
      if (Files.isDirectory(source)) {
        try (var files = Files.list(source)) {
          for (Path file : files.filter(Files::isRegularFile).toList()) publish(file, served.resolve(file.getFileName()));
        }
      } else {
        publish(source, served);
      }
      events.add(new Event(System.currentTimeMillis(), "replaced", -1));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot replace the feed " + served, e);
    }
  }

  /** A copy of the feed for a server whose feed the harness will replace (never the user's own file). */
  static Path copyFeed(Path source, Path served) throws IOException {
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
    Files.copy(file, partial, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.move(partial, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** The events between two instants, and up to `after` ms past the second (a reload still under way at the step's end). */
  List<Event> events(long fromMillis, long toMillis, long after) {
    synchronized (events) {
      return events.stream().filter(e -> e.atMillis() >= fromMillis && e.atMillis() <= toMillis + after).toList();
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
