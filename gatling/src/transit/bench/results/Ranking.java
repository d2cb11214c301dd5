package transit.bench.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import transit.bench.plan.Group;
import transit.bench.scenario.RankedBy;
import transit.bench.scenario.Scenarios;
import transit.bench.scenario.Step;

/**
 * One comparison's servers from first to last, each beside the next one down with the ratio of their figures over the
 * rounds that measured both, its interval and what it decides; the servers whose rounds were mostly unfit, apart.
 * rounds: how many rounds the comparison counted.
 */
public record Ranking(Group group, Step step, RankedBy by, double margin, List<Place> places, List<Apart> apart, int rounds) {
  /** An open step's server that completed less than this share of its rate fell behind it. */
  public static final double KEPT_UP = 0.95;

  /**
   * A ranked server: its figure at the comparison's typical round (Levels), and to the next one down (null for the
   * last) the ratio of their figures in the rounds that measured both and what that decides, better first (for p99,
   * lower is ahead).
   */
  public record Place(Series series, double figure, Ratio toNext, Ratio.Decision decision) {}

  /** A server listed apart, and why. */
  public record Apart(Series series, String why) {}

  /** A comparison's servers, each slice judged fit or not for its scenario on this many server CPUs. */
  public static Ranking of(Group group, Step step, List<Rounds> servers, RankedBy by, double margin, int serverCpus) {
    return of(group, step, servers.stream().map(r -> Series.of(r, by, serverCpus)).toList(), by, margin);
  }

  /** A comparison's servers ranked by their figures at its typical round (Levels), each beside the next. */
  public static Ranking of(Group group, Step step, List<Series> servers, RankedBy by, double margin) {
    List<Series> ranked = new ArrayList<>();
    List<Apart> apart = new ArrayList<>();
    for (Series s : servers) {
      String why = s.apart();
      if (why == null) ranked.add(s);
      else apart.add(new Apart(s, why));
    }
    Map<Series, Double> figure = Levels.of(ranked);
    Comparator<Series> order = Comparator.comparingDouble(figure::get);
    ranked.sort(by.higherIsBetter ? order.reversed() : order);
    List<Place> places = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      Series s = ranked.get(i);
      Ratio toNext = i + 1 < ranked.size() ? ratio(s.logs(), ranked.get(i + 1).logs()) : null;
      Ratio.Decision decision = toNext == null ? null : (by.higherIsBetter ? toNext : toNext.inverse()).decide(margin);
      places.add(new Place(s, figure.get(s), toNext, decision));
    }
    TreeSet<Integer> rounds = new TreeSet<>();
    servers.forEach(s -> {
      rounds.addAll(s.fit().keySet());
      rounds.addAll(s.unfit().keySet());
    });
    return new Ranking(group, step, by, margin, List.copyOf(places), List.copyOf(apart), rounds.size());
  }

  /** Pairs of neighbours. */
  public int neighbours() { return Math.max(0, places.size() - 1); }

  /** Pairs of neighbours decided (› or ≈). */
  public int decided() { return (int) places.stream().filter(p -> p.decision() != null && p.decision().decided()).count(); }

  /** The first place; null when no server is ranked. */
  public Place leader() { return places.isEmpty() ? null : places.get(0); }

  /** The first figure over the second in the rounds both have, from their logs by round. */
  public static Ratio ratio(Map<Integer, Double> first, Map<Integer, Double> second) {
    List<Double> logs = new ArrayList<>();
    first.forEach((round, log) -> {
      if (second.containsKey(round)) logs.add(log - second.get(round));
    });
    return Ratio.of(logs);
  }

  /** A slice's ranked figure: requests/s, or p99 in ms; NaN where not measured. */
  public static double figure(Measurement m, RankedBy by) {
    if (by == RankedBy.REQUESTS_PER_SECOND) return m.ok() == 0 ? Double.NaN : m.requestsPerSecond();
    Double p99 = m.percentile(99);
    return p99 == null ? Double.NaN : p99;
  }

  /**
   * Why a slice is not a measure of its server's own work, or null when it is: down, not measured, client-bound,
   * disturbed, fell behind (an open step's server completed under 95 % of its rate) or waiting (under 80 % of its
   * CPUs in a step meant to hold it there).
   */
  public static String unfit(Measurement m, Step step, RankedBy by, int serverCpus) {
    if (m.server() != null && m.server().down() != null) return "down";
    double figure = figure(m, by);
    if (Double.isNaN(figure) || figure <= 0) return "not measured";
    if (m.clientBound()) return "client-bound";
    if (m.disturbed()) return "disturbed";
    if (step.open() && m.requestsPerSecond() < KEPT_UP * step.load()) return "fell behind";
    if (Scenarios.named(step.scenario()).holdsAtLimit(step) && m.waiting(serverCpus)) return "waiting";
    return null;
  }
}
