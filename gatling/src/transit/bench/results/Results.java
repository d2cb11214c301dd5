package transit.bench.results;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.scenario.Profile;
import transit.bench.scenario.RouteLists;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.Step;
import transit.server.Setting;

/** Everything a harness run measured and the conditions it ran under: what the report and charts are made of. */
public final class Results {
  /** A server as it started, from its /health: where the feed came from (csv or snapshot), that load's time, the heap it retains. */
  public record ServerStart(String framework, String loadedFrom, long loadMillis, long heapBytes) {}

  /**
   * A server's start, idiomatic: from its JVM's start to its first answered request (the feed's load within it), and
   * its RSS and live heap (after a full collection) before any load.
   */
  public record Startup(String framework, String loadedFrom, long startupMillis, long loadMillis, long idleRssBytes, long idleLiveHeapBytes) {}

  /**
   * How a server's warm-up on a comparison ended: after how many slices and seconds of load, and whether it settled
   * (Settling) or reached the cap.
   */
  public record Warmup(Group group, Contestant contestant, Step step, int slices, double seconds, boolean settled) {}

  /**
   * How a comparison ended: the rounds it took, in how many seconds, and why it stopped (every pair decided, the
   * budget spent, the most rounds reached, or the profile takes no more).
   */
  public record Stopped(Group group, Step step, int rounds, double seconds, String why) {}

  /** A group of servers up at once: how many, and the most RSS they held together, sampled as they were measured (-1 unknown). */
  public record AtOnce(Group group, int servers, long peakRssBytes) {}

  /** The scenarios the run chose, by name, in order; its profile, and whether it was a quick run. */
  public final List<String> scenarios;
  public final Profile profile;
  public final boolean quick;
  /** Every server's heap, and the others heavy also ran at (--heaps). */
  public final String heap;
  public final List<String> heaps;
  /**
   * The run's own limits setting: on unless --limits off. The charts and the verdict show the servers run this way
   * only; the limits-off half of each pair is set beside them in What the limits cost.
   */
  public final boolean limits;
  /** The equivalence margin (±5 %: 0.05): two servers whose ratio's interval lies within it are level. */
  public final double margin;
  /** How many CPUs the servers had. */
  public final int serverCpus;
  public final ZonedDateTime started = ZonedDateTime.now();
  /** Every slice in the order they ran: warm-up, calibration and measured. */
  public final List<Slice> slices = new ArrayList<>();
  public final List<Warmup> warmups = new ArrayList<>();
  public final List<Stopped> stopped = new ArrayList<>();
  public final List<AtOnce> atOnce = new ArrayList<>();
  public final Map<String, ServerStart> servers = new LinkedHashMap<>();
  public final List<Startup> startups = new ArrayList<>(); // every idiomatic server's, in the order they started
  public final Map<String, Path> gatlingRecords = new LinkedHashMap<>(); // batch → Gatling's records of it
  public final List<String> notes = new ArrayList<>();
  public final Map<String, String> brokeOff = new LinkedHashMap<>(); // server → what broke off its run, for those whose run did
  public final Map<String, String> conditions = new LinkedHashMap<>(); // what the report's Conditions table lists
  public final Map<String, List<Setting>> settings = new LinkedHashMap<>(); // framework → the settings its server makes beyond its framework's defaults
  public List<Integer> rates; // the latency scenario's, once known
  public Path feed;
  public RouteLists routes;

  public Results(List<String> scenarios, Profile profile, String heap, List<String> heaps, boolean limits, double margin, int serverCpus) {
    this.scenarios = scenarios;
    this.profile = profile;
    this.quick = profile == Profile.QUICK;
    this.heap = heap;
    this.heaps = heaps;
    this.limits = limits;
    this.margin = margin;
    this.serverCpus = serverCpus;
  }

  /** The measured slices. */
  public List<Slice> measured() { return slices.stream().filter(s -> s.kind() == Slice.Kind.MEASURED).toList(); }

  /** The calibration's slices. */
  public List<Slice> calibration() { return slices.stream().filter(s -> s.kind() == Slice.Kind.CALIBRATION).toList(); }

  /**
   * A scenario's measured slices gathered per group, server and step, in the order they first ran (each group's servers
   * in the plan's order).
   */
  public List<Rounds> rounds(String scenario) { return rounds(measured().stream().filter(s -> s.step().scenario().equals(scenario)).toList()); }

  /** A scenario's rounds at the run's own limits setting and heap: what the charts draw. */
  public List<Rounds> atRunSetting(String scenario) {
    return rounds(scenario).stream().filter(r -> r.contestant().limits() == limits && r.contestant().heap().equals(heap)).toList();
  }

  /** Whether any server ran with its limits off: the long tables then say which rows did. */
  public boolean anyLimitsOff() { return slices.stream().anyMatch(s -> !s.contestant().limits()); }

  /** Slices gathered per group, server and step, in the order they first ran. */
  public static List<Rounds> rounds(List<Slice> slices) {
    Map<String, List<Slice>> by = new LinkedHashMap<>();
    Map<String, Slice> first = new LinkedHashMap<>();
    for (Slice s : slices) {
      String key = s.group().label() + "|" + s.contestant() + "|" + s.step().label();
      by.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
      first.putIfAbsent(key, s);
    }
    List<Rounds> all = new ArrayList<>();
    by.forEach((key, list) -> all.add(new Rounds(first.get(key).group(), first.get(key).contestant(), first.get(key).step(), List.copyOf(list))));
    return all;
  }

  /** The comparisons of the run in the order they ran, each its group and step: the rankings' and pairs' keys. */
  public List<Map.Entry<Group, Step>> comparisons() {
    Map<String, Map.Entry<Group, Step>> all = new LinkedHashMap<>();
    for (Slice s : measured()) all.putIfAbsent(s.group().label() + "|" + s.step().label(), Map.entry(s.group(), s.step()));
    return List.copyOf(all.values());
  }

  /** The ranking of one comparison: its servers at the run's own limits setting and heap. */
  public Ranking ranking(Group group, Step step) {
    List<Rounds> servers = rounds(measured().stream().filter(s -> s.of(group, step) && s.contestant().limits() == limits
        && s.contestant().heap().equals(heap)).toList());
    return Ranking.of(group, step, servers, Scenarios.named(step.scenario()).rankedBy(), margin, serverCpus);
  }

  /** Every ranking of the run, in the order its comparisons ran. */
  public List<Ranking> rankings() { return comparisons().stream().map(c -> ranking(c.getKey(), c.getValue())).toList(); }

  /** The pairs (limits, JDK, build) of one comparison. */
  public List<Pair> pairs(Group group, Step step) {
    List<Rounds> servers = rounds(measured().stream().filter(s -> s.of(group, step)).toList());
    return Pair.of(servers, Scenarios.named(step.scenario()).rankedBy(), margin, serverCpus);
  }

  /** Every pair of the run, in the order its comparisons ran. */
  public List<Pair> pairs() { return comparisons().stream().flatMap(c -> pairs(c.getKey(), c.getValue()).stream()).toList(); }

  /**
   * A server's CPU while idle beside the others' slices, in % of one core, over every slice of its group it did not
   * take; null where never measured.
   */
  public Double idleCpu(Group group, Contestant contestant) {
    List<Double> idle = slices.stream().filter(s -> s.group().equals(group) && s.idleCpu().containsKey(contestant))
        .map(s -> s.idleCpu().get(contestant)).toList();
    return idle.isEmpty() ? null : idle.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /** The same, its highest in any one slice. */
  public Double idleCpuMax(Group group, Contestant contestant) {
    return slices.stream().filter(s -> s.group().equals(group) && s.idleCpu().containsKey(contestant)).map(s -> s.idleCpu().get(contestant))
        .max(Double::compare).orElse(null);
  }
}
