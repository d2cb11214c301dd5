package transit.bench.report;

import java.util.List;
import transit.bench.results.Results;
import transit.measure.Markdown;
import transit.server.Setting;

/**
 * The settings each server makes beyond its framework's defaults, as its Framework lists them (the registry's
 * descriptions): a reader judging a framework's figures needs to know what was changed to get them, why, and what it
 * costs. The report's section (with where its run measured the limits' cost), and docs/API.md's, written from the same
 * tables (RegistryDocs).
 */
public final class BeyondDefaults {
  private BeyondDefaults() {}

  /** A table per framework that ran (none listed: a line saying so); "" when the run knows no framework's settings. */
  static String markdown(Results results, boolean limitsCostMeasured) {
    if (results.settings.isEmpty()) return "";
    List<String> ran = results.measured().stream().map(s -> s.contestant().framework()).distinct().filter(results.settings::containsKey).toList();
    if (ran.isEmpty()) return "";
    StringBuilder md = new StringBuilder("## Settings beyond each framework's defaults\n\n");
    md.append("What each server sets beyond its framework's own defaults, as its `Framework` lists them (docs/API.md): the value, the ")
        .append("framework's default, the modes it is set in, why, and what it costs. **Limit** yes: one of the limits against slow and ")
        .append("hostile clients, which `--limits off` leaves at the framework's default.\n\n");
    for (String framework : ran) md.append(tables(framework, results.settings.get(framework)));
    md.append("The limits as a whole (every setting marked as a limit, and core's budget for the answers' heap): ")
        .append(limitsCostMeasured ? "what they cost in this run is measured above, in [What the limits cost](#what-the-limits-cost)."
            : "this run did not measure what they cost; `--limits both`, or a profile's own pairs, does.")
        .append("\n\n");
    return md.toString();
  }

  /** One framework's heading and table ("None listed." without settings). */
  static String tables(String framework, List<Setting> settings) {
    StringBuilder md = new StringBuilder("### ").append(framework).append("\n\n");
    if (settings.isEmpty()) return md.append("None listed.\n\n").toString();
    Markdown.Table table = new Markdown.Table(List.of("Setting", "Value", "Framework's default", "Modes", "Limit", "Why", "Cost"));
    for (Setting s : settings)
      table.row(List.of(cell(s.name()), cell(s.value()), cell(s.frameworkDefault()), s.modesLabel(), s.limit() ? "yes" : "no", cell(s.why()),
          cell(s.cost())));
    return md.append(table).append('\n').toString();
  }

  /** A table cell: a | of its own would end it. */
  static String cell(String text) { return text == null || text.isEmpty() ? Format.MISSING : text.replace("|", "\\|"); }
}
