package transit.bench.scenario;

import io.gatling.javaapi.core.Session;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One slice in the Gatling JVM: a step's users against one server. It prints a marker line when its first user starts
 * and when its last one ends, with its answers by outcome and the right ones' times: the harness times slices by them
 * and decides the next as they come. It records each response's time under its outcome: ok; failed, a wrong answer; lost,
 * none at all (a refused or reset connection, a timeout), also second by second for the timeline. Its seed makes its
 * users' work: the k-th user to start draws from the same sequence in every slice of the same seed.
 */
public final class Phase {
  /** The marker lines' prefix: "@@bench start|end SLICE EPOCH_MS [OK FAILED LOST OK_TIMES]". */
  public static final String MARKER = "@@bench";
  /** The marker's word once the simulation has ended and its figures are written, before Gatling writes its report. */
  public static final String SIMULATED = "simulated";
  public static final List<String> OUTCOMES = List.of("ok", "failed", "lost");

  public final int index;
  private final Step step;
  private final long seed;
  private final java.util.function.Consumer<Phase> onEnd;
  /** Its last interval has been logged. */
  public boolean closed;
  public final Map<String, Recorder> outcomes = new HashMap<>();
  public final AtomicInteger started = new AtomicInteger(), finished = new AtomicInteger();
  /** Users that have come to it, in a run whose users loop over the slices: it starts once every one has. */
  private final AtomicInteger arrived = new AtomicInteger();
  private final AtomicLong answered = new AtomicLong(), failed = new AtomicLong(), lost = new AtomicLong();
  /** Every right answer's time, for the end marker. */
  private final Histogram times = new Histogram(3);

  /** onEnd: told (on a Gatling thread) when its last user has ended. */
  public Phase(int index, Step step, long seed, java.util.function.Consumer<Phase> onEnd) {
    this.index = index;
    this.step = step;
    this.seed = seed;
    this.onEnd = onEnd;
    OUTCOMES.forEach(o -> outcomes.put(o, new Recorder(3)));
  }

  public Step step() { return step; }

  /** Gatling's request name. */
  public String requestName() { return step.label(); }

  /** A user's random source: the same sequence for the same place among the users of every slice of this seed. */
  public Random random(Session session) { return new Random(seed * 1_000_003L + session.getInt(PLACE)); }

  private static final String PLACE = "phase.place";

  /** A looping user has come to this slice, having done its part of the one before. */
  public Session arrive(Session session) {
    arrived.incrementAndGet();
    return session;
  }

  /** Whether every one of a looping run's users has come to this slice. */
  public boolean allArrived(int users) { return arrived.get() >= users; }

  /** The user's place among those started, kept in its session. */
  public Session userStarted(Session session) {
    int place = started.getAndIncrement();
    if (place == 0) marker("start", "");
    return session.set(PLACE, place);
  }

  public Session userFinished(Session session, int users) {
    int done = finished.incrementAndGet();
    if (done == users) {
      String encoded;
      synchronized (times) {
        ByteBuffer buffer = ByteBuffer.allocate(times.getNeededByteBufferCapacity());
        int length = times.encodeIntoCompressedByteBuffer(buffer);
        encoded = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
      }
      marker("end", " " + answered.get() + " " + failed.get() + " " + lost.get() + " " + encoded);
      onEnd.accept(this);
    }
    return session;
  }

  private void marker(String event, String more) {
    System.out.println(MARKER + " " + event + " " + index + " " + System.currentTimeMillis() + more);
  }

  /** A slice's right answers' times as its end marker carries them (Base64 of HdrHistogram's compressed form). */
  public static Histogram decode(String encoded) {
    try {
      Histogram times = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
      times.setAutoResize(true); // decoded at the range its values needed: another slice's may need more
      return times;
    } catch (java.util.zip.DataFormatException e) {
      throw new IllegalArgumentException("a slice's answer times that do not decode", e);
    }
  }

  /** The request just made: its response time under its outcome (lost, with no response, at the time it took to fail). */
  public Session record(Session session, long startedMillis) {
    boolean answered = session.contains("rt");
    long millis = answered ? session.getInt("rt") : System.currentTimeMillis() - startedMillis;
    String outcome = !answered ? "lost" : session.isFailed() ? "failed" : "ok";
    outcomes.get(outcome).recordValue(millis);
    if (outcome.equals("ok")) {
      this.answered.incrementAndGet();
      synchronized (times) {
        times.recordValue(millis);
      }
    } else (outcome.equals("failed") ? failed : lost).incrementAndGet();
    return session.markAsSucceeded().remove("rt");
  }
}
