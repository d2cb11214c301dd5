package transit.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Command prefixes that pin the server to core 0 and Gatling to the other cores, where taskset and cores allow. */
record Pinning(List<String> server, List<String> gatling, String description) {
  static Pinning choose() {
    int cores = Runtime.getRuntime().availableProcessors();
    if (cores < 2) return none("1 core: server and Gatling share it, not pinned");
    if (!onPath("taskset")) return none("taskset is missing: server and Gatling not pinned, they share the cores");
    String rest = cores == 2 ? "1" : "1-" + (cores - 1);
    return new Pinning(List.of("taskset", "-c", "0"), List.of("taskset", "-c", rest),
        "server pinned to core 0, Gatling to core" + (cores == 2 ? " 1" : "s " + rest) + " (taskset)");
  }

  static Pinning none(String why) { return new Pinning(List.of(), List.of(), why); }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
    return false;
  }
}
