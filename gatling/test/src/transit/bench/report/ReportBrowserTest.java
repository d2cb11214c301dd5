package transit.bench.report;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * report.html of made-up heavy rounds in headless Chromium: what a reader sees and can do with it, and that the
 * browser checks QuickRunTest makes of a real run's page do catch a blank chart and a script's error.
 */
class ReportBrowserTest {
  static ReportInBrowser browser;
  @TempDir
  static Path dir;

  @BeforeAll
  static void open() throws Exception {
    browser = new ReportInBrowser();
    Report.write(ReportTest.heavyRun(), dir);
  }

  @AfterAll
  static void close() {
    if (browser != null) browser.close();
  }

  @Test
  void theVerdictOpensThePageAndEveryChartIsDrawnAtTwelveEightyPixels() throws Exception {
    browser.assertReadable(dir.resolve("report.html"), List.of("heavy"), List.of("cask", "http4s", "javalin"));
    String verdict = browser.driver.findElement(By.xpath("//h2[@id='verdict']/following-sibling::table[1]")).getText();
    assertTrue(verdict.matches("(?s).*idiomatic javalin 50\\.4 · [0-9.]+× \\[[0-9.]+–[0-9.]+\\] ≈ cask 49\\.7 · .*› http4s 6\\.5.*"), verdict);
    assertEquals(4, browser.driver.findElements(By.cssSelector("span.chart svg")).size(), "every chart inline");
  }

  @Test
  void aTableSortsByTheColumnClickedAndBackAgain() {
    assertEquals(List.of(), browser.open(dir.resolve("report.html")));
    WebElement table = browser.driver.findElement(By.xpath("//h2[@id='the-verdicts-figures']/following-sibling::table[1]"));
    WebElement rps = table.findElement(By.xpath(".//th[normalize-space()='req/s']"));
    browser.script("arguments[0].scrollIntoView()", table);
    rps.click();
    List<Double> ascending = column(table, 4).stream().map(v -> Double.parseDouble(v.replace(",", ""))).toList();
    assertEquals(ascending.stream().sorted().toList(), ascending, "ascending");
    assertEquals(9, ascending.size());
    rps.click();
    assertEquals("1,135", column(table, 4).get(0), "then descending");
    assertEquals("descending", rps.getAttribute("aria-sort"));
  }

  @Test
  void aBlankChartAndAScriptErrorAreSeen() throws Exception {
    String page = Files.readString(dir.resolve("report.html"));
    int svg = page.indexOf("<svg"), end = page.indexOf("</svg>", svg) + "</svg>".length();
    Path broken = dir.resolve("broken.html");
    Files.writeString(broken, page.substring(0, svg) + "<svg viewBox=\"0 0 900 500\"></svg>" + page.substring(end)
        .replace("</main>", "</main><script>undefinedFunction();</script>"));
    List<String> errors = browser.open(broken);
    assertTrue(errors.size() == 1 && errors.get(0).contains("undefinedFunction"), errors.toString());
    List<WebElement> charts = browser.driver.findElements(By.cssSelector("span.chart"));
    assertTrue(browser.inked(charts.get(0)) < 0.03, "the emptied chart is blank");
    assertTrue(browser.inked(charts.get(1)) > 0.03, "the next one is drawn");
  }

  /** A column's cells, top to bottom, the figure before its range. */
  private static List<String> column(WebElement table, int column) {
    return table.findElements(By.xpath(".//tbody/tr/td[" + column + "]")).stream().map(td -> td.getText().replaceAll(" .*", "")).toList();
  }
}
