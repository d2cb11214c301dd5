package transit.bench.results;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import transit.bench.run.CpuProfile;
import transit.bench.run.JvmProbe;
import transit.bench.run.ServerEvent;
import transit.bench.scenario.Background;
import transit.measure.ProcessSampler;

/**
 * What one slice measured: the answers, over how long, the right answers' times (ms), the server's and the client's
 * use (null when not measured: a server not started here has none), connections accepted (-1 unknown), the timeline,
 * what the harness's own clients met, and the bytes sent over the loopback (-1 unknown).
 */
public record Measurement(Answers answers, double seconds, Histogram times, ServerUse server, ClientUse client, long connectionsAccepted,
    Timeline timeline, Background background, long loopbackBytes) {
  /** A client that used this share of its CPUs during a slice was the limit, not the server. */
  public static final double CLIENT_BOUND_SHARE = 0.90;
  /**
   * A core's share anything but the server may take of the server CPUs before a slice is disturbed, in %: the servers
   * idle beside it take a few % together as a rule and up to about 15 in a slice right after their own.
   */
  public static final double DISTURBED_PERCENT = 20;
  /** A server held at its limit uses at least this share of its CPUs, in %: below, it was waiting, not working. */
  public static final double WORKING_PERCENT = 80;

  /** ok: right answers; failed: wrong ones; lost: none (refused, reset, timed out). */
  public record Answers(long ok, long failed, long lost) {
    public long all() { return ok + failed + lost; }
  }

  /**
   * The server over a slice: its process (CPU, RSS), its collector (null where its JVM could not be attached), the
   * samples per CpuProfile.Part and the threads the answers' work ran on (CpuProfile#threads; both null without a
   * recording), what happened to it (feed replaced, reloaded), why it did not stay up (it ended, or its log holds an
   * OutOfMemoryError; else null), and what the other servers idle beside it took meanwhile, in % of one core (null
   * unknown).
   */
  public record ServerUse(ProcessSampler.Window process, JvmProbe.Window gc, CpuProfile.Counts profile, Map<String, Long> threads,
      List<ServerEvent> events, String down, Double beside) {
    /** The same with its share of a recording's samples. */
    public ServerUse withProfile(CpuProfile.Counts counts, Map<String, Long> threads) {
      return new ServerUse(process, gc, counts, threads, events, down, beside);
    }
  }

  /** Gatling over a slice: its process, its collector, and how many CPUs it had. */
  public record ClientUse(ProcessSampler.Window process, JvmProbe.Window gc, int cpus) {}

  /** The right answers' times second by second, from the slice's start (epoch ms): for a scenario that asks for them. */
  public record Timeline(long startMillis, List<Histogram> seconds) {
    public static final Timeline NONE = new Timeline(0, List.of());
  }

  public Measurement withTimeline(Timeline timeline) {
    return new Measurement(answers, seconds, times, server, client, connectionsAccepted, timeline, background, loopbackBytes);
  }

  public Measurement withServer(ServerUse server) {
    return new Measurement(answers, seconds, times, server, client, connectionsAccepted, timeline, background, loopbackBytes);
  }

  public long ok() { return answers.ok(); }

  public long failed() { return answers.failed(); }

  public long lost() { return answers.lost(); }

  public ProcessSampler.Window serverProcess() { return server == null ? null : server.process(); }

  public JvmProbe.Window serverGc() { return server == null ? null : server.gc(); }

  public ProcessSampler.Window clientProcess() { return client == null ? null : client.process(); }

  public JvmProbe.Window clientGc() { return client == null ? null : client.gc(); }

  public List<ServerEvent> events() { return server == null ? List.of() : server.events(); }

  public double requestsPerSecond() { return seconds > 0 ? ok() / seconds : 0; }

  /** Bytes on the wire per answer (the loopback's, both ways, headers included); null where unknown. */
  public Double wireBytesPerAnswer() { return loopbackBytes < 0 || answers.all() == 0 ? null : (double) loopbackBytes / answers.all(); }

  /** The server's CPU-seconds over the slice; null when not measured. */
  public Double serverCpuSeconds() { return serverProcess() == null ? null : serverProcess().cpuSeconds(); }

  /** The server's CPU per successful request, every thread's, in ms; null when not measured. */
  public Double cpuMillisPerRequest() { return serverProcess() == null || ok() == 0 ? null : serverProcess().cpuSeconds() * 1000 / ok(); }

  /**
   * The server's CPU per successful request, in ms, spent on one kind of thread: the collector's and the JIT's, the
   * application threads' kernel and user time. Null when not measured.
   */
  public Double cpuMillisPerRequest(ProcessSampler.Kind kind) {
    ProcessSampler.Window p = serverProcess();
    if (p == null || p.seconds(kind) == null || ok() == 0) return null;
    return p.seconds(kind) * 1000 / ok();
  }

  /**
   * The application threads' user time per successful request split by the samples among the parts; deflate null
   * where the samples cannot see it (execution samples: its time is spread over the others).
   */
  public Double cpuMillisPerRequest(CpuProfile.Part part) {
    Double user = cpuMillisPerRequest(ProcessSampler.Kind.USER);
    CpuProfile.Counts counts = server == null ? null : server.profile();
    if (user == null || counts == null || part == CpuProfile.Part.DEFLATE && !counts.seesNative()) return null;
    long samples = counts.total();
    return samples == 0 ? null : user * counts.parts()[part.ordinal()] / samples;
  }

  /** The JIT compilers' share of the server's CPU over the slice, in %; null where its threads were not read. */
  public Double jitPercent() {
    ProcessSampler.Window p = serverProcess();
    if (p == null || p.seconds(ProcessSampler.Kind.JIT) == null || p.cpuSeconds() <= 0) return null;
    return 100 * p.seconds(ProcessSampler.Kind.JIT) / p.cpuSeconds();
  }

  public Double rssMb() { return serverProcess() == null ? null : serverProcess().maxRssKb() / 1024.0; }

  /** The highest heap left after a collection in the slice, in MB: what the server held live; null where unknown. */
  public Double heapAfterGcMb() { return serverGc() == null || serverGc().maxHeapAfterGc() < 0 ? null : serverGc().maxHeapAfterGc() / 1048576.0; }

  public Double allocatedPerRequest() { return serverGc() == null || ok() == 0 ? null : (double) serverGc().allocatedBytes() / ok(); }

  public Double serverGcPercent() { return gcPercent(serverGc()); }

  public Double clientGcPercent() { return gcPercent(clientGc()); }

  /** Share of the slice's time a JVM spent in GC, in %. */
  private Double gcPercent(JvmProbe.Window gc) { return gc == null || seconds <= 0 ? null : gc.gcMillis() / (seconds * 10); }

  public Double percentile(double q) { return times == null || times.getTotalCount() == 0 ? null : (double) times.getValueAtPercentile(q); }

  public Double maxLatency() { return times == null || times.getTotalCount() == 0 ? null : (double) times.getMaxValue(); }

  /**
   * What anything but the server took of the server CPUs, in % of one core: the CPUs' busy time less the server's, or
   * the idle servers' own CPU where that is more (the CPUs' ticks miss some of a process's time: its interrupts').
   * Null where the CPUs were not read: what others took is then unknown, not nothing.
   */
  public Double othersPercent() {
    ProcessSampler.Window p = serverProcess();
    if (p == null || p.othersPercent() == null) return null;
    return server.beside() == null ? p.othersPercent() : Math.max(p.othersPercent(), server.beside());
  }

  /** Gatling's process used at least 90 % of its CPUs on average: the throughput is a lower bound. */
  public boolean clientBound() {
    return clientProcess() != null && clientProcess().meanCpuPercent() >= CLIENT_BOUND_SHARE * 100 * client.cpus();
  }

  /** Anything but the server took a fifth of a core or more of the server CPUs: the server's figures are low by that much. */
  public boolean disturbed() {
    Double others = othersPercent();
    return others != null && others >= DISTURBED_PERCENT;
  }

  /**
   * The server used less than 80 % of its CPUs though the client was not the limit: it waited (on a lock, a pool, the
   * network) rather than worked; false where its CPU is unknown.
   */
  public boolean waiting(int serverCpus) {
    return serverProcess() != null && !clientBound() && serverProcess().meanCpuPercent() < WORKING_PERCENT * serverCpus;
  }
}
