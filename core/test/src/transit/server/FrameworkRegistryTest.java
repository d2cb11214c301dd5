package transit.server;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FrameworkRegistryTest {
  @Test
  void aFrameworkThatRunsAsAJarIsLaunchedWithDashJarTheOthersFromTheirClasspath(@TempDir Path folder) throws Exception {
    Path file = folder.resolve(FrameworkRegistry.RESOURCE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", "frameworks=packaged,plain",
        "packaged.main=launcher.Main", "packaged.classpath=/apps/packaged/run.jar", "packaged.jar=/apps/packaged/run.jar",
        "plain.main=plain.Server", "plain.classpath=/apps/plain/a.jar:/apps/plain/b.jar", ""));
    FrameworkRegistry registry = FrameworkRegistry.load(folder);
    assertEquals(List.of("-jar", "/apps/packaged/run.jar"), registry.launch("packaged"));
    assertEquals(List.of("-cp", "/apps/plain/a.jar:/apps/plain/b.jar", "plain.Server"), registry.launch("plain"));
  }

  @Test
  void itIsReadAsBuildMillWritesItInUtf8(@TempDir Path folder) throws Exception {
    Path file = folder.resolve(FrameworkRegistry.RESOURCE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "frameworks=plain\nplain.main=caf\u00e9.Server\nplain.classpath=/apps/4\u20137\n", java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(List.of("-cp", "/apps/4\u20137", "caf\u00e9.Server"), FrameworkRegistry.load(folder).launch("plain"));
  }
}
