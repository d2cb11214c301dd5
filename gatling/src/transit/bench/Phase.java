package transit.bench;

import io.gatling.javaapi.core.Session;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.HdrHistogram.Recorder;

/**
 * One phase of a step in the Gatling JVM: its warm-up or its measured part. It prints a marker line when its first
 * user starts and its last one ends (the harness times steps by them), and records each measured response's time
 * under its outcome: ok; failed, a wrong answer; lost, none at all (a refused or reset connection, a timeout).
 */
public final class Phase {
  /** The marker lines' prefix: "@@bench start|end warm-up|measure STEP EPOCH_MS". */
  static final String MARKER = "@@bench";
  /** The marker's word once the simulation has ended and its figures are written, before Gatling writes its report. */
  static final String SIMULATED = "simulated";
  static final List<String> OUTCOMES = List.of("ok", "failed", "lost");

  final int index;
  private final Step step;
  final boolean warmUp;
  private final Consumer<Phase> onMeasuredEnd;
  /** Its last interval has been logged. */
  boolean closed;
  final Map<String, Recorder> outcomes = new HashMap<>();
  final AtomicInteger started = new AtomicInteger(), finished = new AtomicInteger();

  /** onMeasuredEnd: told (on a Gatling thread) when the last user of a measured phase has ended. */
  Phase(int index, Step step, boolean warmUp, Consumer<Phase> onMeasuredEnd) {
    this.index = index;
    this.step = step;
    this.warmUp = warmUp;
    this.onMeasuredEnd = onMeasuredEnd;
    OUTCOMES.forEach(o -> outcomes.put(o, new Recorder(3)));
  }

  public Step step() { return step; }

  /** Gatling's request name: warm-up requests carry their own, so Gatling's report keeps them apart. */
  String requestName() { return warmUp ? step.label() + " (warm-up)" : step.label(); }

  /** Seconds it lasts, unless its users make a fixed number of requests each. */
  int seconds() { return warmUp ? step.warmupSeconds() : step.durationSeconds(); }

  Session userStarted(Session session) {
    if (started.getAndIncrement() == 0) marker("start");
    return session;
  }

  Session userFinished(Session session, int users) {
    if (finished.incrementAndGet() == users) {
      marker("end");
      if (!warmUp) onMeasuredEnd.accept(this);
    }
    return session;
  }

  private void marker(String event) {
    System.out.println(MARKER + " " + event + " " + (warmUp ? "warm-up" : "measure") + " " + index + " " + System.currentTimeMillis());
  }

  /** The request just made: its response time under its outcome (lost, with no response, at the time it took to fail). */
  Session record(Session session, long startedMillis) {
    if (!warmUp) {
      boolean answered = session.contains("rt");
      long millis = answered ? session.getInt("rt") : System.currentTimeMillis() - startedMillis;
      outcomes.get(!answered ? "lost" : session.isFailed() ? "failed" : "ok").recordValue(millis);
    }
    return session.markAsSucceeded().remove("rt");
  }
}
