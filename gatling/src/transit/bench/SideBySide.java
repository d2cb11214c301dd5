package transit.bench;

import transit.measure.Spread;

/**
 * One server set-up measured two ways in the same rounds (limits on and off, or on two JDKs), its ranked figure
 * (requests/s, or p99 where the scenario ranks by it) set side by side. The run tells the two apart only where their
 * ranges over the rounds are apart; a pair the client bound or other processes disturbed, or whose server fell behind
 * or went down, says nothing of the difference and is not judged.
 */
record SideBySide(Standing first, Standing second, RankedBy by) {
  /** first against second, negative where first did worse: requests/s first/second − 1, p99 1 − first/second; null without both. */
  Double change() {
    Spread a = by.of(first), b = by.of(second);
    if (a == null || b == null || b.median() == 0) return null;
    return by.higherIsBetter ? a.median() / b.median() - 1 : 1 - a.median() / b.median();
  }

  /** Why the pair says nothing (client-bound, disturbed, fell behind, went down, not measured), the second's named by how, or null. */
  String unjudged(String secondIs) {
    String whyFirst = Verdict.unranked(first, by), whySecond = Verdict.unranked(second, by);
    return whyFirst != null ? whyFirst : whySecond != null ? whySecond + " " + secondIs : null;
  }

  /** The two ranges over the rounds are apart: more than the run's own spread. */
  boolean beyondSpread() {
    Spread a = by.of(first), b = by.of(second);
    return a != null && b != null && !Verdict.overlap(a, b);
  }

  /** "beyond the spread", "within the spread", or why the pair is not judged. */
  String judgement(String secondIs) {
    String why = unjudged(secondIs);
    return why != null ? why : beyondSpread() ? "beyond the spread" : "within the spread";
  }
}
