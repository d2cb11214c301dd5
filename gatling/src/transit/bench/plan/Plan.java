package transit.bench.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import transit.bench.scenario.RouteScenario;
import transit.bench.scenario.Scenario;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.Step;
import transit.server.Mode;

/**
 * What a run does, and in which order: per mode, its servers started together and kept up (a group; a mode's servers
 * split into several where the machine's memory does not hold them at once, a framework's variants always in the same
 * group), and in each group a comparison per step of each scenario, measured in interleaved rounds; and how long the
 * least of that is expected to take.
 */
public final class Plan {
  /**
   * The servers' limits in a run (--limits): on, whether the servers keep them (false: every server started with --limits
   * off, each framework's own defaults); offBeside, the modes whose servers also run with them off, beside the same server
   * with them on, to measure what they cost.
   */
  public record Limits(boolean on, List<Mode> offBeside) {
    public static final Limits ON = new Limits(true, List.of());
    public static final Limits OFF = new Limits(false, List.of());
  }

  /** What a server needs beside its heap: metaspace, code, threads, direct buffers (the highest RSS over heap seen in runs). */
  public static final long SERVER_OVERHEAD_BYTES = 512L << 20;
  /** Seconds a server takes to start and answer, from its feed's snapshot. */
  static final int START_SECONDS = 6;
  /** Seconds a Gatling run of slices costs besides them: its JVM's start on the client's CPU, and its end. */
  static final int BATCH_SECONDS = 9;
  /** Warm-up rounds a comparison takes: the first of a group (its servers' JIT cold), and the others. */
  public static final int FIRST_WARMUP_ROUNDS = 2, WARMUP_ROUNDS = 1;
  /** Rates that stand in for the calibration's before it has run: they change the slices' loads, not their time. */
  public static final List<Integer> PLACEHOLDER_RATES = List.of(1, 2, 3);

  private final List<String> frameworks;
  private final String revision;
  private final List<Integer> jdks;
  private final List<Scenario> scenarios;
  private final List<Mode> modes;
  private final String heap;
  private final List<String> heaps;
  private final Limits limits;
  private final int leastRounds;
  private final int instances;
  private final List<Group> groups;

  /**
   * frameworks in order, each also built at revision (null: none) and on each of jdks where there are two or more;
   * scenarios and modes in order; heap every server's, heaps the others heavy also runs at; limits the servers' (and the
   * modes also run with them off); leastRounds every comparison's; instances how many of each server set-up are started
   * (1: one, its instance 0); memory what the servers of one group may take in all, each its heap and
   * SERVER_OVERHEAD_BYTES (heapBytes reads a heap's size).
   */
  public Plan(List<String> frameworks, String revision, List<Integer> jdks, List<Scenario> scenarios, List<Mode> modes, String heap,
      List<String> heaps, Limits limits, int leastRounds, int instances, boolean quick, long memory, ToLongFunction<String> heapBytes) {
    this.frameworks = frameworks;
    this.revision = revision;
    this.jdks = jdks.size() < 2 ? java.util.Collections.singletonList(null) : jdks;
    this.scenarios = scenarios;
    this.modes = modes;
    this.heap = heap;
    this.heaps = heaps;
    this.limits = limits;
    this.leastRounds = leastRounds;
    this.instances = instances;
    this.groups = groups(quick, memory, heapBytes);
  }

  public List<Group> groups() { return groups; }

  public int leastRounds() { return leastRounds; }

  /**
   * The frameworks the quick profile, which measures nothing, takes through a scenario: every one through heavy and
   * small, enough to start each of their servers in each mode as a measured run does and see it in the report; the
   * first through the rest, for what each server does there the conformance suite checks (OverloadTest, ReloadTest,
   * CompressionTest, RobustnessTest), and `--quick --frameworks X` takes X through all.
   */
  public static List<String> takenThroughWhenQuick(String scenario, List<String> frameworks) {
    return scenario.equals(RouteScenario.HEAVY.name()) || scenario.equals(RouteScenario.SMALL.name()) ? frameworks : frameworks.subList(0, 1);
  }

  /** Per mode, its servers in blocks (a framework's variants together), in as many groups as the memory needs. */
  private List<Group> groups(boolean quick, long memory, ToLongFunction<String> heapBytes) {
    List<Group> all = new ArrayList<>();
    for (Mode mode : modes) {
      if (scenarios.stream().noneMatch(s -> s.runsIn(mode))) continue;
      List<List<Contestant>> blocks = new ArrayList<>();
      for (String framework : frameworks) {
        List<Contestant> block = new ArrayList<>();
        // the quick profile, which measures nothing, runs the pairs' path on the first framework only
        boolean paired = limits.on() && limits.offBeside().contains(mode) && (!quick || framework.equals(frameworks.get(0)));
        for (String built : revision == null ? List.of("") : List.of("", revision))
          for (Integer jdk : jdks) {
            String rev = built.isEmpty() ? null : built;
            List<Contestant> setUps = new ArrayList<>(List.of(new Contestant(framework, rev, jdk, mode, heap, limits.on(), 0)));
            if (paired && scenarios.stream().anyMatch(s -> s.runsIn(mode) && s.pairsWithLimitsOff()))
              setUps.add(new Contestant(framework, rev, jdk, mode, heap, false, 0));
            if (mode == Mode.IDIOMATIC && scenarios.contains(RouteScenario.HEAVY))
              for (String other : heaps) if (!other.equals(heap)) setUps.add(new Contestant(framework, rev, jdk, mode, other, limits.on(), 0));
            for (Contestant setUp : setUps)
              if (instances == 1) block.add(setUp);
              else for (int n = 1; n <= instances; n++) block.add(setUp.instance(n));
          }
        blocks.add(block);
      }
      ToLongFunction<Contestant> need = c -> heapBytes.applyAsLong(c.heap()) + SERVER_OVERHEAD_BYTES;
      List<List<Contestant>> packed = new ArrayList<>();
      List<Contestant> current = new ArrayList<>();
      long used = 0;
      for (List<Contestant> block : blocks) {
        long blockNeeds = block.stream().mapToLong(need).sum();
        if (!current.isEmpty() && used + blockNeeds > memory) {
          packed.add(current);
          current = new ArrayList<>();
          used = 0;
        }
        current.addAll(block);
        used += blockNeeds;
      }
      if (!current.isEmpty()) packed.add(current);
      for (int i = 0; i < packed.size(); i++) all.add(new Group(i + 1, packed.size(), mode, List.copyOf(packed.get(i))));
    }
    return List.copyOf(all);
  }

  /**
   * A group's comparisons in run order: each step of each scenario that runs in its mode, on the contestants that take
   * it (limits-off servers where the scenario pairs them, other heaps on heavy only, in the quick profile
   * takenThroughWhenQuick); settings' rates stand in as PLACEHOLDER_RATES while unknown.
   */
  public List<Comparison> comparisons(Group group, Scenario.Settings settings) {
    Scenario.Settings known = settings.rates() != null ? settings : settings.withRates(PLACEHOLDER_RATES);
    List<Comparison> comparisons = new ArrayList<>();
    for (Scenario scenario : scenarios) {
      List<Contestant> taking = group.contestants().stream()
          .filter(c -> scenario.runsIn(c.mode()) && (c.limits() == limits.on() || scenario.pairsWithLimitsOff())
              && (c.heap().equals(heap) || scenario == RouteScenario.HEAVY)
              && (!known.quick() || takenThroughWhenQuick(scenario.name(), frameworks).contains(c.framework()))).toList();
      if (taking.isEmpty()) continue;
      for (Step step : scenario.steps(known)) comparisons.add(new Comparison(step, taking, false));
    }
    return comparisons;
  }

  /**
   * The calibration a group runs before its comparisons where one of them needs it and its figures are not known yet:
   * the calibrating scenario's step on the group's servers that take that scenario; null where none does.
   */
  public Comparison calibration(Group group, Scenario.Settings settings) {
    if (settings.rates() != null) return null;
    for (Scenario scenario : scenarios) {
      Step step = scenario.calibration(settings);
      if (step == null) continue;
      List<Contestant> taking = comparisons(group, settings).stream().filter(c -> c.step().scenario().equals(scenario.name()))
          .findFirst().map(Comparison::contestants).orElse(List.of());
      if (!taking.isEmpty()) return new Comparison(step, taking, true);
    }
    return null;
  }

  /** The scenario whose calibration runs first, given these settings; null when none needs one. */
  public Scenario calibrating(Scenario.Settings settings) {
    return scenarios.stream().filter(s -> s.calibration(settings) != null).findFirst().orElse(null);
  }

  /**
   * How long the least of each comparison is expected to take, in run order (a group's calibration first where it has
   * one): its warm-up (until every server has had the cap of load, at the worst; none in the quick profile), its least
   * rounds, its Gatling run's start (the quick profile runs a group's comparisons in one), and for a group's first its
   * servers' starts. The rounds a run adds where pairs are undecided come on top, up to the budget.
   */
  public List<Integer> leastSecondsEach(Scenario.Settings settings) {
    List<Integer> each = new ArrayList<>();
    boolean calibrated = false;
    for (Group group : groups) {
      List<Comparison> comparisons = new ArrayList<>();
      Comparison calibration = calibrated ? null : calibration(group, settings);
      if (calibration != null) {
        comparisons.add(calibration);
        calibrated = true;
      }
      comparisons.addAll(comparisons(group, settings));
      for (int i = 0; i < comparisons.size(); i++) {
        Comparison c = comparisons.get(i);
        // a server warms up until it settles or has had the cap of load, and its least rounds come after: the cap's rounds
        int capRounds = (settings.warmupSeconds() + settings.sliceSeconds() - 1) / settings.sliceSeconds();
        int warmups = settings.quick() ? 0 : c.calibration() ? WARMUP_ROUNDS : Math.max(i == 0 ? FIRST_WARMUP_ROUNDS : WARMUP_ROUNDS, capRounds);
        int rounds = c.calibration() ? 1 : leastRounds;
        boolean ownRun = !settings.quick() || i == 0 || c.calibration();
        each.add((i == 0 ? group.contestants().size() * START_SECONDS : 0) + (warmups + rounds) * roundSeconds(c) + (ownRun ? BATCH_SECONDS : 0));
      }
    }
    return each;
  }

  /** How long the least of the run is expected to take (leastSecondsEach, summed). */
  public int leastSeconds(Scenario.Settings settings) { return leastSecondsEach(settings).stream().mapToInt(Integer::intValue).sum(); }

  /** How long one more round of a comparison is expected to take. */
  public static int roundSeconds(Comparison c) { return c.contestants().size() * c.step().seconds(); }

  /** The scenario of a comparison. */
  public static Scenario scenarioOf(Comparison c) { return Scenarios.named(c.step().scenario()); }
}
