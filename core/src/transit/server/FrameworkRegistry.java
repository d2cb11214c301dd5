package transit.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The frameworks under comparison, in the order build.mill lists them, as it writes them to the classpath resource
 * {@value #RESOURCE}: each one's name (its folder's, without -server), main class and classpath, and its
 * {@link Description} (what its {@link Framework} says of itself, printed by this class's main at build time, so
 * the harness needs no framework on its own classpath); and the JVM flags every server gets. The suites and JMH,
 * which have the frameworks on their classpath, get each {@link Framework} from it.
 */
public final class FrameworkRegistry {
  public static final String RESOURCE = "transit/frameworks.properties";

  /**
   * What a framework says of itself, as data: its libraries, JSON library, encoding frames, how it serves each mode, how
   * it compresses, its HTTP layer's answer to each protocol error, and the settings its server makes beyond the
   * framework's defaults.
   */
  public record Description(String name, List<Library> libraries, Library json, List<String> encodingFrames, Map<Mode, String> serves,
      String compresses, Map<ProtocolError, Integer> answers, List<Setting> settings) {}

  private final Properties properties;
  private final List<String> names;

  private FrameworkRegistry(Properties properties) {
    this.properties = properties;
    this.names = List.of(properties.getProperty("frameworks").split(","));
  }

  /** The registry build.mill wrote; throws where the classpath has none (not run through ./mill). */
  public static FrameworkRegistry load() {
    try (InputStream in = FrameworkRegistry.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) throw new IllegalStateException("no " + RESOURCE + " on the classpath: build.mill writes it; run this through ./mill");
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The registry another checkout's build wrote: folder holds {@value #RESOURCE} (its frameworkRegistry task's output;
   * the harness's --against).
   */
  public static FrameworkRegistry load(Path folder) {
    try (InputStream in = java.nio.file.Files.newInputStream(folder.resolve(RESOURCE))) {
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static FrameworkRegistry read(InputStream in) throws IOException {
    Properties p = new Properties();
    p.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8)); // build.mill writes it in UTF-8
    return new FrameworkRegistry(p);
  }

  /** The frameworks' names, in build.mill's order. */
  public List<String> names() { return names; }

  private String mainClass(String name) { return get(name + ".main"); }

  private String classpath(String name) { return get(name + ".classpath"); }

  /**
   * What follows a server's JVM flags: -jar and its jar where its framework's tools run it so (Quarkus's quarkus-run.jar,
   * whose manifest's Add-Opens only -jar applies), else -cp and its main class.
   */
  public List<String> launch(String name) {
    String jar = properties.getProperty(name + ".jar");
    return jar != null ? List.of("-jar", jar) : List.of("-cp", classpath(name), mainClass(name));
  }

  /** The Java it is built for, the oldest it runs on (17 in a registry older than this key). */
  public int javaRelease(String name) { return Integer.parseInt(properties.getProperty(name + ".java", "17")); }

  /** Every server's JVM flags, identical for all frameworks (ServerJvm.flags in build.mill). */
  public List<String> jvmFlags() { return Arrays.asList(get("jvm.flags").split(" ")); }

  /** The servers' -Xmx unless the harness is given another. */
  public String defaultHeap() { return get("jvm.heap"); }

  /** The checkout's root. */
  public Path workspace() { return Path.of(get("workspace")); }

  /** The servers' JDK home: the newest the build found that every framework supports (build.mill's Jdks). */
  public Path jdk() { return Path.of(get("jdk")); }

  /**
   * The frameworks this machine cannot build and run, each with why (a JDK newer than any found): listed apart by every
   * run, never silently dropped. A registry older than this key (--against) has none.
   */
  public Map<String, String> unavailable() { return pairs(properties.getProperty("unavailable", "")); }

  /** Every JDK the build found, by major version, oldest first. */
  public Map<Integer, Path> jdks() {
    Map<Integer, Path> jdks = new java.util.TreeMap<>();
    pairs(get("jdks")).forEach((version, home) -> jdks.put(Integer.valueOf(version), Path.of(home)));
    return jdks;
  }

  /** "a=x,b=y" as build.mill writes a list of pairs, in its order. */
  private static Map<String, String> pairs(String list) {
    Map<String, String> pairs = new java.util.LinkedHashMap<>();
    for (String each : list.split(",")) {
      int eq = each.indexOf('=');
      if (eq > 0) pairs.put(each.substring(0, eq), each.substring(eq + 1));
    }
    return pairs;
  }

  public Description description(String name) {
    List<Library> libraries = new ArrayList<>();
    for (int i = 0; properties.containsKey(name + ".library." + i + ".name"); i++)
      libraries.add(new Library(get(name + ".library." + i + ".name"), get(name + ".library." + i + ".version")));
    Map<Mode, String> serves = new EnumMap<>(Mode.class);
    for (Mode mode : Mode.values()) serves.put(mode, get(name + ".serves." + mode.label));
    Map<ProtocolError, Integer> answers = new EnumMap<>(ProtocolError.class);
    for (ProtocolError request : ProtocolError.values()) { // a registry older than the answers in it (--against) has none
      String status = properties.getProperty(name + ".answers." + request.name());
      if (status != null) answers.put(request, Integer.valueOf(status));
    }
    List<Setting> settings = new ArrayList<>();
    for (int i = 0; properties.containsKey(name + ".setting." + i + ".name"); i++) {
      String key = name + ".setting." + i + ".";
      settings.add(new Setting(get(key + "name"), get(key + "value"), get(key + "default"),
          Arrays.stream(get(key + "modes").split(",")).map(Mode::labelled).toList(), Boolean.parseBoolean(get(key + "limit")),
          get(key + "why"), get(key + "cost")));
    }
    return new Description(name, libraries, new Library(get(name + ".json.name"), get(name + ".json.version")),
        List.of(get(name + ".encoding").split(",")), serves, properties.getProperty(name + ".compresses", ""), answers, settings);
  }

  /**
   * The framework itself, from its static framework() (on its main class, or on the class the registry names where the
   * main is a launcher's, as Quarkus's is): only where its classes are on the classpath.
   */
  public Framework framework(String name) { return ofMainClass(properties.getProperty(name + ".framework", mainClass(name))); }

  static Framework ofMainClass(String mainClass) {
    try {
      return (Framework) Class.forName(mainClass).getMethod("framework").invoke(null);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException(mainClass + " has no static framework() returning a transit.server.Framework", e);
    }
  }

  private String get(String key) {
    String value = properties.getProperty(key);
    if (value == null) throw new IllegalStateException(RESOURCE + " has no " + key + ": rebuild it (./mill frameworkRegistry)");
    return value;
  }

  /**
   * {@code describe MAIN_CLASS}: prints the framework's description as properties (keys without its name), for
   * build.mill, which runs it on each framework's classpath.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2 || !args[0].equals("describe")) {
      System.err.println("usage: FrameworkRegistry describe MAIN_CLASS");
      System.exit(2);
    }
    Framework framework = ofMainClass(args[1]);
    Properties p = new Properties();
    List<Library> libraries = framework.libraries();
    for (int i = 0; i < libraries.size(); i++) {
      p.setProperty("library." + i + ".name", libraries.get(i).name());
      p.setProperty("library." + i + ".version", libraries.get(i).version());
    }
    p.setProperty("json.name", framework.json().name());
    p.setProperty("json.version", framework.json().version());
    p.setProperty("encoding", String.join(",", framework.encodingFrames()));
    for (Mode mode : Mode.values()) p.setProperty("serves." + mode.label, framework.serves(mode));
    p.setProperty("compresses", framework.compresses());
    for (ProtocolError request : ProtocolError.values()) p.setProperty("answers." + request.name(), String.valueOf(framework.answers(request)));
    List<Setting> settings = framework.settings();
    for (int i = 0; i < settings.size(); i++) {
      Setting s = settings.get(i);
      String key = "setting." + i + ".";
      p.setProperty(key + "name", s.name());
      p.setProperty(key + "value", s.value());
      p.setProperty(key + "default", s.frameworkDefault());
      p.setProperty(key + "modes", String.join(",", s.modes().stream().map(m -> m.label).toList()));
      p.setProperty(key + "limit", String.valueOf(s.limit()));
      p.setProperty(key + "why", s.why());
      p.setProperty(key + "cost", s.cost());
    }
    StringWriter out = new StringWriter();
    p.store(out, null);
    // without the date line store() writes first, so that the same framework describes itself byte for byte alike
    System.out.print(out.toString().lines().filter(l -> !l.startsWith("#")).sorted().reduce("", (a, l) -> a + l + "\n"));
  }
}
