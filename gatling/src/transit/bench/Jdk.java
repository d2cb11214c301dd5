package transit.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import transit.cli.Cli;

/**
 * A JDK the servers run on: its major version, its home and what its release file calls it. By default the registry's
 * (the newest the build found that every framework supports); --java 17,25 runs every server once per JDK in the same
 * run, each framework on each JDK as one more name in the rounds (cask/jdk17, cask/jdk25), beside each other.
 */
record Jdk(int version, Path home, String vendor, String fullVersion) {
  /** Between a run's framework and its JDK: cask/jdk25, cask@HEAD/jdk25. */
  private static final Pattern SUFFIX = Pattern.compile("/jdk(\\d+)$");

  /** Its java binary. */
  Path java() { return home.resolve("bin").resolve("java"); }

  /** "jdk25". */
  String label() { return "jdk" + version; }

  /** "Temurin 25.0.1 (/usr/lib/jvm/temurin-25-jdk-amd64)". */
  @Override
  public String toString() { return (vendor.isEmpty() ? "" : vendor + " ") + fullVersion + " (" + home + ")"; }

  /** The name a framework runs under on this JDK when a run has several: cask/jdk25. */
  String name(String framework) { return framework + "/" + label(); }

  /** The run's name without its JDK: cask@HEAD for cask@HEAD/jdk25, cask for cask. */
  static String base(String name) { return SUFFIX.matcher(name).replaceFirst(""); }

  /** The JDK a run's name runs on (25 for cask/jdk25), or null for a name without one. */
  static Integer versionOf(String name) {
    Matcher m = SUFFIX.matcher(name);
    return m.find() ? Integer.valueOf(m.group(1)) : null;
  }

  /** The JDK at a home, from its release file; null where it has no java binary or no release file naming its version. */
  static Jdk at(Path home) {
    Path release = home.resolve("release");
    if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) return null;
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(release)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String full = unquote(p.getProperty("JAVA_VERSION", ""));
    String major = full.split("[.+_-]")[0];
    if (!major.matches("\\d+")) return null;
    String vendor = unquote(p.getProperty("IMPLEMENTOR", "")).replace("Eclipse Adoptium", "Temurin");
    return new Jdk(Integer.parseInt(major), home, vendor, full);
  }

  private static String unquote(String s) { return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s; }

  /**
   * --java's items as JDKs: a major version the build found (17, 25) or a JDK home or its java binary; null or empty: the
   * registry's. A version not found, a path that is no JDK, or one JDK twice is a usage error naming it.
   */
  static List<Jdk> resolve(List<String> given, Path defaultHome, Map<Integer, Path> found) {
    if (given == null || given.isEmpty()) {
      Jdk jdk = at(defaultHome);
      if (jdk == null) throw new IllegalStateException("the registry's JDK " + defaultHome + " has no release file: rebuild it (./mill frameworkRegistry)");
      return List.of(jdk);
    }
    List<Jdk> jdks = new ArrayList<>();
    for (String item : given) {
      String text = item.trim();
      Jdk jdk;
      if (text.matches("\\d+")) {
        Path home = found.get(Integer.valueOf(text));
        if (home == null)
          throw new Cli.UsageException("--java: no JDK " + text + " on this machine (found: " + (found.isEmpty() ? "none"
              : String.join(", ", found.keySet().stream().sorted().map(String::valueOf).toList())) + "); give its home instead");
        jdk = at(home);
      } else {
        Path path = Path.of(text);
        Path home = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent() == null ? path : path.toAbsolutePath().getParent().getParent();
        jdk = home == null ? null : at(home);
        if (jdk == null) throw new Cli.UsageException("--java: " + text + " is not a JDK home or its bin/java (no release file naming a version)");
      }
      for (Jdk other : jdks)
        if (other.version == jdk.version) throw new Cli.UsageException("--java: JDK " + jdk.version + " given twice (" + other.home + ", " + jdk.home + ")");
      jdks.add(jdk);
    }
    return List.copyOf(jdks);
  }
}
