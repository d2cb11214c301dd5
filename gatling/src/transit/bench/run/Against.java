package transit.bench.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import transit.cli.Cli;
import transit.server.FrameworkRegistry;

/**
 * --against REV: every chosen framework also as built at a git revision, one more server beside today's in every round
 * (cask@HEAD beside cask), so that the run tells what a change does to a server, in the same minutes. REV is checked out into a git worktree under out/against/<short sha> and built there by
 * that checkout's own Mill (a Mill in another workspace does not wait on this run's build lock); the registry it
 * builds gives each of its servers' classpath and main class.
 */
public record Against(String rev, String commit, Path checkout, FrameworkRegistry registry) {
  /**
   * Checks rev out into out/against/<short sha> of the workspace (reused when already there at that commit),
   * builds its framework registry with that checkout's Mill, and loads it; progress gets a line per thing it does and
   * the build's own output. A revision that does not resolve, a checkout held at another commit, a build that fails or a
   * build without one of the frameworks is a usage error naming it.
   */
  public static Against build(Path workspace, String rev, List<String> frameworks, Consumer<String> progress) {
    Command resolved = git(workspace, "rev-parse", "--verify", "--quiet", rev + "^{commit}");
    if (resolved.exit() != 0) throw new Cli.UsageException("--against: \"" + rev + "\" is not a commit of " + workspace);
    String commit = resolved.output().trim();
    String shortSha = git(workspace, "rev-parse", "--short", commit).output().trim();
    Path checkout = workspace.resolve("out").resolve("against").resolve(shortSha);
    if (Files.isDirectory(checkout)) {
      Command at = git(checkout, "rev-parse", "--show-toplevel", "HEAD"); // a folder that is no checkout of its own answers for the workspace
      List<String> lines = at.output().lines().toList();
      if (at.exit() != 0 || lines.size() != 2 || !isSame(Path.of(lines.get(0)), checkout) || !lines.get(1).equals(commit))
        throw new Cli.UsageException("--against " + rev + ": " + checkout + " is not a checkout of " + shortSha
            + "; remove it (git worktree remove --force " + checkout + ") and run again");
      progress.accept("reusing the checkout of " + rev + " (" + shortSha + ") in " + workspace.relativize(checkout));
    } else {
      progress.accept("checking out " + rev + " (" + shortSha + ") into " + workspace.relativize(checkout));
      git(workspace, "worktree", "prune"); // a checkout deleted by hand is still registered until pruned
      Command added = git(workspace, "worktree", "add", "--detach", checkout.toString(), commit);
      if (added.exit() != 0) throw new Cli.UsageException("--against " + rev + ": git worktree add failed: " + lastLine(added.output()));
    }
    progress.accept("building " + rev + "'s servers and framework registry with its own Mill (./mill show frameworkRegistry in "
        + workspace.relativize(checkout) + "; the first build compiles every server)");
    Path registry = registryFolder(millShow(checkout, rev, progress));
    FrameworkRegistry built;
    try {
      built = FrameworkRegistry.load(registry);
    } catch (IllegalStateException | UncheckedIOException e) {
      throw new Cli.UsageException("--against " + rev + ": no framework registry in " + registry + " (" + e.getMessage() + ")");
    }
    List<String> missing = frameworks.stream().filter(f -> !built.names().contains(f)).toList();
    if (!missing.isEmpty())
      throw new Cli.UsageException("--against " + rev + ": its build has no " + String.join(", ", missing) + " (it has "
          + String.join(", ", built.names()) + ")");
    progress.accept("built " + rev + " (" + shortSha + "): " + String.join(", ", frameworks.stream().map(f -> f + "@" + rev).toList())
        + " run beside today's");
    return new Against(rev, commit, checkout, built);
  }

  /**
   * The folder a `./mill show` of a PathRef names: its JSON string's part after the last ':'
   * ("ref:v0:1a2b3c4d:/…/out/frameworkRegistry.dest"), from the last line printed.
   */
  public static Path registryFolder(String shown) {
    List<String> lines = shown.lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1).replace("\"", "");
    if (last.lastIndexOf(':') < 0) throw new Cli.UsageException("--against: the build printed no registry path (\"" + last + "\")");
    return Path.of(last.substring(last.lastIndexOf(':') + 1));
  }

  /**
   * `./mill --no-daemon --ticker false show frameworkRegistry` in the checkout, as from a fresh shell there (no MILL_
   * variable of this run's Mill, which would point it at this workspace; no daemon left running beside the
   * measurements): its output, each of its progress lines relayed.
   */
  private static String millShow(Path checkout, String rev, Consumer<String> progress) {
    Path mill = checkout.resolve("mill");
    if (!Files.isExecutable(mill)) throw new Cli.UsageException("--against " + rev + ": its checkout has no ./mill to build with");
    ProcessBuilder builder = new ProcessBuilder(mill.toString(), "--no-daemon", "--ticker", "false", "show", "frameworkRegistry")
        .directory(checkout.toFile());
    builder.environment().keySet().removeIf(k -> k.startsWith("MILL_"));
    List<String> errors = new ArrayList<>();
    try {
      Process process = builder.start();
      process.getOutputStream().close();
      CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream(), line -> {}));
      read(process.getErrorStream(), line -> {
        errors.add(line);
        progress.accept(line);
      });
      String shown = out.join();
      int exit = process.waitFor();
      if (exit != 0)
        throw new Cli.UsageException("--against " + rev + ": its build failed (exit " + exit + "): "
            + (errors.isEmpty() ? "no output" : lastLine(String.join("\n", errors))));
      return shown;
    } catch (IOException e) {
      throw new Cli.UsageException("--against " + rev + ": cannot run its ./mill: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Cli.UsageException("--against " + rev + ": interrupted while building");
    }
  }

  /** A stream's text, each line also given to each. */
  private static String read(java.io.InputStream in, Consumer<String> each) {
    StringBuilder text = new StringBuilder();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        text.append(line).append('\n');
        each.accept(line);
      }
    } catch (IOException e) {
      // the process has ended
    }
    return text.toString();
  }

  /** A finished command: its exit code and its output (stdout and stderr together). */
  private record Command(int exit, String output) {}

  private static Command git(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = read(process.getInputStream(), line -> {});
      return new Command(process.waitFor(), output);
    } catch (IOException e) {
      throw new Cli.UsageException("--against: cannot run git: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Cli.UsageException("--against: interrupted while running git");
    }
  }

  private static boolean isSame(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  private static String lastLine(String text) {
    List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).trim();
  }
}
