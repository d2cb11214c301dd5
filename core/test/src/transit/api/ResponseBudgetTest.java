package transit.api;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The heap answers may hold: reserved, waited for, refused, given back, sized again for a new feed. */
class ResponseBudgetTest {
  static final long MB = 1 << 20;

  @Test
  void theBudgetIsHalfOfWhatTheHeapLeavesBesideTheFeed() {
    ResponseBudget budget = new ResponseBudget(1024 * MB, Duration.ofMillis(100), ResponseBudget.HALF_BESIDE_THE_FEED);
    budget.sizeFor(70 * MB);
    assertEquals(477 * MB, budget.totalBytes());
  }

  @Test
  void anAnswerWaitsForRoomAndIsRefusedWhenNoneComesInTime() throws Exception {
    ResponseBudget budget = new ResponseBudget(200 * MB, Duration.ofMillis(200), ResponseBudget.HALF_BESIDE_THE_FEED);
    budget.sizeFor(0); // 100 MB
    ResponseBudget.Reservation big = budget.reserve(80 * MB);
    assertNotNull(big);
    assertNotNull(budget.reserve(10 * MB), "room beside it");
    long started = System.nanoTime();
    assertNull(budget.reserve(20 * MB), "no room within the wait");
    assertTrue(System.nanoTime() - started >= 190_000_000L, "it waited");
    big.close();
    big.close(); // once is enough
    assertNotNull(budget.reserve(20 * MB));
    assertNotNull(budget.reserve(60 * MB), "given back once, not twice: 10 + 20 + 60 of 100");
    assertNull(budget.reserve(20 * MB));
  }

  @Test
  void tryingForRoomNeverWaits() {
    ResponseBudget budget = new ResponseBudget(200 * MB, Duration.ofSeconds(5), ResponseBudget.HALF_BESIDE_THE_FEED);
    budget.sizeFor(0); // 100 MB
    ResponseBudget.Reservation most = budget.tryReserve(90 * MB);
    assertNotNull(most, "room at once");
    long started = System.nanoTime();
    assertNull(budget.tryReserve(20 * MB), "no room now");
    assertTrue(System.nanoTime() - started < 1_000_000_000L, "refused without waiting the budget's 5 s");
    assertNotNull(budget.tryReserve(10 * MB), "what is left");
    most.close();
    assertNotNull(budget.tryReserve(20 * MB), "room again once given back");
  }

  @Test
  void anAnswerLargerThanTheBudgetStillGetsTheWholeOfIt() {
    ResponseBudget budget = new ResponseBudget(20 * MB, Duration.ofMillis(50), ResponseBudget.HALF_BESIDE_THE_FEED);
    budget.sizeFor(0);
    ResponseBudget.Reservation all = budget.reserve(500 * MB);
    assertNotNull(all, "alone, any answer can be built");
    assertNull(budget.reserve(1 * MB));
    all.close();
  }

  @Test
  void aNewFeedResizesTheBudgetWithAnswersUnderWay() {
    ResponseBudget budget = new ResponseBudget(200 * MB, Duration.ofMillis(50), ResponseBudget.HALF_BESIDE_THE_FEED);
    budget.sizeFor(0); // 100 MB
    ResponseBudget.Reservation held = budget.reserve(90 * MB);
    budget.sizeFor(100 * MB); // 50 MB: 40 MB over until the answer is sent
    assertNull(budget.reserve(1 * MB));
    held.close();
    assertNotNull(budget.reserve(50 * MB));
    assertNull(budget.reserve(1 * MB));
  }
}
