package transit;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class GtfsTimeTest {
  @Test
  void everySecondOfTwoServiceDaysRoundTrips() {
    for (int s = 0; s < 48 * 3600 + 100; s++) assertEquals(s, GtfsTime.parse(GtfsTime.format(s)));
  }

  @Test
  void formatsWithTwoHourDigitsAndPastMidnight() {
    assertEquals("05:02:00", GtfsTime.format(GtfsTime.parse("5:02:00")));
    assertEquals("25:10:00", GtfsTime.format(GtfsTime.parse("25:10:00")));
    assertEquals("00:00:00", GtfsTime.format(0));
    assertEquals("100:00:01", GtfsTime.format(100 * 3600 + 1));
    assertNull(GtfsTime.format(GtfsTime.NONE));
  }

  @Test
  void emptyIsNone() {
    assertEquals(GtfsTime.NONE, GtfsTime.parse(""));
    assertEquals(GtfsTime.NONE, GtfsTime.parse(null));
  }

  @Test
  void rejectsMalformedTimes() {
    for (String bad : new String[] {"5:2:00", "05:02", "05:02:00:00", "ab:cd:ef", "05:60:00", "05:00:60", ":05:00", "05-02-00", "1234:00:00", "0a:00:00", "05:0/:00", "05:00:6:", " 5:00:00"})
      assertThrows(IllegalArgumentException.class, () -> GtfsTime.parse(bad), bad);
  }
}
