package transit.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import transit.server.FrameworkRegistry;
import transit.server.Library;

/**
 * How to start each framework's server without Mill, and what each says of itself, from the framework registry
 * build.mill writes (core's FrameworkRegistry): main class, classpath, the JVM flags every server gets, and on which
 * JDK. With --against, also each framework as built at that revision (cask@HEAD), from that build's registry; against
 * is null without it. jdks: the run's (Jdk.resolve), each run's name naming its own where there are several
 * (cask/jdk25); none yet: the harness's own.
 */
public record Launchers(FrameworkRegistry registry, Against against, List<Jdk> jdks) {
  public static Launchers load() { return new Launchers(FrameworkRegistry.load(), null, List.of()); }

  /** These, and each framework also as built at against's revision. */
  Launchers with(Against built) { return new Launchers(registry, built, jdks); }

  /** These, on these JDKs. */
  Launchers on(List<Jdk> run) { return new Launchers(registry, against, List.copyOf(run)); }

  /** The JDK a run's framework runs on: the one its name gives (cask/jdk25), else the run's only one; null: the harness's. */
  Jdk jdkOf(String framework) {
    Integer version = Jdk.versionOf(framework);
    if (version == null) return jdks.size() == 1 ? jdks.get(0) : null;
    return jdks.stream().filter(j -> j.version() == version).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(framework + ": JDK " + version + " is not one of this run's"));
  }

  /** The frameworks, in build.mill's order. */
  public List<String> frameworks() { return registry.names(); }

  public String defaultHeap() { return registry.defaultHeap(); }

  public Path workspace() { return registry.workspace(); }

  /** What a framework says of itself; for cask@REV, what cask said of itself at REV. */
  public FrameworkRegistry.Description description(String framework) { return registryOf(framework).description(Against.framework(framework)); }

  /** The registry a run's framework comes from: today's, or for name@REV the build of --against's revision. */
  private FrameworkRegistry registryOf(String framework) {
    String revision = Against.revision(framework);
    if (revision == null) return registry;
    if (against == null || !against.rev().equals(revision))
      throw new IllegalArgumentException(framework + ": no build of " + revision + " (--against " + revision + ")");
    return against.registry();
  }

  /** The shared flags with this heap as -Xmx (the build's own -Xmx left out), for every framework alike. */
  List<String> flags(String heap) {
    List<String> flags = new ArrayList<>(registry.jvmFlags().stream().filter(f -> !f.startsWith("-Xmx")).toList());
    flags.add(0, "-Xmx" + heap);
    return flags;
  }

  /**
   * The framework's java (jdkOf), the shared flags with the heap, the framework's launch (FrameworkRegistry#launch; for
   * name@REV, REV's: with today's flags, which every server gets alike).
   */
  List<String> javaCommand(String framework, String heap) {
    Jdk jdk = jdkOf(framework);
    List<String> command = new ArrayList<>(List.of(jdk != null ? jdk.java().toString() : java()));
    command.addAll(flags(heap));
    FrameworkRegistry from = registryOf(framework);
    String name = Against.framework(framework);
    command.addAll(from.launch(name));
    return command;
  }

  /** These frameworks' libraries with their versions, each once (a library at another version at REV is listed again), then the harness's own. */
  String versions(List<String> frameworks, String harness) {
    Set<String> libraries = new LinkedHashSet<>();
    for (String framework : frameworks) for (Library l : description(framework).libraries()) libraries.add(l.toString());
    libraries.add(Library.of("univocity", com.univocity.parsers.csv.CsvParser.class).toString());
    libraries.add(harness);
    return String.join(", ", libraries);
  }

  /**
   * The run's frameworks that their JDK can run (cask/jdk17, not helidon/jdk17: it is built for Java 21); each left out
   * is told to leftOut with why.
   */
  List<String> runnable(List<String> frameworks, java.util.function.Consumer<String> leftOut) {
    List<String> runnable = new ArrayList<>();
    for (String f : frameworks) {
      Jdk jdk = jdkOf(f);
      int needs = registryOf(f).javaRelease(Against.framework(f));
      if (jdk == null || jdk.version() >= needs) runnable.add(f);
      else leftOut.accept("Not run: " + f + " (built for Java " + needs + ", and JDK " + jdk.version() + " is older).");
    }
    return runnable;
  }

  /** "; helidon is not run here: needs Java 21; …" for a framework the build could not take, else "". */
  static String unavailableHere(String framework) {
    try {
      String why = FrameworkRegistry.load().unavailable().get(framework);
      return why == null ? "" : "; " + framework + " is not run here: " + why;
    } catch (IllegalStateException e) { // no registry on the classpath (a test's own)
      return "";
    }
  }

  /** The JDK running the harness. */
  static String java() { return Path.of(System.getProperty("java.home"), "bin", "java").toString(); }
}
