package transit.bench.results;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import transit.bench.plan.Contestant;
import transit.bench.plan.Group;
import transit.bench.scenario.RankedBy;
import transit.bench.scenario.Step;
import transit.server.Mode;

/** A comparison's servers ranked by their rounds, each beside the next, the unfit slices left out and the mostly unfit apart. */
class RankingTest {
  static final Group TUNED = new Group(1, 1, Mode.TUNED, List.of());

  static Rounds server(String framework, Step step, Measurement... each) {
    Contestant c = Contestant.of(framework, Mode.TUNED, "1g", true);
    return new Rounds(TUNED, c, step, Made.slices(TUNED, c, step, each));
  }

  static Rounds server(String framework, double... rps) {
    return server(framework, Made.HEAVY, java.util.Arrays.stream(rps).mapToObj(Made::measured).toArray(Measurement[]::new));
  }

  static Ranking rank(Rounds... servers) { return Ranking.of(TUNED, Made.HEAVY, List.of(servers), RankedBy.REQUESTS_PER_SECOND, 0.05, 1); }

  static List<String> order(Ranking r) { return r.places().stream().map(p -> p.series().contestant().framework()).toList(); }

  @Test
  void neighboursAreDecidedByTheirRatiosInTheRoundsThatMeasuredBoth() {
    // the machine drifts by a third over the rounds; cask stays 10 % ahead of javalin in every one, spring within 1 % of javalin
    Ranking r = rank(server("javalin", 100, 80, 70, 90, 100), server("cask", 110, 88, 77, 99, 110), server("spring", 99, 80.5, 69.5, 90.5, 99));
    assertEquals(List.of("cask", "javalin", "spring"), order(r));
    assertEquals(Ratio.Decision.AHEAD, r.places().get(0).decision());
    assertEquals(1.10, r.places().get(0).toNext().value(), 1e-6);
    assertEquals(Ratio.Decision.LEVEL, r.places().get(1).decision());
    assertNull(r.places().get(2).decision(), "the last has no next");
    assertEquals(2, r.neighbours());
    assertEquals(2, r.decided());
    assertEquals(5, r.rounds());
  }

  @Test
  void serversThatSwapPlacesFromRoundToRoundAreUndecided() {
    Ranking r = rank(server("cask", 400, 330, 420, 320, 410), server("javalin", 340, 380, 330, 390, 350));
    assertEquals(Ratio.Decision.UNDECIDED, r.places().get(0).decision());
    assertEquals(0, r.decided());
  }

  @Test
  void aServerMissingAFastRoundIsNotMovedByIt() {
    // round 2 is twice as fast for everyone; vertx's slice of it was disturbed, and left out
    Ranking r = rank(server("cask", 100, 200, 100), server("javalin", 95, 190, 95),
        server("vertx", Made.HEAVY, Made.measured(98), Made.measured(196, 5, 98, 50, 30), Made.measured(98)));
    assertEquals(List.of("cask", "vertx", "javalin"), order(r), "by the figure relative to each round's, not by the plain mean");
    assertEquals(98 * Math.cbrt(2), r.places().get(1).figure(), 1e-6, "its figure: at the comparison's mean round, which has a third of the fast one");
    assertEquals(Ratio.Decision.LEVEL, r.places().get(1).decision(), "vertx against javalin in rounds 1 and 3 only: 3 % apart");
  }

  @Test
  void aServerThatBeganToCountInSlowRoundsHasTheFigureOfItsPlace() {
    // the machine slows by 30 % from round 4, when vertx began to count, 5 % ahead of cask in every round both have
    Measurement warming = Made.measured(60, 5, 98, 50, 30);
    Ranking r = rank(server("cask", 100, 100, 100, 70, 70, 70), server("vertx", Made.HEAVY, warming, warming, warming, Made.measured(73.5),
        Made.measured(73.5), Made.measured(73.5)));
    assertEquals(List.of("vertx", "cask"), order(r));
    assertEquals(1.05, r.places().get(0).figure() / r.places().get(1).figure(), 1e-6, "figures as far apart as in the rounds both have");
    assertEquals(1.05, r.places().get(0).toNext().value(), 1e-6);
  }

  @Test
  void aServerWhoseRoundsWereMostlyUnfitIsListedApartWithItsReason() {
    Measurement bound = Made.measured(1135, 18, 70, 95, 2);
    Ranking r = rank(server("cask", Made.HEAVY, bound, bound, Made.measured(1100)), server("javalin", 840, 850, 830));
    assertEquals(List.of("javalin"), order(r));
    assertEquals(1, r.apart().size());
    assertEquals("client-bound in 2 of 3 rounds", r.apart().get(0).why());
    assertEquals(0, r.neighbours());
  }

  @Test
  void aSliceIsUnfitWhenItsServerWasDownTheClientBoundOthersOnItsCpusItsRateNotKeptOrItsCpuIdle() {
    Step heavy = Made.HEAVY;
    assertNull(Ranking.unfit(Made.measured(100), heavy, RankedBy.REQUESTS_PER_SECOND, 1));
    assertEquals("client-bound", Ranking.unfit(Made.measured(100, 5, 60, 95, 2), heavy, RankedBy.REQUESTS_PER_SECOND, 1),
        "the client the limit: the server's low CPU says nothing");
    assertEquals("disturbed", Ranking.unfit(Made.measured(100, 5, 98, 50, 25), heavy, RankedBy.REQUESTS_PER_SECOND, 1));
    assertEquals("waiting", Ranking.unfit(Made.measured(100, 5, 70, 50, 2), heavy, RankedBy.REQUESTS_PER_SECOND, 1));
    assertNull(Ranking.unfit(Made.measured(100, 5, 170, 50, 2), heavy, RankedBy.REQUESTS_PER_SECOND, 2), "170 % of a core: 85 % of two CPUs");
    assertEquals("waiting", Ranking.unfit(Made.measured(100, 5, 150, 50, 2), heavy, RankedBy.REQUESTS_PER_SECOND, 2), "75 % of two CPUs");
    Step oneUser = Step.closed("small", "", 1, 3).withRequests(10, 3);
    assertNull(Ranking.unfit(Made.measured(100, 5, 40, 50, 2), oneUser, RankedBy.REQUESTS_PER_SECOND, 1), "one user cannot hold a server busy");
    Step rate = Step.open("latency", 200, 3);
    assertEquals("fell behind", Ranking.unfit(Made.measured(180, 5, 40, 50, 2), rate, RankedBy.P99, 1));
    assertNull(Ranking.unfit(Made.measured(195, 5, 40, 50, 2), rate, RankedBy.P99, 1), "an open step's server may idle between arrivals");
    Measurement m = Made.measured(100);
    assertEquals("down", Ranking.unfit(m.withServer(new Measurement.ServerUse(m.serverProcess(), null, null, null, List.of(), "it ended", null)),
        heavy, RankedBy.REQUESTS_PER_SECOND, 1));
    assertEquals("not measured", Ranking.unfit(Made.measured(0), heavy, RankedBy.REQUESTS_PER_SECOND, 1));
  }

  @Test
  void pairsSetEachServerBesideItsOwnOtherSetUp() {
    Contestant on = Contestant.of("cask", Mode.TUNED, "1g", true), off = Contestant.of("cask", Mode.TUNED, "1g", false);
    List<Rounds> servers = new ArrayList<>();
    servers.add(new Rounds(TUNED, on, Made.HEAVY, Made.slices(TUNED, on, Made.HEAVY, Made.measured(90), Made.measured(72), Made.measured(81))));
    servers.add(new Rounds(TUNED, off, Made.HEAVY, Made.slices(TUNED, off, Made.HEAVY, Made.measured(100), Made.measured(80), Made.measured(90))));
    servers.add(server("javalin", 100, 80, 90));
    List<Pair> pairs = Pair.of(servers, RankedBy.REQUESTS_PER_SECOND, 0.05, 1);
    assertEquals(1, pairs.size(), "javalin has no other set-up");
    Pair p = pairs.get(0);
    assertEquals(Pair.Kind.LIMITS, p.kind());
    assertEquals(on, p.first().get(0).contestant());
    assertEquals(Ratio.Decision.BEHIND, p.decision());
    assertEquals(-0.10, p.change(), 1e-6);
    assertNull(p.unjudged());
  }

  static Rounds instance(Contestant c, double scale, double... rps) {
    Measurement[] each = new Measurement[rps.length];
    for (int i = 0; i < rps.length; i++) each[i] = Made.measured(rps[i] * scale);
    return new Rounds(TUNED, c, Made.HEAVY, Made.slices(TUNED, c, Made.HEAVY, each));
  }

  @Test
  void aPairOfInstancesIsDecidedOnlyWhereEveryInstanceOfOneSideDiffersFromEveryOneOfTheOtherAlike() {
    Contestant today = new Contestant("cask", null, null, Mode.TUNED, "1g", true, 0), before = new Contestant("cask", "HEAD", null, Mode.TUNED, "1g", true, 0);
    double[] rounds = {100, 80, 90, 95, 85, 102};
    double[] noise = {100, 81, 89, 96, 84, 101};
    // today's first instance came up 10 % faster than its twin, which is level with both of the build before
    List<Rounds> twinApart = List.of(instance(today.instance(1), 1.10, rounds), instance(today.instance(2), 1.0, noise),
        instance(before.instance(1), 1.0, rounds), instance(before.instance(2), 1.0, noise));
    Pair p = Pair.of(twinApart, RankedBy.REQUESTS_PER_SECOND, 0.05, 1).get(0);
    assertEquals(Pair.Kind.BUILD, p.kind());
    assertEquals(2, p.first().size());
    assertEquals(2, p.second().size());
    assertEquals(Ratio.Decision.AHEAD, Pair.of(List.of(twinApart.get(0), twinApart.get(2)), RankedBy.REQUESTS_PER_SECOND, 0.05, 1).get(0).decision(),
        "one instance each would take the instance's 10 % for the build's");
    assertEquals(Ratio.Decision.UNDECIDED, p.decision(), "one pair of instances differs, the others do not");
    assertEquals(1.10, p.twins().get(0).value(), 0.01, "today's first instance over its second");
    assertEquals(1.00, p.twins().get(1).value(), 0.01);
    // both of today's 10 % behind both of the build before's: decided
    List<Rounds> slower = List.of(instance(today.instance(1), 0.90, rounds), instance(today.instance(2), 0.90, noise),
        instance(before.instance(1), 1.0, noise), instance(before.instance(2), 1.0, rounds));
    Pair worse = Pair.of(slower, RankedBy.REQUESTS_PER_SECOND, 0.05, 1).get(0);
    assertEquals(Ratio.Decision.BEHIND, worse.decision());
    assertEquals(0.90, worse.ratio().value(), 0.01);
  }
}
