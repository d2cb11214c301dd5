package transit.bench.scenario;

/**
 * What the harness's own clients met beside Gatling's during a slice (the overload scenario's slow readers): 200s read
 * whole, refused with a 503, cut off by the server mid-answer, and requests with no answer at all.
 */
public record Background(long served, long shed, long cut, long unanswered) {
  public long requests() { return served + shed + cut + unanswered; }

  /** These and another slice's, summed. */
  public Background plus(Background other) {
    return new Background(served + other.served, shed + other.shed, cut + other.cut, unanswered + other.unanswered);
  }
}
