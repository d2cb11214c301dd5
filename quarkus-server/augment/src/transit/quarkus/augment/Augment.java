package transit.quarkus.augment;

import io.quarkus.bootstrap.app.AugmentResult;
import io.quarkus.bootstrap.app.QuarkusBootstrap;
import io.quarkus.bootstrap.model.ApplicationModel;
import io.quarkus.bootstrap.model.ApplicationModelBuilder;
import io.quarkus.bootstrap.model.CapabilityContract;
import io.quarkus.bootstrap.model.PlatformImportsImpl;
import io.quarkus.bootstrap.model.PlatformReleaseInfo;
import io.quarkus.maven.dependency.ArtifactCoords;
import io.quarkus.maven.dependency.DependencyFlags;
import io.quarkus.maven.dependency.ResolvedDependencyBuilder;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.zip.ZipFile;

/**
 * Quarkus's build step for a build tool without a Quarkus plugin: the application model from a list of resolved jars
 * (coordinates, path, and whether each is on the runtime or the deployment classpath, an extension, a direct
 * dependency), then Quarkus's augmentation into a fast-jar quarkus-app/ as its Maven and Gradle plugins write it.
 */
public final class Augment {
  private Augment() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: Augment QUARKUS_VERSION DEPENDENCIES.tsv APP.jar TARGET_DIR");
      System.exit(2);
    }
    String version = args[0];
    Path list = Path.of(args[1]), app = Path.of(args[2]), target = Path.of(args[3]);

    ApplicationModelBuilder model = new ApplicationModelBuilder()
        .setAppArtifact(ResolvedDependencyBuilder.newInstance().setGroupId("transit").setArtifactId("quarkus-server")
            .setVersion("0").setResolvedPath(app))
        .setPlatformImports(platform(version));
    for (String line : Files.readAllLines(list)) {
      if (line.isBlank()) continue;
      String[] cells = line.split("\t");
      String[] gav = cells[0].split(":");
      Set<String> flags = Set.of(cells[2].split(","));
      Path jar = Path.of(cells[1]);
      ResolvedDependencyBuilder dep = ResolvedDependencyBuilder.newInstance()
          .setGroupId(gav[0]).setArtifactId(gav[1]).setVersion(gav[2]).setResolvedPath(jar);
      if (flags.contains("runtime")) dep.setRuntimeCp().setDeploymentCp();
      if (flags.contains("deployment")) dep.setDeploymentCp();
      if (flags.contains("extension")) {
        Properties described = extension(jar);
        dep.setRuntimeExtensionArtifact();
        if (flags.contains("direct")) dep.setFlags(DependencyFlags.TOP_LEVEL_RUNTIME_EXTENSION_ARTIFACT);
        model.handleExtensionProperties(described, dep.getKey());
        String provides = described.getProperty("provides-capabilities");
        if (provides != null) model.addExtensionCapabilities(CapabilityContract.of(dep.toGACTVString(), provides, null));
      }
      model.addDependency(dep);
    }

    QuarkusBootstrap bootstrap = QuarkusBootstrap.builder()
        .setExistingModel(model.build())
        .setAppArtifact(ResolvedDependencyBuilder.newInstance().setResolvedPath(app))
        .setTargetDirectory(target)
        .setLocalProjectDiscovery(false)
        .setBaseClassLoader(Augment.class.getClassLoader())
        .build();
    AugmentResult result = bootstrap.bootstrap().createAugmentor().createProductionApplication();
    System.out.println("quarkus-server: augmented into " + result.getJar().getPath());
  }

  private static PlatformImportsImpl platform(String version) {
    PlatformImportsImpl platform = new PlatformImportsImpl();
    ArtifactCoords bom = ArtifactCoords.pom("io.quarkus", "quarkus-bom", version);
    platform.getImportedPlatformBoms().add(bom);
    platform.getPlatformReleaseInfo().add(new PlatformReleaseInfo("io.quarkus", version, version, List.of(bom)));
    // a platform's properties file sets it, which Quarkus's configuration expands even where no native image is built
    platform.getPlatformProperties().put("platform.quarkus.native.builder-image", "mandrel");
    return platform;
  }

  private static Properties extension(Path jar) throws Exception {
    Properties props = new Properties();
    try (ZipFile zip = new ZipFile(jar.toFile()); InputStream in = zip.getInputStream(zip.getEntry("META-INF/quarkus-extension.properties"))) {
      props.load(in);
    }
    return props;
  }
}
