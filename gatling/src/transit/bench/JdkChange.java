package transit.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import transit.measure.Markdown;

/**
 * What a newer JDK changes for one server at one step: the same server set-up on the run's oldest and newest JDK
 * (--java 17,25: cask/jdk17 beside cask/jdk25 in every round), side by side (SideBySide).
 */
record JdkChange(Standing newer, Standing older, RankedBy by) {
  private SideBySide pair() { return new SideBySide(newer, older, by); }

  /** The JDKs the standings ran on, oldest first; empty where the run had one. */
  static List<Integer> versions(List<Standing> standings) {
    return standings.stream().map(s -> Jdk.versionOf(s.framework())).filter(Objects::nonNull).distinct().sorted().toList();
  }

  /** Every pair of the run at its heap, scenario by scenario: each set-up on the newest JDK beside itself on the oldest. */
  static List<JdkChange> pairs(List<Standing> standings, List<String> scenarios, String heap) {
    List<Integer> versions = versions(standings);
    if (versions.size() < 2) return List.of();
    int oldest = versions.get(0), newest = versions.get(versions.size() - 1);
    List<JdkChange> pairs = new ArrayList<>();
    for (String scenario : scenarios) {
      RankedBy by = Scenarios.named(scenario).rankedBy();
      for (Standing s : standings) {
        if (!s.scenario().equals(scenario) || !s.heap().equals(heap) || !Objects.equals(Jdk.versionOf(s.framework()), newest)) continue;
        standings.stream().filter(o -> Objects.equals(Jdk.versionOf(o.framework()), oldest) && sameSetUp(s, o)).findFirst()
            .ifPresent(o -> pairs.add(new JdkChange(s, o, by)));
      }
    }
    return pairs;
  }

  private static boolean sameSetUp(Standing a, Standing b) {
    return a.scenario().equals(b.scenario()) && a.variant().equals(b.variant()) && Jdk.base(a.framework()).equals(Jdk.base(b.framework()))
        && a.mode() == b.mode() && a.heap().equals(b.heap()) && a.limits() == b.limits() && a.load() == b.load() && a.open() == b.open();
  }

  /**
   * The report's section on what the newer JDK changes: per scenario, a row per server set-up and load that ran on the
   * oldest and the newest JDK; "" when the run had one JDK.
   */
  static String markdown(List<Standing> standings, List<String> scenarios, String heap, int rounds) {
    List<JdkChange> pairs = pairs(standings, scenarios, heap);
    if (pairs.isEmpty()) return "";
    List<Integer> versions = versions(standings);
    String oldest = "JDK " + versions.get(0), newest = "JDK " + versions.get(versions.size() - 1);
    StringBuilder md = new StringBuilder("## What the JDK changes\n\n");
    md.append("Each framework ran on ").append(oldest).append(" and on ").append(newest).append(" in the same rounds, the same ")
        .append("build with the same flags (the conditions say which JDKs). Medians of ").append(rounds).append(" round")
        .append(rounds == 1 ? "" : "s").append(" with their range; **change**: the ranked figure on ").append(newest).append(" against ")
        .append(oldest).append(", negative for a loss (requests/s, or 1 − p99 ratio where a scenario ranks by p99); **beyond the spread** ")
        .append("where the two ranges over the rounds are apart. A pair that was client-bound or disturbed, or whose server fell behind or ")
        .append("went down, says nothing of the JDK: that is said instead.\n\n");
    for (String scenario : scenarios) {
      List<JdkChange> here = pairs.stream().filter(p -> p.newer().scenario().equals(scenario)).toList();
      if (here.isEmpty()) continue;
      md.append("### ").append(scenario).append(here.get(0).by() == RankedBy.P99 ? ": the change in p99" : "").append("\n\n");
      Markdown.Table table = new Markdown.Table(List.of("Framework", "Mode", "Load", "req/s " + newest, "req/s " + oldest, "change",
          "against the spread", "p99 ms " + newest, "p99 ms " + oldest));
      for (JdkChange p : here) {
        Standing s = p.newer();
        Double change = p.pair().change();
        table.row(List.of(Jdk.base(s.framework()), s.mode().label + (s.variant().isEmpty() ? "" : ", " + s.variant())
                + (s.limits() ? "" : ", limits off"), s.loadLabel(),
            Format.spread(s.requestsPerSecond(), Format::count), Format.spread(p.older().requestsPerSecond(), Format::count),
            change == null ? Format.MISSING : Format.signedPercent(change), p.pair().judgement("on " + oldest),
            Format.spread(s.p99(), Format::millis), Format.spread(p.older().p99(), Format::millis)));
      }
      md.append(table).append('\n');
    }
    return md.toString();
  }
}
