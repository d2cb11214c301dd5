package transit.bench.plan;

import java.util.ArrayList;
import java.util.List;
import transit.server.Mode;

/**
 * A server of a run: a framework, built from today's checkout or at --against's revision (revision null: today's), on
 * one of the run's JDKs (jdk null: the run has one), in a mode, with a heap, its limits on or off, and which of the
 * set-up's instances it is (--instances: 1, 2, …; 0 where the run starts one of each). Everything else about two
 * servers (their JVM flags, feed and CPUs) is the same.
 */
public record Contestant(String framework, String revision, Integer jdk, Mode mode, String heap, boolean limits, int instance) {
  /** Today's build of a framework on the run's only JDK, its only instance. */
  public static Contestant of(String framework, Mode mode, String heap, boolean limits) {
    return new Contestant(framework, null, null, mode, heap, limits, 0);
  }

  /** The same set-up, as its instance n (0: the only one). */
  public Contestant instance(int n) { return new Contestant(framework, revision, jdk, mode, heap, limits, n); }

  /** The name the run knows the server's build by: cask, cask@HEAD, cask/jdk17, cask@HEAD/jdk17. */
  public String build() { return framework + (revision == null ? "" : "@" + revision) + (jdk == null ? "" : "/jdk" + jdk); }

  /** The name the report knows the server by: its build, and which instance where there are several (cask#2). */
  public String name() { return build() + (instance == 0 ? "" : "#" + instance); }

  /** "cask@HEAD tuned", with the heap where it is not the run's, and ", limits off" where they are. */
  public String label(String runHeap) {
    return name() + " " + mode.label + (heap.equals(runHeap) ? "" : " (heap " + heap + ")") + (limits ? "" : ", limits off");
  }

  /** Its log's and its recording's file name: cask-tuned-1g, cask@HEAD_jdk17-cached-1g-limits-off, cask-tuned-1g-2. */
  public String fileName() {
    return build().replaceAll("[^A-Za-z0-9@._~^+-]", "_") + "-" + mode.label + "-" + heap + (limits ? "" : "-limits-off")
        + (instance == 0 ? "" : "-" + instance);
  }

  /** What its server is started with beyond every server's flags: its mode's, and --limits off where it runs without them. */
  public List<String> serverFlags() {
    List<String> flags = new ArrayList<>(mode.flags);
    if (!limits) flags.addAll(List.of("--limits", "off"));
    return flags;
  }

  /** The same framework in the same mode, whatever its build, JDK, heap or limits: a round keeps such servers side by side. */
  public boolean sameBlock(Contestant other) { return framework.equals(other.framework) && mode == other.mode; }

  /** The same set-up but for its limits. */
  public boolean differsOnlyInLimits(Contestant other) {
    return sameBlock(other) && java.util.Objects.equals(revision, other.revision) && java.util.Objects.equals(jdk, other.jdk)
        && heap.equals(other.heap) && limits != other.limits;
  }

  /** The same set-up but for its JDK. */
  public boolean differsOnlyInJdk(Contestant other) {
    return sameBlock(other) && java.util.Objects.equals(revision, other.revision) && jdk != null && other.jdk != null
        && !jdk.equals(other.jdk) && heap.equals(other.heap) && limits == other.limits;
  }

  /** The same set-up but for its build (today's against --against's revision). */
  public boolean differsOnlyInBuild(Contestant other) {
    return sameBlock(other) && !java.util.Objects.equals(revision, other.revision) && java.util.Objects.equals(jdk, other.jdk)
        && heap.equals(other.heap) && limits == other.limits;
  }
}
