package transit.bench.report;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.bench.results.Results;
import transit.server.Mode;

/** Two runs' results.csv compared as `--compare` does: whether their verdicts agree, then median by median, from made-up slices. */
class CompareRunsTest {
  /** A run's folder: heavy tuned, five rounds, cask and javalin at these requests/s in each round. */
  static Path run(Path dir, String name, double[] cask, double[] javalin) throws Exception {
    Results results = ReportTest.results(List.of("heavy"), true);
    ReportTest.add(results, Mode.TUNED, ReportTest.server("cask", Mode.TUNED), ReportTest.HEAVY, cask);
    ReportTest.add(results, Mode.TUNED, ReportTest.server("javalin", Mode.TUNED), ReportTest.HEAVY, javalin);
    Path folder = Files.createDirectories(dir.resolve(name));
    Report.write(results, folder);
    return folder;
  }

  @Test
  void runsThatDecideAPairTheSameWayAgreeAndOneThatDecidesItTheOtherWayContradicts(@TempDir Path dir) throws Exception {
    Path first = run(dir, "a", new double[] {120, 100, 130, 110, 120}, new double[] {100, 84, 108, 92, 100});
    Path same = run(dir, "b", new double[] {110, 100, 125, 105, 115}, new double[] {93, 85, 105, 88, 97});
    String md = CompareRuns.write(first, same);
    assertTrue(md.contains("## Do the runs agree?\n\n**No contradiction**: of the 2 pairs of neighbours decided › in one run, the other run "
        + "decides the same two servers the same way in 2"), md);
    assertEquals(md, Files.readString(same.resolve("comparison.md")));
    assertTrue(Files.readString(same.resolve("comparison.html")).contains("<h2 id=\"verdicts-side-by-side\">"), "the same, as a page");
    Path other = run(dir, "c", new double[] {100, 84, 108, 92, 100}, new double[] {120, 100, 130, 110, 120});
    String contradicted = CompareRuns.markdown(first.toString(), ResultsCsv.read(first), other.toString(), ResultsCsv.read(other));
    assertTrue(contradicted.contains("**2 contradictions**"), contradicted);
    assertTrue(contradicted.contains("- **tuned, heavy 50 users**: the first run has cask › javalin"), contradicted);
    Path undecided = run(dir, "d", new double[] {120, 80, 130, 90, 110}, new double[] {100, 110, 95, 115, 100});
    String unsure = CompareRuns.markdown(first.toString(), ResultsCsv.read(first), undecided.toString(), ResultsCsv.read(undecided));
    assertTrue(unsure.contains("**No contradiction**: of the 1 pairs of neighbours decided › in one run, the other run decides the same two "
        + "servers the same way in 0, level (≈) in 0, undecided in 1"), unsure);
  }

  @Test
  void mediansBeyondTenPercentAreListedAsMoved(@TempDir Path dir) throws Exception {
    Path first = run(dir, "a", new double[] {100, 100, 100, 100, 100}, new double[] {50, 50, 50, 50, 50});
    Path second = run(dir, "b", new double[] {130, 130, 130, 130, 130}, new double[] {52, 52, 52, 52, 52});
    String md = CompareRuns.write(first, second);
    assertTrue(md.contains("**3 of 6 medians agree within 10 %**"), md);
    assertTrue(md.contains("- tuned, heavy 50 users, cask: req/s 100 → 130 (+30 %)"), "what moved:\n" + md);
  }

  @Test
  void aFolderWithoutResultsIsNamed(@TempDir Path dir) {
    Exception e = assertThrows(java.io.IOException.class, () -> CompareRuns.write(dir, dir));
    assertTrue(e.getMessage().contains("no results.csv"), e.getMessage());
  }
}
