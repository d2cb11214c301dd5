package transit.bench.run;

import java.util.ArrayList;
import java.util.List;
import transit.measure.Cpus;

/**
 * The client side off the server's CPUs for a run: this JVM and the JVMs above it (Mill's daemon) move to the client
 * CPUs, and back after; a harness stopped early (Ctrl-C, a test timeout) takes its servers and Gatling with it, and
 * puts them back too.
 */
public final class ClientSide implements AutoCloseable {
  private static final List<Runnable> ON_EXIT = new ArrayList<>();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
      synchronized (ON_EXIT) {
        ON_EXIT.forEach(Runnable::run);
      }
    }));
  }

  private final List<Runnable> unpin = new ArrayList<>();
  /** What was pinned where, for the report's conditions; empty when nothing was. */
  public final String pinned;

  /** Pins the client side to cpus, unless it shares them with the server or taskset is missing. */
  public ClientSide(Cpus.Split cpus, boolean pin) {
    List<String> moved = new ArrayList<>();
    if (pin && !cpus.shared() && Cpus.tasksetAvailable()) {
      for (ProcessHandle p = ProcessHandle.current(); p != null && isJava(p); p = p.parent().orElse(null)) {
        List<Integer> before = Cpus.pin(p.pid(), cpus.measuring());
        if (before == null) continue;
        long pid = p.pid();
        unpin.add(() -> Cpus.pin(pid, before));
        moved.add(pid == ProcessHandle.current().pid() ? "the harness (" + pid + ")" : "JVM " + pid + " (" + name(p) + ")");
      }
    }
    synchronized (ON_EXIT) {
      ON_EXIT.addAll(unpin);
    }
    pinned = moved.isEmpty() ? "" : String.join(", ", moved) + " on CPU " + Cpus.format(cpus.measuring()) + " for the run";
  }

  private static boolean isJava(ProcessHandle p) { return p.info().command().map(c -> c.endsWith("/java")).orElse(false); }

  private static String name(ProcessHandle p) {
    String args = String.join(" ", p.info().arguments().orElse(new String[0]));
    return args.contains("mill") ? "Mill" : p.info().command().orElse("?");
  }

  /** Puts them back. */
  @Override
  public void close() {
    unpin.forEach(Runnable::run);
    synchronized (ON_EXIT) {
      ON_EXIT.removeAll(unpin);
    }
  }
}
