package transit.measure;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Markdown and CSV tables, spreads and two runs compared. */
class TablesTest {
  @Test
  void aMarkdownTableHasItsHeadingRuleAndRows() {
    String md = new Markdown.Table(List.of("a", "b")).row(List.of("1", "2")).toString();
    assertEquals("| a | b |\n|---|---|\n| 1 | 2 |\n", md);
    assertThrows(IllegalArgumentException.class, () -> new Markdown.Table(List.of("a", "b")).row(List.of("1")));
  }

  @Test
  void csvValuesWithCommasAndQuotesComeBackAsWritten(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("t.csv");
    Csv.write(file, List.of("name", "value"), List.of(List.of("a, b", "1"), List.of("say \"hi\"", "")));
    assertTrue(Files.readString(file).contains("\"a, b\""), Files.readString(file));
    var rows = Csv.read(file);
    assertEquals("a, b", rows.get(0).getString("name"));
    assertEquals("say \"hi\"", rows.get(1).getString("name"));
    assertEquals(1, rows.get(0).getInt("value"));
  }

  @Test
  void aSpreadIsTheMedianAndRangeOfWhatIsKnown() {
    Spread s = Spread.of(java.util.Arrays.asList(10.0, null, 12.0, 11.0, Double.NaN));
    assertEquals(new Spread(11, 10, 12, 3), s);
    assertNull(Spread.of(java.util.Arrays.asList((Double) null)));
  }

  @Test
  void figuresAgreeWithinTenPercentOrTheirSlack() {
    Comparison c = new Comparison();
    assertTrue(c.compare(100, 109, 0, true, false).agrees());
    assertFalse(c.compare(100, 112, 0, true, false).agrees());
    assertTrue(c.compare(1, 2, 1, true, false).agrees(), "1 ms apart: the resolution");
    assertFalse(c.compare(100, 100, 0, false, false).agrees(), "a figure not to be trusted never agrees");
    assertTrue(c.compare(50, 52, 0, true, true).agrees());
    assertEquals("**2 of 4 medians agree within 10 %** (and 1 of 1 in client-bound rows)", c.verdict("medians", "in client-bound rows"));
    assertEquals("100 → 112 (+12 %) ✗", Comparison.cell(new Comparison().compare(100, 112, 0, true, false), v -> String.format("%.0f", v)));
  }
}
