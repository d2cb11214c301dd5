package transit.bench.report;

import java.util.ArrayList;
import java.util.List;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.results.Pair;
import transit.bench.results.Ranking;
import transit.bench.results.Results;
import transit.bench.results.Settling;
import transit.bench.results.Slice;
import transit.bench.scenario.Step;
import transit.measure.Markdown;
import transit.measure.Spread;

/**
 * How each comparison was measured: the work a slice carried, the rounds it took and why it stopped, the pairs it left
 * undecided; how long each server took to settle; and what the servers kept up beside each other took: their memory
 * together, and each one's CPU while idle beside the others' slices.
 */
final class HowMeasured {
  private HowMeasured() {}

  static String markdown(Results results) {
    if (results.stopped.isEmpty()) return "";
    StringBuilder md = new StringBuilder("## How each comparison ended\n\n");
    md.append("Per comparison (a step on a group's servers, all up at once): the work of a measured slice (each user's requests, the "
        + "same for every server of a round), how long a slice took (median over the servers and rounds), the rounds it took and in "
        + "how long, warm-up included, why it stopped, and its pairs left undecided: neighbours in its ranking and, where the run has "
        + "them, its pairs of limits, JDKs or builds.\n\n");
    Markdown.Table table = new Markdown.Table(List.of("Mode", "Step", "Servers", "Work a slice", "Slice s", "Rounds", "Time", "Stopped", "Undecided"));
    for (Results.Stopped s : results.stopped) {
      List<Slice> slices = results.measured().stream().filter(x -> x.of(s.group(), s.step())).toList();
      Slice any = slices.isEmpty() ? null : slices.get(0);
      long servers = results.slices.stream().filter(x -> x.of(s.group(), s.step())).map(Slice::contestant).distinct().count();
      table.row(List.of(s.group().label(), s.step().label(), String.valueOf(servers), any == null ? Format.MISSING : work(any.step()),
          Format.median(Spread.of(slices.stream().map(x -> x.m().seconds()).toList()), Format::oneDecimal), String.valueOf(s.rounds()),
          Format.duration(Math.round(s.seconds())), s.why(), undecided(results, s.group(), s.step())));
    }
    md.append(table).append('\n');
    md.append(warmups(results));
    md.append(sideBySide(results));
    return md.toString();
  }

  /** "12 requests per user (600)", or "10 s" for a slice whose work is a time. */
  private static String work(Step step) {
    return step.fixedWork() ? step.requests() + " requests per user (" + (long) step.requests() * step.load() + ")" : step.seconds() + " s";
  }

  /** "cask ? javalin; javalin limits ?" */
  private static String undecided(Results results, Group group, Step step) {
    List<String> left = new ArrayList<>();
    Ranking r = results.ranking(group, step);
    for (int i = 0; i + 1 < r.places().size(); i++)
      if (!r.places().get(i).decision().decided())
        left.add(r.places().get(i).series().contestant().name() + " ? " + r.places().get(i + 1).series().contestant().name());
    for (Pair p : results.pairs(group, step))
      if (!p.decision().decided() && p.unjudged() == null) left.add(p.first().get(0).contestant().build() + " " + p.kind().name().toLowerCase() + " ?");
    return left.isEmpty() ? "none" : String.join("; ", left);
  }

  private static String warmups(Results results) {
    if (results.warmups.isEmpty()) return "";
    StringBuilder md = new StringBuilder("### Warm-up\n\n");
    md.append("Each comparison starts with a warm-up round (two for a group's first, whose servers' JIT starts cold), from which ")
        .append("its work is sized, and sized again after every round; a server's measured slices count from the first in which its JIT compilers ")
        .append("took at most ").append(Math.round(Settling.JIT_PERCENT)).append(" % of its CPU, or once it has had the warm-up's cap of load ")
        .append("(then marked **not settled**); a comparison's least rounds come after its last server began to count. ")
        .append("Per comparison, each server's slices before it counted, and their seconds of load.\n\n");
    Markdown.Table table = new Markdown.Table(List.of("Mode", "Step", "Warm-up per server"));
    String key = null;
    List<String> cells = new ArrayList<>();
    Results.Warmup last = null;
    for (Results.Warmup w : results.warmups) {
      String k = w.group().label() + "|" + w.step().label();
      if (!k.equals(key) && last != null) {
        table.row(List.of(last.group().label(), last.step().label(), String.join(", ", cells)));
        cells = new ArrayList<>();
      }
      key = k;
      last = w;
      cells.add(w.contestant().name() + (w.contestant().limits() == results.limits ? "" : " (limits off)") + " " + w.slices() + " ("
          + Math.round(w.seconds()) + " s)" + (w.settled() ? "" : " **not settled**"));
    }
    if (last != null) table.row(List.of(last.group().label(), last.step().label(), String.join(", ", cells)));
    return md.append(table).append('\n').toString();
  }

  private static String sideBySide(Results results) {
    if (results.atOnce.isEmpty()) return "";
    StringBuilder md = new StringBuilder("### Servers side by side\n\n");
    md.append("Per group: the servers up at once and the most RSS they held together (read after each batch of slices), and each ")
        .append("server's CPU while it waited idle beside the others' slices, in % of one core (mean over those slices, and the highest ")
        .append("in one). A slice is **disturbed** when anything but its server took ").append(Math.round(transit.bench.results.Measurement.DISTURBED_PERCENT))
        .append(" % of a core or more of the server CPUs during it, the idle servers included: such a slice is left out of its pairs; ")
        .append("disturbed: how many of the group's measured slices were.\n\n");
    Markdown.Table table = new Markdown.Table(List.of("Mode", "Servers at once", "RSS together, highest", "Idle CPU % per server (mean / highest)", "Disturbed"));
    for (Results.AtOnce a : results.atOnce) {
      List<String> idle = new ArrayList<>();
      for (Contestant c : results.slices.stream().filter(s -> s.group().equals(a.group())).map(Slice::contestant).distinct().toList()) {
        Double mean = results.idleCpu(a.group(), c), max = results.idleCpuMax(a.group(), c);
        if (mean != null) idle.add(c.name() + (c.limits() == results.limits ? "" : " (limits off)") + " " + Format.oneDecimal(mean) + " / " + Format.oneDecimal(max));
      }
      List<Slice> measured = results.measured().stream().filter(s -> s.group().equals(a.group())).toList();
      long disturbed = measured.stream().filter(s -> s.m().disturbed()).count();
      table.row(List.of(a.group().label(), String.valueOf(a.servers()), a.peakRssBytes() < 0 ? Format.MISSING : Format.bytes(a.peakRssBytes()),
          idle.isEmpty() ? Format.MISSING : String.join(", ", idle), disturbed + " of " + measured.size()));
    }
    return md.append(table).append('\n').toString();
  }
}
