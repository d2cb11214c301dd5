package transit.bench;

import java.util.ArrayList;
import java.util.List;
import transit.measure.Markdown;

/**
 * What the servers' limits cost one server at one step: the same server set-up run with its limits on and off, back
 * to back in every round (--limits both, or the profile's pairs), side by side (SideBySide).
 */
record LimitsCost(Standing on, Standing off, RankedBy by) {
  /** How the verdict marks a server whose limits cost it more than the spread. */
  static final String MARK = "⚑";

  /** The pair of a standing with its limits on: the same set-up at the same step with them off, among all; null where none ran. */
  static LimitsCost of(Standing on, List<Standing> all, RankedBy by) {
    if (!on.limits()) return null;
    return all.stream().filter(s -> !s.limits() && sameSetUp(on, s)).findFirst().map(off -> new LimitsCost(on, off, by)).orElse(null);
  }

  private static boolean sameSetUp(Standing a, Standing b) {
    return a.scenario().equals(b.scenario()) && a.variant().equals(b.variant()) && a.framework().equals(b.framework())
        && a.mode() == b.mode() && a.heap().equals(b.heap()) && a.load() == b.load() && a.open() == b.open();
  }

  /** Every pair of a run at its heap, scenario by scenario, each where its limits-on half first ran. */
  static List<LimitsCost> pairs(List<Standing> standings, List<String> scenarios, String heap) {
    List<LimitsCost> pairs = new ArrayList<>();
    for (String scenario : scenarios) {
      RankedBy by = Scenarios.named(scenario).rankedBy();
      for (Standing s : standings) {
        LimitsCost pair = s.scenario().equals(scenario) && s.heap().equals(heap) ? of(s, standings, by) : null;
        if (pair != null) pairs.add(pair);
      }
    }
    return pairs;
  }

  private SideBySide pair() { return new SideBySide(on, off, by); }

  /** The ranked figure with limits on against off, negative for a loss: requests/s on/off − 1, p99 1 − on/off; null without both. */
  Double change() { return pair().change(); }

  /** Why the pair says nothing of the limits (client-bound, disturbed, fell behind, went down, not measured), or null. */
  String unjudged() { return pair().unjudged("with limits off"); }

  /** The two ranges over the rounds are apart: more than the run's own spread. */
  boolean beyondSpread() { return pair().beyondSpread(); }

  /** What the verdict marks: a judged pair whose limits-off half did better, beyond the spread. */
  boolean marked() {
    Double change = change();
    return unjudged() == null && change != null && change < 0 && beyondSpread();
  }

  /** "⚑ limits −14 %". */
  String mark() { return MARK + " limits " + Format.signedPercent(change()); }

  /** "beyond the spread", "within the spread", or why the pair is not judged. */
  String judgement() { return pair().judgement("with limits off"); }

  /**
   * The report's section on what the limits cost: per scenario, a row per server set-up and load that ran both ways,
   * after a sentence on what limits off means; "" when no server did.
   */
  static String markdown(List<Standing> standings, List<String> scenarios, String heap, int rounds) {
    List<LimitsCost> pairs = pairs(standings, scenarios, heap);
    if (pairs.isEmpty()) return "";
    StringBuilder md = new StringBuilder("## What the limits cost\n\n");
    md.append("Limits off: the server started with `--limits off`, every limit against slow and hostile clients left at its framework's ")
        .append("own default and no budget for the answers' heap (the settings marked as limits below). Each pair ran back to back in every ")
        .append("round, limits on first in odd rounds and off first in even ones, so that drift hits both alike. Medians of ").append(rounds)
        .append(" round").append(rounds == 1 ? "" : "s").append(" with their range; **cost**: the ranked figure with limits on against off, ")
        .append("negative for a loss (requests/s on/off − 1; where a scenario ranks by p99, 1 − p99 on/off); **beyond the spread** where the ")
        .append("two ranges over the rounds are apart (a loss so is marked ").append(MARK).append(" in the verdict), else within the spread. ")
        .append("A pair that was client-bound or disturbed, or whose server fell behind or went down, says nothing of the limits: that is ")
        .append("said instead.\n\n");
    for (String scenario : scenarios) {
      List<LimitsCost> here = pairs.stream().filter(p -> p.on().scenario().equals(scenario)).toList();
      if (here.isEmpty()) continue;
      md.append("### ").append(scenario).append(here.get(0).by() == RankedBy.P99 ? ": the cost in p99" : "").append("\n\n");
      Markdown.Table table = new Markdown.Table(List.of("Framework", "Mode", "Load", "req/s limits on", "req/s limits off", "cost",
          "against the spread", "p99 ms limits on", "p99 ms limits off"));
      for (LimitsCost p : here) {
        Standing s = p.on();
        Double change = p.change();
        table.row(List.of(s.framework(), s.mode().label + (s.variant().isEmpty() ? "" : ", " + s.variant()), s.loadLabel(),
            Format.spread(s.requestsPerSecond(), Format::count), Format.spread(p.off().requestsPerSecond(), Format::count),
            change == null ? Format.MISSING : Format.signedPercent(change), p.judgement(), Format.spread(s.p99(), Format::millis),
            Format.spread(p.off().p99(), Format::millis)));
      }
      md.append(table).append('\n');
    }
    return md.toString();
  }
}
