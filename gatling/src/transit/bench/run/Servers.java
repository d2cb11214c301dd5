package transit.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.measure.ProcessSampler;

/**
 * A group's servers, up at once and pinned to the server CPUs: each started from its build, watched (its CPU and RSS
 * sampled, its collector through JMX, a flight recording of its samples from its start), only the one under load
 * sampling its threads; stopped together, their recordings read. With --target, one server already running, not
 * started here (no CPU, memory or recording).
 */
public final class Servers implements AutoCloseable {
  private final Map<Contestant, ServerProcess> processes = new LinkedHashMap<>();
  private final Map<Contestant, String> urls = new LinkedHashMap<>();
  private final Map<Contestant, Long> recordings = new LinkedHashMap<>();

  /** A server already running at url, for --target. */
  public static Servers target(Contestant server, String url) {
    Servers servers = new Servers();
    servers.urls.put(server, url);
    return servers;
  }

  public Servers() {}

  /** Adds a server just started; its flight recording starts now (without one where its JVM could not be attached). */
  public void add(Contestant c, ServerProcess server) {
    processes.put(c, server);
    urls.put(c, server.baseUrl);
    server.stats.measuring(false);
    if (server.probe != null) {
      try {
        recordings.put(c, server.probe.startProfile());
      } catch (IOException e) {
        System.out.println("[" + c.name() + "] no CPU profile: " + e.getMessage());
      }
    }
  }

  /** The servers up, in the order they started. */
  public List<Contestant> up() { return List.copyOf(urls.keySet()); }

  public String url(Contestant c) { return urls.get(c); }

  /** The server's process, or null for one not started here (--target). */
  public ServerProcess process(Contestant c) { return processes.get(c); }

  /** Only this server's threads sampled from now on (null: none's): the one under load. */
  public void underLoad(Contestant c) { processes.forEach((k, p) -> p.stats.measuring(k.equals(c))); }

  /** Every other server's CPU over a window, in % of one core: what they took idle beside the one under load. */
  public Map<Contestant, Double> idleCpu(Contestant underLoad, long fromMillis, long toMillis) {
    Map<Contestant, Double> idle = new LinkedHashMap<>();
    processes.forEach((c, p) -> {
      if (c.equals(underLoad)) return;
      ProcessSampler.Window w = p.stats.window(fromMillis, toMillis);
      if (w != null) idle.put(c, w.meanCpuPercent());
    });
    return idle;
  }

  /** The servers' RSS together now, in bytes; -1 where none is watched. */
  public long rssBytes() {
    if (processes.isEmpty()) return -1;
    return processes.values().stream().mapToLong(p -> Math.max(0, ProcessSampler.rssKb(p.process.pid())) << 10).sum();
  }

  /**
   * Stops every server's recording, copying it into dir, and returns each as read (encoding: a server's encoding frames);
   * a recording that cannot be read is left out and said so.
   */
  public Map<Contestant, CpuProfile> profiles(Path dir, java.util.function.Function<Contestant, List<String>> encoding) {
    Map<Contestant, CpuProfile> read = new LinkedHashMap<>();
    recordings.forEach((c, id) -> {
      Path file = dir.resolve(c.fileName() + ".jfr");
      try {
        Files.createDirectories(dir);
        processes.get(c).probe.stopProfile(id, file);
        read.put(c, CpuProfile.read(file, encoding.apply(c)));
      } catch (IOException | RuntimeException e) {
        System.out.println("[" + c.name() + "] its CPU profile could not be read: " + e.getMessage());
      }
    });
    recordings.clear();
    return read;
  }

  /** Stops every server. */
  @Override
  public void close() {
    List<Thread> stopping = new ArrayList<>();
    for (ServerProcess p : processes.values()) {
      Thread t = new Thread(p::close, "stop-" + p.process.pid());
      t.start();
      stopping.add(t);
    }
    for (Thread t : stopping) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    processes.clear();
  }
}
