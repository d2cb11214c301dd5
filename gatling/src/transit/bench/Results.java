package transit.bench;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import transit.measure.ProcessSampler;
import transit.measure.Spread;
import transit.server.Mode;
import transit.server.Setting;

/** Everything a harness run measured and the conditions it ran under: what the report and charts are made of. */
final class Results {
  /** A client that used this share of its CPUs during a step was the limit, not the server. */
  static final double CLIENT_BOUND_SHARE = 0.90;
  /** A core's share other processes may take of the server's CPUs before a step is marked disturbed, in %. */
  static final double DISTURBED_PERCENT = 10;

  /**
   * One measured step of one server run (a framework in a mode, with a heap, with its limits on or off) in one round;
   * limits: whether the server kept its limits (false: started with --limits off).
   */
  record Row(String framework, Mode mode, String heap, boolean limits, int round, Step step, Measurement m) {
    /** A server that kept its limits, as most runs do. */
    Row(String framework, Mode mode, String heap, int round, Step step, Measurement m) { this(framework, mode, heap, true, round, step, m); }
  }

  /** ok: right answers; failed: wrong ones; lost: none (refused, reset, timed out). */
  record Answers(long ok, long failed, long lost) {
    long all() { return ok + failed + lost; }
  }

  /**
   * The server over a step: its process (CPU, RSS), its collector (null where its JVM could not be attached), the
   * samples per CpuProfile.Part and the threads the answers' work ran on (CpuProfile#threads; both null
   * without a recording), what happened to it (feed replaced, reloaded), and, when it did not stay up through its run,
   * why (it ended, or its log holds an OutOfMemoryError); else null.
   */
  record ServerUse(ProcessSampler.Window process, JvmProbe.Window gc, CpuProfile.Counts profile, Map<String, Long> threads,
      List<ServerEvent> events, String down) {}

  /**
   * What the harness's own clients met beside Gatling's during a step (the overload scenario's slow readers): 200s
   * read whole, refused with a 503, cut off by the server mid-answer, and requests with no answer at all.
   */
  record Background(long served, long shed, long cut, long unanswered) {}

  /** Gatling over a step: its process, its collector, and how many CPUs it had. */
  record ClientUse(ProcessSampler.Window process, JvmProbe.Window gc, int cpus) {}

  /** The right answers' times second by second, from the step's start (epoch ms): for a scenario that asks for them. */
  record Timeline(long startMillis, List<Histogram> seconds) {
    static final Timeline NONE = new Timeline(0, List.of());
  }

  /**
   * What one step measured: the answers, over how long, the right answers' times (ms), the server's and the client's
   * use (null when not measured: a server not started here has none), connections accepted (-1 unknown), the timeline,
   * what the harness's own clients met, and the bytes sent over the loopback (-1 unknown).
   */
  record Measurement(Answers answers, double seconds, Histogram latency, ServerUse server, ClientUse client, long connectionsAccepted,
      Timeline timeline, Background background, long loopbackBytes) {
    /** Without the loopback's bytes (unknown). */
    Measurement(Answers answers, double seconds, Histogram latency, ServerUse server, ClientUse client, long connectionsAccepted,
        Timeline timeline, Background background) {
      this(answers, seconds, latency, server, client, connectionsAccepted, timeline, background, -1);
    }

    /** Bytes on the wire per answer (the loopback's, both ways, headers included); null where unknown. */
    Double wireBytesPerAnswer() { return loopbackBytes < 0 || answers.all() == 0 ? null : (double) loopbackBytes / answers.all(); }

    long ok() { return answers.ok(); }

    long failed() { return answers.failed(); }

    long lost() { return answers.lost(); }

    ProcessSampler.Window serverProcess() { return server == null ? null : server.process(); }

    JvmProbe.Window serverGc() { return server == null ? null : server.gc(); }

    ProcessSampler.Window clientProcess() { return client == null ? null : client.process(); }

    JvmProbe.Window clientGc() { return client == null ? null : client.gc(); }

    List<ServerEvent> events() { return server == null ? List.of() : server.events(); }

    /**
     * The server's CPU per successful request, in ms, spent on one kind of thread: the collector's and the JIT's, the
     * application threads' kernel and user time. Null when not measured.
     */
    Double cpuMillisPerRequest(ProcessSampler.Kind kind) {
      ProcessSampler.Window p = serverProcess();
      if (p == null || p.seconds(kind) == null || ok() == 0) return null;
      return p.seconds(kind) * 1000 / ok();
    }

    /**
     * The application threads' user time per successful request split by the samples among the parts; deflate null
     * where the samples cannot see it (execution samples: its time is spread over the others).
     */
    Double cpuMillisPerRequest(CpuProfile.Part part) {
      Double user = cpuMillisPerRequest(ProcessSampler.Kind.USER);
      CpuProfile.Counts counts = server == null ? null : server.profile();
      if (user == null || counts == null || part == CpuProfile.Part.DEFLATE && !counts.seesNative()) return null;
      long samples = counts.total();
      return samples == 0 ? null : user * counts.parts()[part.ordinal()] / samples;
    }

    double requestsPerSecond() { return seconds > 0 ? ok() / seconds : 0; }

    /** Gatling's process used at least 90 % of its CPUs on average: the throughput is a lower bound. */
    boolean clientBound() {
      return clientProcess() != null && clientProcess().meanCpuPercent() >= CLIENT_BOUND_SHARE * 100 * client.cpus();
    }

    /** Other processes used at least 10 % of a core of the server's CPUs: the server's figures are low by that much. */
    boolean disturbed() {
      return serverProcess() != null && serverProcess().othersPercent() != null && serverProcess().othersPercent() >= DISTURBED_PERCENT;
    }

    Double percentile(double q) { return latency == null || latency.getTotalCount() == 0 ? null : (double) latency.getValueAtPercentile(q); }

    Double maxLatency() { return latency == null || latency.getTotalCount() == 0 ? null : (double) latency.getMaxValue(); }

    /** Server CPU-seconds per 1,000 successful requests. */
    Double cpuSecondsPerThousand() { return serverProcess() == null || ok() == 0 ? null : serverProcess().cpuSeconds() * 1000 / ok(); }

    Double allocatedPerRequest() { return serverGc() == null || ok() == 0 ? null : (double) serverGc().allocatedBytes() / ok(); }

    Double serverGcPercent() { return gcPercent(serverGc()); }

    Double clientGcPercent() { return gcPercent(clientGc()); }

    /** Share of the step's time a JVM spent in GC, in %. */
    private Double gcPercent(JvmProbe.Window gc) { return gc == null || seconds <= 0 ? null : gc.gcMillis() / (seconds * 10); }
  }

  /** A server as it started, from its /health: where the feed came from (csv or snapshot), that load's time, the heap it retains. */
  record ServerStart(String framework, String loadedFrom, long loadMillis, long heapBytes) {}

  /**
   * A server's start, idiomatic: from its JVM's start to its first answered request (the feed's load within it), and
   * its RSS and live heap (after a full collection) before any load.
   */
  record Startup(String framework, String loadedFrom, long startupMillis, long loadMillis, long idleRssBytes, long idleLiveHeapBytes) {}

  /** The rounds of one step on one server set-up (a framework in a mode, with a heap, limits on or off), gathered. */
  record Group(String framework, Mode mode, String heap, boolean limits, Step step, List<Row> rounds) {
    /** A figure over the rounds; null figures (not measured) are left out. */
    Spread spread(Function<Measurement, Double> figure) {
      return Spread.of(rounds.stream().map(r -> figure.apply(r.m)).toList());
    }

    long errors() { return rounds.stream().mapToLong(r -> r.m.failed() + r.m.lost()).sum(); }

    long lost() { return rounds.stream().mapToLong(r -> r.m.lost()).sum(); }

    boolean clientBound() { return rounds.stream().anyMatch(r -> r.m.clientBound()); }

    boolean disturbed() { return rounds.stream().anyMatch(r -> r.m.disturbed()); }

    /** Why the server did not stay up through a round (it ended, or ran out of memory); null when it did, or not measured. */
    String down() {
      return rounds.stream().map(r -> r.m.server() == null ? null : r.m.server().down()).filter(d -> d != null).findFirst().orElse(null);
    }

    /**
     * The threads the answers' work ran on over every round (CpuProfile#threads): "virtual threads (97 %)", and the
     * next too where it has a tenth of the samples or more; null without a recording.
     */
    String threads() {
      Map<String, Long> all = new HashMap<>();
      for (Row r : rounds)
        if (r.m.server() != null && r.m.server().threads() != null) r.m.server().threads().forEach((k, v) -> all.merge(k, v, Long::sum));
      long samples = all.values().stream().mapToLong(Long::longValue).sum();
      if (samples == 0) return null;
      List<String> shares = new ArrayList<>();
      for (Map.Entry<String, Long> e : CpuProfile.mostFirst(all).entrySet()) {
        if (shares.size() == 2 || !shares.isEmpty() && e.getValue() * 10 < samples) break;
        shares.add(e.getKey() + " (" + Math.round(100.0 * e.getValue() / samples) + " %)");
      }
      return String.join(", ", shares);
    }

    /** Every round's successful response times together. */
    Histogram latency() {
      Histogram all = null;
      for (Row r : rounds) {
        if (r.m.latency() == null) continue;
        if (all == null) all = r.m.latency().copy();
        else all.add(r.m.latency());
      }
      return all;
    }
  }

  /** The scenarios the run chose, by name, in order; its rounds; its profile, and whether it was a quick run. */
  final List<String> scenarios;
  final int rounds;
  final Profile profile;
  final boolean quick;
  /** Every server's heap, and the others heavy also ran at (--heaps). */
  final String heap;
  final List<String> heaps;
  /**
   * The run's own limits setting: on unless --limits off. The charts and the verdict show the servers run this way
   * only; runs the other way (the limits-off half of each pair) are set beside them in What the limits cost.
   */
  final boolean limits;
  final ZonedDateTime started = ZonedDateTime.now();
  final List<Row> rows = new ArrayList<>();
  final List<Row> calibration = new ArrayList<>();
  final Map<String, ServerStart> servers = new LinkedHashMap<>();
  final List<Startup> startups = new ArrayList<>(); // every idiomatic server's, in the order they started
  final Map<String, Path> gatlingReports = new LinkedHashMap<>(); // run name → index.html
  final List<String> notes = new ArrayList<>();
  final Map<String, String> brokeOff = new LinkedHashMap<>(); // framework → what broke off its run, for those whose run did
  final Map<String, String> conditions = new LinkedHashMap<>(); // what the report's Conditions table lists
  final Map<String, List<Setting>> settings = new LinkedHashMap<>(); // framework → the settings its server makes beyond its framework's defaults
  List<Integer> rates; // the latency scenario's, once known
  Path feed;
  RouteLists routes;

  Results(List<String> scenarios, int rounds, Profile profile, String heap, List<String> heaps, boolean limits) {
    this.scenarios = scenarios;
    this.rounds = rounds;
    this.profile = profile;
    this.quick = profile == Profile.QUICK;
    this.heap = heap;
    this.heaps = heaps;
    this.limits = limits;
  }

  /**
   * The rows of a scenario, gathered per framework, mode, heap, limits and step, in the order they first ran (round 1
   * runs the frameworks in their listed order).
   */
  List<Group> groups(String scenario) { return groups(rows, scenario); }

  /** A scenario's groups at the run's own limits setting: what the charts draw. */
  List<Group> atRunLimits(String scenario) { return groups(scenario).stream().filter(g -> g.limits() == limits).toList(); }

  /** Whether any server ran with its limits off: the long tables then say which rows did. */
  boolean anyLimitsOff() { return rows.stream().anyMatch(r -> !r.limits()); }

  static List<Group> groups(List<Row> rows, String scenario) {
    Map<String, Group> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      if (!r.step.scenario().equals(scenario)) continue;
      String key = r.framework + "|" + r.mode + "|" + r.heap + "|" + r.limits + "|" + r.step.label();
      groups.computeIfAbsent(key, k -> new Group(r.framework, r.mode, r.heap, r.limits, r.step, new ArrayList<>())).rounds.add(r);
    }
    return List.copyOf(groups.values());
  }
}
