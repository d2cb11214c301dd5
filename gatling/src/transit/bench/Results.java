package transit.bench;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/** Everything a harness run measured and the conditions it ran under: what the report and charts are made of. */
final class Results {
  /** A client that used this share of its CPUs during a step was the limit, not the server. */
  static final double CLIENT_BOUND_SHARE = 0.90;
  /** A core's share other processes may take of the server's CPUs before a step is marked disturbed, in %. */
  static final double DISTURBED_PERCENT = 10;
  /** A figure whose rounds spread over more than this share of their median is marked. */
  static final double WIDE_SPREAD = 0.10;

  /**
   * One measured step of one server run (a framework in a mode, with a heap) in one round. Null parts: not
   * measured (a server not started here has no process figures; a JVM that could not be attached, no GC ones).
   */
  record Row(String framework, Mode mode, String heap, int round, Step step, Measurement m) {}

  /** ok: right answers; failed: wrong ones; lost: none (refused, reset, timed out). latency: the right answers' times. */
  record Measurement(long ok, long failed, long lost, double seconds, Histogram latency, ProcessStats.Window server,
      JvmProbe.Window serverGc, ProcessStats.Window client, JvmProbe.Window clientGc, long connectionsAccepted, int clientCpus,
      long startMillis, List<Histogram> timeline, List<ServerProcess.Event> events, long[] profile) {
    /** A step measured without a timeline, server events or a profile. */
    Measurement(long ok, long failed, long lost, double seconds, Histogram latency, ProcessStats.Window server,
        JvmProbe.Window serverGc, ProcessStats.Window client, JvmProbe.Window clientGc, long connectionsAccepted, int clientCpus) {
      this(ok, failed, lost, seconds, latency, server, serverGc, client, clientGc, connectionsAccepted, clientCpus, 0, List.of(), List.of(), null);
    }

    /**
     * The server's CPU per successful request, in ms, spent on one part: the collector's and the JIT's threads, the
     * application threads' kernel time, and their user time split by the execution samples among query, encoding and
     * the framework. Null when not measured.
     */
    Double cpuMillisPerRequest(ProcessStats.Kind kind) {
      if (server == null || server.seconds(kind) == null || ok == 0) return null;
      return server.seconds(kind) * 1000 / ok;
    }

    Double cpuMillisPerRequest(CpuProfile.Part part) {
      Double user = cpuMillisPerRequest(ProcessStats.Kind.USER);
      if (user == null || profile == null) return null;
      long samples = java.util.Arrays.stream(profile).sum();
      return samples == 0 ? null : user * profile[part.ordinal()] / samples;
    }

    double requestsPerSecond() { return seconds > 0 ? ok / seconds : 0; }

    /** Gatling's process used at least 90 % of its CPUs on average: the throughput is a lower bound. */
    boolean clientBound() { return client != null && client.meanCpuPercent() >= CLIENT_BOUND_SHARE * 100 * clientCpus; }

    /** Other processes used at least 10 % of a core of the server's CPUs: the server's figures are low by that much. */
    boolean disturbed() { return server != null && server.othersPercent() != null && server.othersPercent() >= DISTURBED_PERCENT; }

    Double percentile(double q) { return latency == null || latency.getTotalCount() == 0 ? null : (double) latency.getValueAtPercentile(q); }

    Double maxLatency() { return latency == null || latency.getTotalCount() == 0 ? null : (double) latency.getMaxValue(); }

    /** Server CPU-seconds per 1,000 successful requests. */
    Double cpuSecondsPerThousand() { return server == null || ok == 0 ? null : server.cpuSeconds() * 1000 / ok; }

    Double allocatedPerRequest() { return serverGc == null || ok == 0 ? null : (double) serverGc.allocatedBytes() / ok; }

    /** Share of the step's time a JVM spent in GC, in %. */
    static Double gcPercent(JvmProbe.Window gc, double seconds) { return gc == null || seconds <= 0 ? null : gc.gcMillis() / (seconds * 10); }
  }

  /** The median of the rounds' values and their range; wide when the range exceeds 10 % of the median. */
  record Spread(double median, double min, double max, int n) {
    static Spread of(List<Double> values) {
      List<Double> known = values.stream().filter(v -> v != null && !v.isNaN()).toList();
      if (known.isEmpty()) return null;
      DescriptiveStatistics stats = new DescriptiveStatistics();
      known.forEach(stats::addValue);
      return new Spread(stats.getPercentile(50), stats.getMin(), stats.getMax(), known.size());
    }

    boolean wide() { return n > 1 && max - min > WIDE_SPREAD * Math.abs(median); }
  }

  /** A server as it started: its printed feed load time (of the CSV), the snapshot's when it read one (else -1), retained heap. */
  record Server(String name, long loadMillis, long snapshotMillis, long heapRetainedMb) {}

  /** The rounds of one step on one server set-up, gathered. */
  record Group(String framework, Mode mode, String heap, Step step, List<Row> rounds) {
    /** A figure over the rounds; null figures (not measured) are left out. */
    Spread spread(Function<Measurement, Double> figure) {
      return Spread.of(rounds.stream().map(r -> figure.apply(r.m)).toList());
    }

    long errors() { return rounds.stream().mapToLong(r -> r.m.failed + r.m.lost).sum(); }

    long lost() { return rounds.stream().mapToLong(r -> r.m.lost).sum(); }

    boolean clientBound() { return rounds.stream().anyMatch(r -> r.m.clientBound()); }

    boolean disturbed() { return rounds.stream().anyMatch(r -> r.m.disturbed()); }

    /** Every round's successful response times together. */
    Histogram latency() {
      Histogram all = null;
      for (Row r : rounds) {
        if (r.m.latency == null) continue;
        if (all == null) all = r.m.latency.copy();
        else all.add(r.m.latency);
      }
      return all;
    }
  }

  final Options options;
  final String defaultHeap;
  final ZonedDateTime started = ZonedDateTime.now();
  final List<Row> rows = new ArrayList<>();
  final List<Row> calibration = new ArrayList<>();
  final Map<String, Server> servers = new LinkedHashMap<>();
  final Map<String, Path> gatlingReports = new LinkedHashMap<>(); // run name → index.html
  final List<String> notes = new ArrayList<>();
  final List<String> failures = new ArrayList<>(); // frameworks whose runs broke off
  final Map<String, String> conditions = new LinkedHashMap<>(); // what the report's Conditions table lists
  List<Integer> rates; // the latency scenario's, once known
  Path feed;
  RouteLists routes;
  Cpus cpus;

  Results(Options options, String defaultHeap) {
    this.options = options;
    this.defaultHeap = defaultHeap;
  }

  String heap() { return options.heap() != null ? options.heap() : defaultHeap; }

  /**
   * The rows of a scenario, gathered per framework, mode, heap and step, in the order they first ran (round 1
   * runs the frameworks in their listed order).
   */
  List<Group> groups(String scenario) { return groups(rows, scenario); }

  static List<Group> groups(List<Row> rows, String scenario) {
    Map<String, Group> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      if (!r.step.scenario().equals(scenario)) continue;
      String key = r.framework + "|" + r.mode + "|" + r.heap + "|" + r.step.label();
      groups.computeIfAbsent(key, k -> new Group(r.framework, r.mode, r.heap, r.step, new ArrayList<>())).rounds.add(r);
    }
    return List.copyOf(groups.values());
  }
}
