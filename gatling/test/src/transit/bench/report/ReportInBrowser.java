package transit.bench.report;

import static org.junit.jupiter.api.Assertions.*;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.imageio.ImageIO;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * A report page opened as a reader opens it: Debian's headless Chromium at 1280 × 900, driven by its chromedriver
 * (Selenium, given the driver's path so that it never looks for one online). What it sees is what the tests assert.
 */
public final class ReportInBrowser implements AutoCloseable {
  static final int WIDTH = 1280, HEIGHT = 900;
  static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("TRANSIT_CHROMIUM", "/usr/bin/chromium"));
  static final Path CHROMEDRIVER = Path.of(System.getenv().getOrDefault("TRANSIT_CHROMEDRIVER", "/usr/bin/chromedriver"));
  /** Selenium warns once that it has no DevTools bindings for this Chromium: nothing here uses them. Held, or the logger is collected. */
  private static final Logger CDP = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

  static {
    CDP.setLevel(Level.SEVERE);
  }

  final ChromeDriver driver;

  public ReportInBrowser() {
    for (Path needed : List.of(CHROMIUM, CHROMEDRIVER))
      assertTrue(Files.isExecutable(needed), needed + " is missing: `apt-get install chromium chromium-driver` (.ci/run installs them), "
          + "or point TRANSIT_CHROMIUM and TRANSIT_CHROMEDRIVER at them");
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER.toString()))
        .usingAnyFreePort().build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toString());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--force-device-scale-factor=1",
        "--window-size=" + WIDTH + "," + HEIGHT);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    driver = new ChromeDriver(service, options);
  }

  /** Opens a page; returns the console's errors while it loaded (its scripts' failures, anything it could not load). */
  List<String> open(Path page) {
    driver.manage().logs().get(LogType.BROWSER); // what earlier pages left
    driver.get(page.toUri().toString());
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream().filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
        .map(LogEntry::getMessage).toList();
  }

  Object script(String js, Object... args) { return driver.executeScript(js, args); }

  long number(String js, Object... args) { return ((Number) script(js, args)).longValue(); }

  /** The share of an element's pixels, as drawn on screen, that are not white: 0 for a blank one. */
  double inked(WebElement element) throws IOException {
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(element.getScreenshotAs(OutputType.BYTES)));
    long inked = 0;
    for (int y = 0; y < image.getHeight(); y++)
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        if (((rgb >> 16) & 0xff) < 245 || ((rgb >> 8) & 0xff) < 245 || (rgb & 0xff) < 245) inked++;
      }
    return (double) inked / ((long) image.getWidth() * image.getHeight());
  }

  /**
   * What a reader of a report must see at 1280 px: no console error; the verdict on the first screen, with a ranking
   * for every scenario naming every framework; every chart drawn, wide enough to read; nothing wider than the window
   * (wide tables scroll inside themselves).
   */
  public void assertReadable(Path html, List<String> scenarios, List<String> frameworks) throws IOException {
    assertReadable(html, scenarios, scenario -> frameworks);
  }

  /** The same, where ranked gives the frameworks each scenario's ranking lists. */
  public void assertReadable(Path html, List<String> scenarios, java.util.function.Function<String, List<String>> ranked) throws IOException {
    assertEquals(List.of(), open(html), "console errors in " + html);
    WebElement verdict = driver.findElement(By.id("verdict"));
    assertTrue(verdict.getRect().getY() < HEIGHT / 4, "the verdict opens the page: at y = " + verdict.getRect().getY());
    List<WebElement> rankings = driver.findElements(By.xpath("//h2[@id='verdict']/following-sibling::h3[preceding-sibling::h2[1][@id='verdict']]"));
    assertEquals(scenarios, rankings.stream().map(h -> h.getText().replaceAll(":.*", "")).toList(), "a ranking per scenario, in order");
    WebElement first = driver.findElement(By.xpath("//h2[@id='verdict']/following-sibling::table[1]"));
    assertTrue(first.getRect().getY() + first.getRect().getHeight() <= HEIGHT, "the first scenario's ranking on the first screen");
    for (WebElement heading : rankings) {
      String table = heading.findElement(By.xpath("following-sibling::table[1]")).getText();
      for (String framework : ranked.apply(heading.getText().replaceAll(":.*", "")))
        assertTrue(table.contains(framework), heading.getText() + ": " + framework + " in\n" + table);
    }
    List<WebElement> charts = driver.findElements(By.cssSelector("span.chart"));
    java.util.Set<String> drawn = new java.util.TreeSet<>(), pngs = new java.util.TreeSet<>();
    for (WebElement chart : charts) drawn.add(chart.getAttribute("data-chart"));
    try (var files = Files.list(html.getParent())) {
      files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".png")).forEach(pngs::add);
    }
    assertFalse(pngs.isEmpty(), "no chart beside " + html);
    assertEquals(pngs, drawn, "every chart of report.md (its PNG beside it) drawn in the page, once: " + html);
    assertEquals(pngs.size(), charts.size(), "a chart drawn twice in " + html);
    for (WebElement chart : charts) {
      script("arguments[0].scrollIntoView()", chart);
      String name = chart.getAttribute("data-chart");
      assertTrue(chart.getRect().getWidth() >= 800, name + " is " + chart.getRect().getWidth() + " px wide");
      assertTrue(inked(chart) > 0.03, name + " is blank");
    }
    assertTrue(number("return document.documentElement.scrollWidth") <= WIDTH, "the page scrolls sideways at " + WIDTH + " px");
  }

  @Override
  public void close() { driver.quit(); }
}
