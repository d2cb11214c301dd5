package transit;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The real feeds in ../shared/gtfs (never copied into the repository). Missing on a developer's machine the
 * tests that need them are skipped, and reported as skipped; missing under CI=true they fail.
 */
public final class SharedFeeds {
  private SharedFeeds() {}

  public static Path dir() {
    String configured = System.getenv("TRANSIT_SHARED_GTFS"); // set by build.mill
    return Path.of(configured != null ? configured : "../shared/gtfs").toAbsolutePath().normalize();
  }

  public static Path require(String file) {
    Path path = dir().resolve(file);
    if (!Files.exists(path)) {
      String why = "real feed " + path + " is missing (the shared/ folder beside the checkout)";
      if ("true".equals(System.getenv("CI"))) fail(why);
      Assumptions.abort(why);
    }
    return path;
  }
}
