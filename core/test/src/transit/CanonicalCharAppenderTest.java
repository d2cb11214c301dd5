package transit;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CanonicalCharAppenderTest {
  private static String value(CanonicalCharAppender appender, String text) {
    for (char c : text.toCharArray()) appender.append(c);
    return appender.getAndReset();
  }

  @Test
  void aValueSeenBeforeIsTheSameStringAndOthersAreTheirOwn() {
    var appender = new CanonicalCharAppender(64, "", ' ');
    String first = value(appender, "B6-1234");
    assertEquals("B6-1234", first);
    assertSame(first, value(appender, "B6-1234"));
    assertEquals("B6-1235", value(appender, "B6-1235"));
    assertEquals("é 08:00", value(appender, "é 08:00"), "not only Latin-1 letters");
    assertEquals("", value(appender, ""), "the empty value as univocity gives it");
    // "Aa" and "BB" have the same String.hashCode: equal hashes are not taken for equal values
    assertEquals("BB", value(appender, "BB"));
    assertEquals("Aa", value(appender, "Aa"));
    assertSame(value(appender, "Aa"), value(appender, "Aa"));
    assertEquals(5, appender.distinctValues());
  }

  @Test
  void keepsEveryValueAcrossGrowingAndStopsRememberingPastItsLimit() {
    var appender = new CanonicalCharAppender(64, "", ' ');
    List<String> first = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) first.add(value(appender, "trip-" + i));
    for (int i = 0; i < 100_000; i++) assertSame(first.get(i), value(appender, "trip-" + i));
    for (int i = 100_000; i < CanonicalCharAppender.MAX_VALUES + 10; i++) value(appender, "trip-" + i);
    assertEquals(CanonicalCharAppender.MAX_VALUES, appender.distinctValues());
    assertEquals("new-value", value(appender, "new-value"), "still the right value once full");
  }

  @Test
  void theLoadersRowsShareOneStringPerDistinctValue() {
    String csv = "trip_id,stop_id,arrival_time\nT1,S1,08:00:00\nT1,S2,08:05:00\nT2,S1,08:05:00\n";
    List<String[]> rows = new ArrayList<>();
    try (CsvFile file = new CsvFile("stop_times.txt", () -> new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), csv.length(), false)) {
      file.required("trip_id");
      file.required("stop_id");
      file.forEachRow((row, line) -> rows.add(row.clone()));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    assertEquals(List.of("T1", "T1", "T2"), rows.stream().map(r -> r[0]).toList());
    assertSame(rows.get(0)[0], rows.get(1)[0]);
    assertSame(rows.get(0)[1], rows.get(2)[1], "S1 in two rows");
    assertSame(rows.get(1)[2], rows.get(2)[2], "08:05:00, the last column, read for short rows");
  }
}
