package transit.bench.run;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.bench.plan.Contestant;
import transit.server.FrameworkRegistry;
import transit.server.Mode;

/** How each server is started: its build's classpath (today's or --against's), its JDK, today's flags; and what builds --against makes. */
class LaunchersTest {
  /** git in dir, as the test's own user. */
  static void git(Path dir, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "user.name=test", "-c", "user.email=test@localhost"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + output);
  }

  @Test
  void againstChecksTheRevisionOutBesideTheWorkspaceAndNamesWhatIsWrong(@TempDir Path repo) throws Exception {
    git(repo, "init", "-q");
    Files.writeString(repo.resolve("README"), "a checkout without ./mill");
    git(repo, "add", "README");
    git(repo, "commit", "-q", "-m", "first");
    assertTrue(assertThrows(transit.cli.Cli.UsageException.class, () -> Against.build(repo, "no-such-revision", List.of("cask"), line -> {}))
        .getMessage().startsWith("--against: \"no-such-revision\" is not a commit of " + repo));
    List<String> progress = new java.util.ArrayList<>();
    for (int attempt = 1; attempt <= 2; attempt++) {
      var e = assertThrows(transit.cli.Cli.UsageException.class, () -> Against.build(repo, "HEAD", List.of("cask"), progress::add));
      assertEquals("--against HEAD: its checkout has no ./mill to build with", e.getMessage());
    }
    try (var checkouts = Files.list(repo.resolve("out").resolve("against"))) {
      Path checkout = checkouts.findFirst().orElseThrow();
      assertTrue(Files.isRegularFile(checkout.resolve("README")), "HEAD checked out under out/against/<short sha>");
      assertTrue(progress.get(0).startsWith("checking out HEAD (" + checkout.getFileName() + ") into out/against/"), progress.toString());
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("reusing the checkout of HEAD")), "the second time: " + progress);
      assertTrue(progress.stream().anyMatch(l -> l.startsWith("building HEAD's servers")), progress.toString());
    }
    assertEquals(Path.of("/w/out/against/7d60676/out/frameworkRegistry.dest"),
        Against.registryFolder("\"ref:v0:1a2b3c4d:/w/out/against/7d60676/out/frameworkRegistry.dest\"\n"), "the path part of mill show's PathRef");
  }

  /** A made-up registry folder: each framework with one library, a class path and a setting of its own. */
  static Path registry(Path dir, String classpath, String setting, String... frameworks) throws Exception {
    StringBuilder p = new StringBuilder("frameworks=" + String.join(",", frameworks) + "\njvm.flags=-Xmx1g -XX:+UseG1GC\njvm.heap=1g\nworkspace=" + dir + "\n");
    for (String f : frameworks) {
      p.append(f).append(".main=transit.").append(f).append(".Main\n").append(f).append(".classpath=").append(classpath).append('\n')
          .append(f).append(".library.0.name=lib\n").append(f).append(".library.0.version=").append(classpath).append('\n')
          .append(f).append(".json.name=json\n").append(f).append(".json.version=1\n").append(f).append(".encoding=a.b\n");
      for (Mode m : Mode.values()) p.append(f).append(".serves.").append(m.label).append("=as ").append(classpath).append('\n');
      p.append(f).append(".setting.0.name=").append(setting).append("\n").append(f).append(".setting.0.value=1\n")
          .append(f).append(".setting.0.default=2\n").append(f).append(".setting.0.modes=tuned\n").append(f).append(".setting.0.limit=false\n")
          .append(f).append(".setting.0.why=w\n").append(f).append(".setting.0.cost=c\n");
    }
    Files.createDirectories(dir.resolve("transit"));
    Files.writeString(dir.resolve(FrameworkRegistry.RESOURCE), p.toString());
    return dir;
  }

  static Contestant server(String framework, String revision, Integer jdk, String heap) {
    return new Contestant(framework, revision, jdk, Mode.IDIOMATIC, heap, true, 0);
  }

  @Test
  void aServerBuiltAtTheRevisionComesFromThatBuildsRegistryWithTodaysFlags(@TempDir Path dir) throws Exception {
    FrameworkRegistry today = FrameworkRegistry.load(registry(dir.resolve("today"), "/today.jar", "now", "cask", "javalin"));
    FrameworkRegistry before = FrameworkRegistry.load(registry(dir.resolve("before"), "/before.jar", "then", "cask"));
    Launchers launchers = new Launchers(today, null, List.of()).with(new Against("HEAD", "7d60676", dir.resolve("before"), before));
    assertEquals("then", launchers.description(server("cask", "HEAD", null, "1g")).settings().get(0).name());
    assertEquals("now", launchers.description(server("cask", null, null, "1g")).settings().get(0).name());
    String java = Launchers.java(); // no JDK chosen: the harness's
    assertEquals(List.of(java, "-Xmx2g", "-XX:+UseG1GC", "-cp", "/before.jar", "transit.cask.Main"), launchers.javaCommand(server("cask", "HEAD", null, "2g")));
    assertEquals(List.of(java, "-Xmx2g", "-XX:+UseG1GC", "-cp", "/today.jar", "transit.cask.Main"), launchers.javaCommand(server("cask", null, null, "2g")));
    assertEquals("lib /today.jar, lib /before.jar, univocity",
        launchers.versions(List.of(server("cask", null, null, "1g"), server("cask", "HEAD", null, "1g")), "h").replaceAll(" [^ ]+, h$", ""),
        "both builds' libraries in the conditions");
    assertThrows(IllegalArgumentException.class, () -> launchers.description(server("cask", "v1", null, "1g")), "no build of v1 in this run");
    assertThrows(IllegalArgumentException.class, () -> new Launchers(today, null, List.of()).description(server("cask", "HEAD", null, "1g")));
  }

  /** A JDK home as the harness reads one: bin/java and a release file. */
  static Path jdk(Path home, String version, String implementor) throws Exception {
    Files.createDirectories(home.resolve("bin"));
    Files.writeString(home.resolve("bin").resolve("java"), "#!/bin/sh\n");
    home.resolve("bin").resolve("java").toFile().setExecutable(true);
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"" + implementor + "\"\nJAVA_VERSION=\"" + version + "\"\n");
    return home;
  }

  @Test
  void eachServerRunsOnItsJdkAndOneItsBuildCannotRunOnIsSaidSo(@TempDir Path dir) throws Exception {
    Path j17 = jdk(dir.resolve("debian-17"), "17.0.15", "Debian"), j25 = jdk(dir.resolve("temurin-25"), "25.0.3", "Eclipse Adoptium");
    Map<Integer, Path> found = Map.of(17, j17, 25, j25);
    List<Jdk> jdks = Jdk.resolve(List.of("17", "25"), j25, found);
    assertEquals(List.of(17, 25), jdks.stream().map(Jdk::version).toList());
    assertEquals("Temurin 25.0.3 (" + j25 + ")", jdks.get(1).toString());
    FrameworkRegistry today = FrameworkRegistry.load(registry(dir.resolve("today"), "/today.jar", "now", "cask"));
    Launchers launchers = new Launchers(today, null, List.of()).on(jdks);
    assertEquals(j17.resolve("bin").resolve("java").toString(), launchers.javaCommand(server("cask", null, 17, "1g")).get(0));
    assertEquals(List.of(j25.resolve("bin").resolve("java").toString(), "-Xmx1g", "-XX:+UseG1GC", "-cp", "/today.jar", "transit.cask.Main"),
        launchers.javaCommand(server("cask", null, 25, "1g")));
    assertThrows(IllegalArgumentException.class, () -> launchers.javaCommand(server("cask", null, 21, "1g")), "not one of the run's JDKs");
    assertNull(launchers.unrunnable(server("cask", null, 17, "1g")));
    Path newer = registry(dir.resolve("java21"), "/today.jar", "now", "cask");
    Files.writeString(newer.resolve(FrameworkRegistry.RESOURCE), "cask.java=21\n", java.nio.file.StandardOpenOption.APPEND);
    Launchers needs21 = new Launchers(FrameworkRegistry.load(newer), null, List.of()).on(jdks);
    assertEquals("cask/jdk17 (built for Java 21, and JDK 17 is older)", needs21.unrunnable(server("cask", null, 17, "1g")));
    assertNull(needs21.unrunnable(server("cask", null, 25, "1g")));
    List<Jdk> byDefault = Jdk.resolve(List.of(), j25, found);
    assertEquals(j25.resolve("bin").resolve("java").toString(), new Launchers(today, null, List.of()).on(byDefault).javaCommand(server("cask", null, null, "1g")).get(0));
    assertEquals(25, Jdk.resolve(List.of(j25.resolve("bin").resolve("java").toString()), j17, found).get(0).version(), "its java binary names it");
    String missing = assertThrows(transit.cli.Cli.UsageException.class, () -> Jdk.resolve(List.of("21"), j25, found)).getMessage();
    assertTrue(missing.startsWith("--java: no JDK 21") && missing.contains("found: 17, 25"), missing);
    assertTrue(assertThrows(transit.cli.Cli.UsageException.class, () -> Jdk.resolve(List.of("25", j25.toString()), j25, found)).getMessage()
        .contains("JDK 25 given twice"));
    assertTrue(assertThrows(transit.cli.Cli.UsageException.class, () -> Jdk.resolve(List.of(dir.toString()), j25, found)).getMessage()
        .startsWith("--java: " + dir + " is not a JDK home"));
  }
}
