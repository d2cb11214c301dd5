package transit.bench.results;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import transit.bench.plan.Contestant;
import transit.bench.scenario.RankedBy;

/**
 * One server's ranked figure over a comparison's rounds: round → figure for the slices fit to be compared, round → why
 * not for the others (Ranking#unfit). rounds: its slices, or null where read back from a results.csv.
 */
public record Series(Contestant contestant, Rounds rounds, Map<Integer, Double> fit, Map<Integer, String> unfit) {
  /** A server's slices of a comparison, each judged fit or not. */
  public static Series of(Rounds rounds, RankedBy by, int serverCpus) {
    Map<Integer, Double> fit = new LinkedHashMap<>();
    Map<Integer, String> unfit = new LinkedHashMap<>();
    for (Slice s : rounds.slices()) {
      String why = Ranking.unfit(s.m(), s.step(), by, serverCpus);
      if (why == null) fit.put(s.round(), Ranking.figure(s.m(), by));
      else unfit.put(s.round(), why);
    }
    return new Series(rounds.contestant(), rounds, fit, unfit);
  }

  /**
   * Why it is listed apart, never ranked or paired: its rounds were mostly unfit (or none fit), "client-bound in 5 of 5
   * rounds" by the commonest reason; null when it is ranked.
   */
  public String apart() {
    if (!fit.isEmpty() && unfit.size() <= fit.size()) return null;
    if (unfit.isEmpty()) return "not measured";
    Map<String, Long> reasons = unfit.values().stream().collect(Collectors.groupingBy(Function.identity(), LinkedHashMap::new, Collectors.counting()));
    Map.Entry<String, Long> most = reasons.entrySet().stream().max(Comparator.comparingLong(Map.Entry::getValue)).orElseThrow();
    return most.getKey() + " in " + most.getValue() + " of " + (fit.size() + unfit.size()) + " rounds";
  }

  /** The logs of its fit figures, by round. */
  public Map<Integer, Double> logs() {
    Map<Integer, Double> logs = new LinkedHashMap<>();
    fit.forEach((round, v) -> logs.put(round, Math.log(v)));
    return logs;
  }

  /** The geometric mean of its fit figures; NaN without any. */
  public double figure() { return Math.exp(fit.values().stream().mapToDouble(Math::log).average().orElse(Double.NaN)); }
}
