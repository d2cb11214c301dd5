package transit.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import transit.Feed;
import transit.FeedLoader;
import transit.Fixtures;
import transit.ServiceCalendar;
import transit.api.TransitApi;

/** The database answers with the same model as core, so SqliteQueryBenchmark and QueryBenchmark do the same work. */
class SqliteSchedulesTest {
  @Test
  void answersEveryRouteAsTransitApiDoes(@TempDir Path dir) throws Exception {
    Path zip = Fixtures.zip(Fixtures.tinyFeed(), "");
    Feed feed = FeedLoader.load(zip);
    TransitApi api = new TransitApi(feed, 0, Clock.systemUTC());
    Path file = dir.resolve("tiny.sqlite");
    SqliteSchedules.importFeed(zip, file);
    try (SqliteSchedules db = new SqliteSchedules(file)) {
      for (int r = 0; r < feed.routeIds.size(); r++) {
        String route = feed.routeIds.value(r);
        for (String date : new String[] {null, "20260915", "20260919", "20260907"})
          assertEquals(api.schedules(route, date).body(), db.schedules(route, date == null ? null : SqliteSchedules.activeServices(feed, ServiceCalendar.parseDate(date))), route + " on " + date);
      }
    }
  }
}
