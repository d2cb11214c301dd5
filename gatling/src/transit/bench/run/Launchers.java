package transit.bench.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import transit.bench.plan.Contestant;
import transit.server.FrameworkRegistry;
import transit.server.Library;

/**
 * How to start each framework's server without Mill, and what each says of itself, from the framework registry
 * build.mill writes (core's FrameworkRegistry): main class, classpath, the JVM flags every server gets, and on which
 * JDK. With --against, also each framework as built at that revision, from that build's registry; against is null
 * without it. jdks: the run's (Jdk.resolve); none yet: the harness's own.
 */
public record Launchers(FrameworkRegistry registry, Against against, List<Jdk> jdks) {
  public static Launchers load() { return new Launchers(FrameworkRegistry.load(), null, List.of()); }

  /** These, and each framework also as built at against's revision. */
  public Launchers with(Against built) { return new Launchers(registry, built, jdks); }

  /** These, on these JDKs. */
  public Launchers on(List<Jdk> run) { return new Launchers(registry, against, List.copyOf(run)); }

  /** The JDK a server runs on: the one its contestant names, else the run's only one; null: the harness's. */
  public Jdk jdkOf(Contestant c) {
    if (c.jdk() == null) return jdks.size() == 1 ? jdks.get(0) : null;
    return jdks.stream().filter(j -> j.version() == c.jdk()).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(c.build() + ": JDK " + c.jdk() + " is not one of this run's"));
  }

  /** The frameworks, in build.mill's order. */
  public List<String> frameworks() { return registry.names(); }

  public String defaultHeap() { return registry.defaultHeap(); }

  public Path workspace() { return registry.workspace(); }

  /** What today's build of a framework says of itself. */
  public FrameworkRegistry.Description description(String framework) { return registry.description(framework); }

  /** What a server's build says of itself: for a build at --against's revision, what the framework said of itself there. */
  public FrameworkRegistry.Description description(Contestant c) { return registryOf(c.revision()).description(c.framework()); }

  /** The registry of a build: today's, or --against's revision's. */
  private FrameworkRegistry registryOf(String revision) {
    if (revision == null) return registry;
    if (against == null || !against.rev().equals(revision))
      throw new IllegalArgumentException("no build of " + revision + " (--against " + revision + ")");
    return against.registry();
  }

  /** The shared flags with this heap as -Xmx (the build's own -Xmx left out), for every framework alike. */
  public List<String> flags(String heap) {
    List<String> flags = new ArrayList<>(registry.jvmFlags().stream().filter(f -> !f.startsWith("-Xmx")).toList());
    flags.add(0, "-Xmx" + heap);
    return flags;
  }

  /**
   * The server's java (jdkOf), the shared flags with its heap, its framework's launch (FrameworkRegistry#launch; for a
   * build at --against's revision, that build's, with today's flags, which every server gets alike).
   */
  public List<String> javaCommand(Contestant c) {
    Jdk jdk = jdkOf(c);
    List<String> command = new ArrayList<>(List.of(jdk != null ? jdk.java().toString() : java()));
    command.addAll(flags(c.heap()));
    command.addAll(registryOf(c.revision()).launch(c.framework()));
    return command;
  }

  /** These servers' libraries with their versions, each once (a library at another version at REV is listed again), then the harness's own. */
  public String versions(List<Contestant> servers, String harness) {
    Set<String> libraries = new LinkedHashSet<>();
    for (Contestant c : servers) for (Library l : description(c).libraries()) libraries.add(l.toString());
    libraries.add(Library.of("univocity", com.univocity.parsers.csv.CsvParser.class).toString());
    libraries.add(harness);
    return String.join(", ", libraries);
  }

  /** Why a server cannot run here (its build needs a newer Java than its JDK), or null where it can. */
  public String unrunnable(Contestant c) {
    Jdk jdk = jdkOf(c);
    int needs = registryOf(c.revision()).javaRelease(c.framework());
    return jdk == null || jdk.version() >= needs ? null
        : c.build() + " (built for Java " + needs + ", and JDK " + jdk.version() + " is older)";
  }

  /** "; helidon is not run here: needs Java 21; …" for a framework the build could not take, else "". */
  public static String unavailableHere(String framework) {
    try {
      String why = FrameworkRegistry.load().unavailable().get(framework);
      return why == null ? "" : "; " + framework + " is not run here: " + why;
    } catch (IllegalStateException e) { // no registry on the classpath (a test's own)
      return "";
    }
  }

  /** The JDK running the harness. */
  public static String java() { return Path.of(System.getProperty("java.home"), "bin", "java").toString(); }
}
