package transit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import transit.bench.plan.Contestant;
import transit.bench.results.Measurement;
import transit.bench.results.Pair;
import transit.bench.results.Ratio;
import transit.bench.results.Results;
import transit.bench.results.Rounds;
import transit.bench.results.Series;
import transit.bench.scenario.RankedBy;
import transit.measure.Markdown;

/**
 * The report's sections on a server set-up measured two ways in the same rounds: what the limits cost (limits on against
 * off), what the JDK changes (the run's newest against its oldest), and what a change does (today's build against
 * --against's revision): each pair's ratio with its interval over the rounds, and what it decides.
 */
final class Pairs {
  private Pairs() {}

  /** How the verdict marks a server whose limits cost it something, decided. */
  static final String MARK = "⚑";

  /** The three sections, each where the run had such pairs; "" where it had none. */
  static String markdown(Results results) {
    List<Pair> all = results.pairs();
    StringBuilder md = new StringBuilder();
    for (Pair.Kind kind : Pair.Kind.values()) {
      List<Pair> pairs = all.stream().filter(p -> p.kind() == kind).toList();
      if (!pairs.isEmpty()) md.append(section(kind, pairs, results));
    }
    return md.toString();
  }

  private static String section(Pair.Kind kind, List<Pair> pairs, Results results) {
    String heading = switch (kind) {
      case LIMITS -> "What the limits cost";
      case JDK -> "What the JDK changes";
      case BUILD -> "What the change does";
    };
    String what = switch (kind) {
      case LIMITS -> "Limits off: the server started with `--limits off`, every limit against slow and hostile clients left at its framework's "
          + "own default and no budget for the answers' heap (the settings marked as limits below). ";
      case JDK -> "Each framework on the run's newest and oldest JDK, the same build with the same flags (the conditions say which JDKs). ";
      case BUILD -> "Each framework as built today beside itself as built at --against's revision (the conditions say which commit), the "
          + "same flags. ";
    };
    StringBuilder md = new StringBuilder("## ").append(heading).append("\n\n").append(what)
        .append("The two servers of a pair were up at once and took their slices side by side in every round, in a fresh order. ")
        .append("**Ratio**: ").append(kind.first).append("'s ranked figure over ").append(kind.second)
        .append("'s, the geometric mean over the rounds with its ").append(Math.round(Ratio.CONFIDENCE * 100)).append(" % interval; **change**: ")
        .append("negative for a loss (requests/s ratio − 1; where a scenario ranks by p99, 1 − its ratio); **decided**: better or worse ")
        .append("where the interval lies beyond 1, level (≈) where it lies within ±").append(Math.round(results.margin * 100))
        .append(" %, else undecided. A pair whose side was mostly client-bound, disturbed, waiting, behind or down says nothing: ")
        .append("that is said instead.\n\n");
    boolean instances = pairs.stream().anyMatch(p -> !p.twins().isEmpty());
    if (instances)
      md.append("Each side's instances were up at once too (`--instances`): **ratio** and **decided** hold every instance of one side against ")
          .append("every instance of the other (the interval spans all of theirs), and **instances** gives each side's first instance over ")
          .append("its others, in the same rounds: what a server's JVM differs from its twin, the build being the same.\n\n");
    List<String> head = new ArrayList<>(List.of("Scenario", "Framework", "Mode", "Load", "req/s " + kind.first, "req/s " + kind.second,
        "ratio", "change", "decided", "p99 ms " + kind.first, "p99 ms " + kind.second));
    if (instances) head.add("instances");
    Markdown.Table table = new Markdown.Table(head);
    for (Pair p : pairs) {
      Rounds a = p.first().get(0).rounds();
      Contestant c = p.first().get(0).contestant();
      String scenario = a == null ? Format.MISSING : a.step().scenario() + (a.step().variant().isEmpty() ? "" : " " + a.step().variant());
      List<String> cells = new ArrayList<>(List.of(scenario, c.build(), c.mode().label,
          a == null ? Format.MISSING : a.step().loadLabel(), spread(p.first(), Measurement::requestsPerSecond, Format::count),
          spread(p.second(), Measurement::requestsPerSecond, Format::count), p.unjudged() != null ? Format.MISSING : Format.ratio(p.ratio()),
          p.unjudged() != null ? Format.MISSING : Format.signedPercent(p.change()), judgement(p),
          spread(p.first(), m -> m.percentile(99), Format::millis), spread(p.second(), m -> m.percentile(99), Format::millis)));
      if (instances) cells.add(p.twins().isEmpty() ? Format.MISSING : String.join("; ", p.twins().stream().map(Format::ratio).toList()));
      table.row(cells);
    }
    return md.append(table).append('\n').toString();
  }

  /** "better", "worse", "level (≈)", "undecided", or why the pair is not judged. */
  static String judgement(Pair p) {
    if (p.unjudged() != null) return p.unjudged();
    return switch (p.decision()) {
      case AHEAD -> "better" + (p.by() == RankedBy.P99 ? " (lower p99)" : "");
      case BEHIND -> "**worse**" + (p.by() == RankedBy.P99 ? " (higher p99)" : "");
      case LEVEL -> "level (≈)";
      case UNDECIDED -> "undecided (?)";
    };
  }

  /** Each instance's median and range, "; " between instances. */
  private static String spread(List<Series> side, Function<Measurement, Double> figure, Function<Double, String> format) {
    return String.join("; ", side.stream().map(s -> s.rounds() == null ? Format.MISSING : Format.spread(s.rounds().spread(figure), format)).toList());
  }
}
