package transit.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import transit.cli.Cli;

/**
 * A JDK the servers run on: its major version, its home and what its release file calls it. By default the registry's
 * (the newest the build found that every framework supports); --java 17,25 runs every server once per JDK in the same
 * run, each framework on each JDK as one more server in the same rounds (cask/jdk17 beside cask/jdk25).
 */
public record Jdk(int version, Path home, String vendor, String fullVersion) {
  /** Its java binary. */
  public Path java() { return home.resolve("bin").resolve("java"); }

  /** "jdk25". */
  public String label() { return "jdk" + version; }

  /** "Temurin 25.0.1 (/usr/lib/jvm/temurin-25-jdk-amd64)". */
  @Override
  public String toString() { return (vendor.isEmpty() ? "" : vendor + " ") + fullVersion + " (" + home + ")"; }

  /** The JDK at a home, from its release file; null where it has no java binary or no release file naming its version. */
  public static Jdk at(Path home) {
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
  public static List<Jdk> resolve(List<String> given, Path defaultHome, Map<Integer, Path> found) {
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
