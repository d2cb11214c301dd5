package transit.bench;

import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.List;
import transit.measure.Markdown;
import transit.measure.SlowClients;
import transit.server.Mode;

/**
 * Overload as phones on a slow link make it: slow clients each ask for the feed's largest answer and read it at
 * 32 KB/s (asking again after a whole answer or a 503), while a measured client, one Gatling user, asks for `/health`
 * and a small route every half second. A server should shed what it cannot hold (503) and stay up, and the measured
 * client should not notice: its latency and errors, the 503s shed, the server's memory and whether it stayed up
 * are the figures.
 */
final class OverloadScenario implements Scenario {
  static final int SLOW_CLIENTS = 120, QUICK_SLOW_CLIENTS = 12, PHONE_BYTES_PER_SECOND = 32 * 1024;
  /**
   * Long enough for the slow clients to fill what the server holds, and for a waiting request to be refused; quick:
   * long enough for every figure of the step (OverloadTest is what proves the server holds).
   */
  static final int MIN_SECONDS = 20, QUICK_MIN_SECONDS = 3;
  /** The measured client's pause between its rounds of requests. */
  static final Duration PAUSE = Duration.ofMillis(500);

  public String name() { return "overload"; }

  public String help() {
    return SLOW_CLIENTS + " clients reading the largest route at 32 KB/s for 20 s, beside one measured client asking for /health "
        + "and a small route every half second";
  }

  public String about() {
    return SLOW_CLIENTS + " slow clients (" + QUICK_SLOW_CLIENTS + " with --profile quick) each asking for the feed's largest answer and "
        + "reading it at 32 KB/s, as phones on a slow link, asking again after a whole answer or a 503; beside them one measured "
        + "client asking for `/health` and a small route every half second";
  }

  public boolean inProfile(Profile profile) { return profile != Profile.STANDARD; }

  /** Beside its run with the limits on, one without them would measure their absence, not their cost. */
  @Override
  public boolean pairsWithLimitsOff() { return false; }

  @Override
  public boolean runsIn(Mode mode) { return true; }

  public List<Step> steps(Settings settings) {
    int seconds = Math.max(settings.durationSeconds(), settings.quick() ? QUICK_MIN_SECONDS : MIN_SECONDS);
    return List.of(Step.closed(name(), "", settings.quick() ? QUICK_SLOW_CLIENTS : SLOW_CLIENTS, settings.warmupSeconds(), seconds));
  }

  /** One user, whatever the step's load (which is the slow clients' count). */
  public PopulationBuilder population(Phase phase, Traffic traffic) {
    String small = Requests.schedule(traffic.plan().smallRoutes().get(0));
    return traffic.closedLoop(phase, session -> session,
        traffic.get(phase, session -> Requests.HEALTH, false).exec(traffic.get(phase, session -> small, false)).pause(PAUSE), 1);
  }

  @Override
  public Results.Background whileMeasured(Step step, ServerUnderTest server) throws InterruptedException {
    List<SlowClients.Outcome> outcomes = SlowClients.readers(server.port(), server.largestPath(), step.load(), PHONE_BYTES_PER_SECOND,
        Duration.ofSeconds(step.durationSeconds())).outcomes();
    return new Results.Background(outcomes.stream().mapToLong(SlowClients.Outcome::served).sum(), SlowClients.count(outcomes, 503),
        outcomes.stream().mapToLong(SlowClients.Outcome::cut).sum(), SlowClients.count(outcomes, 0));
  }

  /** Per framework and mode: the measured client's latency and errors, what the slow clients met, and whether the server stayed up. */
  @Override
  public void report(ReportSection section) {
    List<String> head = section.head(false, "Slow clients");
    head.addAll(List.of("measured req/s", "p50 ms", "p99 ms", "max ms", "errors", "slow: 200 whole / 503 / cut / none", "RSS MB",
        "heap after GC MB", "stayed up"));
    Markdown.Table table = new Markdown.Table(head);
    for (Results.Group g : section.groups()) {
      List<String> cells = section.cells(g, false);
      cells.add(Format.spread(g.spread(Results.Measurement::requestsPerSecond), Format::count));
      cells.add(Format.spread(g.spread(m -> m.percentile(50)), Format::millis));
      cells.add(Format.spread(g.spread(m -> m.percentile(99)), Format::millis));
      cells.add(Format.spread(g.spread(Results.Measurement::maxLatency), Format::millis));
      cells.add(ReportSection.errors(g));
      cells.add(background(g));
      cells.add(Format.median(g.spread(m -> m.serverProcess() == null ? null : m.serverProcess().maxRssKb() / 1024.0), Format::count));
      cells.add(Format.median(g.spread(ReportSection::heapAfterGcMb), Format::count));
      cells.add(stayedUp(g));
      table.row(cells);
    }
    section.table(table);
    section.line("The measured client's figures are its own requests' (errors: any answer not 200 with the exact body, or none). "
        + "The slow clients' answers are summed over the rounds: a 200 read whole, refused with a 503 (the server shed them), cut off "
        + "mid-answer by the server, or not answered at all. **no** under stayed up: the server ended, or its log holds an "
        + "OutOfMemoryError.");
    section.line();
    section.resources(false);
  }

  private static String background(Results.Group g) {
    Results.Background b = summed(g);
    return b == null ? Format.MISSING : b.served() + " / " + b.shed() + " / " + b.cut() + " / " + b.unanswered();
  }

  /** What the slow clients met, summed over the rounds; null when no round had them. */
  private static Results.Background summed(Results.Group g) {
    List<Results.Background> all = g.rounds().stream().map(r -> r.m().background()).filter(b -> b != null).toList();
    return all.isEmpty() ? null : new Results.Background(all.stream().mapToLong(Results.Background::served).sum(),
        all.stream().mapToLong(Results.Background::shed).sum(), all.stream().mapToLong(Results.Background::cut).sum(),
        all.stream().mapToLong(Results.Background::unanswered).sum());
  }

  private static String stayedUp(Results.Group g) {
    if (g.rounds().stream().allMatch(r -> r.m().server() == null)) return Format.MISSING;
    String down = g.down();
    return down == null ? "yes" : "**no**: " + down;
  }

  /** Its load is the slow clients beside the one measured. */
  @Override
  public String loadUnit() { return "slow clients"; }

  /** Ranked by what the measured client met: its p99 beside the slow clients. */
  @Override
  public RankedBy rankedBy() { return RankedBy.P99; }

  /** "held", "stalled" (the measured client went unanswered or was answered wrong) or "went down", and what the slow clients met. */
  @Override
  public String held(Standing standing) {
    Results.Group g = standing.group();
    Results.Background b = g == null ? null : summed(g);
    if (b == null) return null;
    String how = standing.down() != null ? "**went down** (" + standing.down() + ")"
        : standing.errors() > 0 ? "**stalled**: the measured client met " + standing.errors() + " errors" : "held: the measured client met no error";
    return how + "; of the slow clients' " + (b.served() + b.shed() + b.cut() + b.unanswered()) + " requests, " + b.served()
        + " read whole, " + b.shed() + " shed with a 503, " + b.cut() + " cut off, " + b.unanswered() + " unanswered";
  }

  /** Its table says it all: no charts. */
  @Override
  public List<Charts.Named> charts(Results results) { return List.of(); }
}
