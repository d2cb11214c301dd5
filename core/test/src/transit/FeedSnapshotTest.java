package transit;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedSnapshotTest {
  /** Every column, index, dictionary and the calendar of a and b are equal. */
  static void assertSameFeed(Feed a, Feed b) {
    assertEquals(a.source, b.source);
    assertEquals(a.checksum, b.checksum);
    assertEquals(a.timeZone, b.timeZone);
    assertEquals(a.rowsPerFile, b.rowsPerFile);
    assertEquals(List.of(a.routeIds.values()), List.of(b.routeIds.values()));
    assertEquals(List.of(a.serviceIds.values()), List.of(b.serviceIds.values()));
    assertEquals(List.of(a.stopIds.values()), List.of(b.stopIds.values()));
    assertArrayEquals(a.tripIds, b.tripIds);
    for (int[][] pair : new int[][][] {{a.tripRoute, b.tripRoute}, {a.tripService, b.tripService}, {a.stopTimeTrip, b.stopTimeTrip},
        {a.stopTimeStop, b.stopTimeStop}, {a.stopTimeArrival, b.stopTimeArrival}, {a.stopTimeDeparture, b.stopTimeDeparture},
        {a.stopTimeSequence, b.stopTimeSequence}}) assertArrayEquals(pair[0], pair[1]);
    Csr[][] indexes = {{a.tripsByRoute, b.tripsByRoute}, {a.stopTimesByTrip, b.stopTimesByTrip}, {a.stopTimesByStop, b.stopTimesByStop},
        {a.tripsByService, b.tripsByService}};
    for (Csr[] pair : indexes) {
      assertArrayEquals(pair[0].offsets(), pair[1].offsets());
      assertArrayEquals(pair[0].values(), pair[1].values());
    }
    assertArrayEquals(a.calendar.weekdayMask(), b.calendar.weekdayMask());
    assertArrayEquals(a.calendar.firstDay(), b.calendar.firstDay());
    assertArrayEquals(a.calendar.lastDay(), b.calendar.lastDay());
    assertEquals(a.calendar.exceptions(), b.calendar.exceptions());
  }

  @Test
  void aSecondLoadReadsTheSnapshotAndGetsTheSameFeed(@TempDir Path snapshots) throws Exception {
    Path feed = Fixtures.zip(Fixtures.tinyFeed(), "");
    FeedSnapshot.Loaded first = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.CSV, first.origin());
    assertEquals("no snapshot yet", first.note());
    Path file = FeedSnapshot.write(first.feed(), feed, snapshots, first.csvMillis());
    assertEquals(first.file(), file);

    FeedSnapshot.Loaded second = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.SNAPSHOT, second.origin(), second.note());
    assertEquals(first.feed().loadMillis, second.csvMillis(), "the CSV's time is kept with the snapshot");
    assertTrue(second.how().startsWith("from snapshot " + file + " (the CSV took "), second.how());
    assertSameFeed(first.feed(), second.feed());
    assertEquals(List.of("checksum (the snapshot's key)", "snapshot: mapped and CRC checked", "snapshot: ids, dictionaries and calendar",
        "snapshot: columns and indexes"), second.feed().steps.stream().map(Feed.Step::name).toList(), "--verbose accounts for the whole read");
  }

  @Test
  void aFolderOthersCanWriteInIsNeitherReadNorWritten(@TempDir Path tmp) throws Exception {
    Path feed = Fixtures.zip(Fixtures.tinyFeed(), ""), snapshots = tmp.resolve("snapshots");
    FeedSnapshot.Loaded first = FeedSnapshot.load(feed, snapshots);
    FeedSnapshot.write(first.feed(), feed, snapshots, first.csvMillis());
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(snapshots)), "created for its owner alone");
    assertEquals(FeedSnapshot.Origin.SNAPSHOT, FeedSnapshot.load(feed, snapshots).origin());

    Files.setPosixFilePermissions(snapshots, PosixFilePermissions.fromString("rwxrwxrwx")); // anyone could have planted one
    FeedSnapshot.Loaded opened = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.CSV, opened.origin());
    assertEquals("the snapshot folder " + snapshots + " is writable by others (rwxrwxrwx), so no snapshot in it is read", opened.note());
    assertNull(opened.file(), "nor one to write there");
    java.io.IOException refused = assertThrows(java.io.IOException.class, () -> FeedSnapshot.write(opened.feed(), feed, snapshots, 0));
    assertTrue(refused.getMessage().startsWith("the folder " + snapshots + " is writable by others"), refused.getMessage());
  }

  @Test
  void aFolderAnotherUserOwnsIsNotRead(@TempDir Path tmp) throws Exception {
    Path feed = Fixtures.zip(Fixtures.tinyFeed(), ""), snapshots = tmp.resolve("snapshots");
    FeedSnapshot.Loaded first = FeedSnapshot.load(feed, snapshots);
    FeedSnapshot.write(first.feed(), feed, snapshots, first.csvMillis());
    try {
      Files.setOwner(snapshots, snapshots.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
    } catch (java.io.IOException notRoot) {
      org.junit.jupiter.api.Assumptions.abort("only root can give a folder to another user here: " + notRoot);
    }
    FeedSnapshot.Loaded loaded = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.CSV, loaded.origin());
    assertEquals("the snapshot folder " + snapshots + " is owned by nobody, not " + System.getProperty("user.name") + ", so no snapshot in it is read",
        loaded.note());
  }

  @Test
  void theDefaultFolderIsTheUsersOwn() {
    assertEquals(Path.of(System.getProperty("java.io.tmpdir"), "transit-snapshots-" + System.getProperty("user.name")), FeedSnapshot.defaultDir());
  }

  @Test
  void aCrashedWritesPartialFileIsRemovedByTheNextWrite(@TempDir Path snapshots) throws Exception {
    Path feed = Fixtures.zip(Fixtures.tinyFeed(), "");
    FeedSnapshot.Loaded first = FeedSnapshot.load(feed, snapshots);
    String name = first.file().getFileName().toString();
    Path crashed = Files.writeString(snapshots.resolve(name + "1.partial"), "half"), writing = Files.writeString(snapshots.resolve(name + "2.partial"), "under way");
    Files.setLastModifiedTime(crashed, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minus(SnapshotFolder.STALE).minusSeconds(60)));
    FeedSnapshot.write(first.feed(), feed, snapshots, first.csvMillis());
    assertFalse(Files.exists(crashed), "a partial file no write has touched for " + SnapshotFolder.STALE);
    assertTrue(Files.exists(writing), "another server's write under way");
  }

  @Test
  void aChangedFeedIsParsedAndItsOldSnapshotReplaced(@TempDir Path snapshots, @TempDir Path feeds) throws Exception {
    Path feed = Fixtures.writeFeed(feeds.resolve("feed"), "a", 20, 5);
    FeedSnapshot.Loaded a = FeedSnapshot.load(feed, snapshots);
    Path fileA = FeedSnapshot.write(a.feed(), feed, snapshots, a.csvMillis());
    Fixtures.writeFeed(feed, "b", 20, 5);

    FeedSnapshot.Loaded b = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.CSV, b.origin());
    assertEquals("the snapshot in " + snapshots + " is of another version of the feed or of the format", b.note());
    assertNotEquals(a.feed().checksum, b.feed().checksum);
    Path fileB = FeedSnapshot.write(b.feed(), feed, snapshots, b.csvMillis());
    assertFalse(Files.exists(fileA), "the old feed's snapshot is deleted");
    assertTrue(Files.exists(fileB));
    assertEquals("b-T0", FeedSnapshot.load(feed, snapshots).feed().tripId(0));
  }

  @Test
  void aSnapshotOfAnotherFormatIsNotRead(@TempDir Path snapshots) throws Exception {
    Path feed = Fixtures.zip(Fixtures.tinyFeed(), "");
    FeedSnapshot.Loaded loaded = FeedSnapshot.load(feed, snapshots);
    Path file = FeedSnapshot.write(loaded.feed(), feed, snapshots, loaded.csvMillis());
    Path older = Path.of(file.toString().replace(".v" + FeedSnapshot.FORMAT + ".", ".v" + (FeedSnapshot.FORMAT - 1) + "."));
    Files.move(file, older);
    assertEquals("the snapshot in " + snapshots + " is of another version of the feed or of the format",
        FeedSnapshot.load(feed, snapshots).note());

    // the same name, but written by another format: refused by the version inside
    Files.move(older, file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[8] = (byte) (FeedSnapshot.FORMAT + 1);
    Files.write(file, bytes);
    FeedSnapshot.Loaded again = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.CSV, again.origin());
    assertEquals("snapshot " + file + " is unusable: format " + (FeedSnapshot.FORMAT + 1) + ", expected " + FeedSnapshot.FORMAT, again.note());
  }

  @Test
  void aDamagedSnapshotIsParsedOverAndSaysWhy(@TempDir Path snapshots) throws Exception {
    Path feed = Fixtures.zip(Fixtures.tinyFeed(), "");
    FeedSnapshot.Loaded loaded = FeedSnapshot.load(feed, snapshots);
    Path file = FeedSnapshot.write(loaded.feed(), feed, snapshots, loaded.csvMillis());
    byte[] good = Files.readAllBytes(file);

    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 0x10;
    Files.write(file, flipped);
    FeedSnapshot.Loaded damaged = FeedSnapshot.load(feed, snapshots);
    assertEquals(FeedSnapshot.Origin.CSV, damaged.origin());
    assertEquals("snapshot " + file + " is unusable: its CRC does not match its contents (damaged)", damaged.note());
    assertSameFeed(loaded.feed(), damaged.feed());

    Files.write(file, java.util.Arrays.copyOf(good, good.length - 100), StandardOpenOption.TRUNCATE_EXISTING);
    assertEquals("snapshot " + file + " is unusable: " + (good.length - 100) + " bytes, not the length it was written with (cut short?)",
        FeedSnapshot.load(feed, snapshots).note());
    Files.write(file, new byte[10]);
    assertEquals("snapshot " + file + " is unusable: not a feed snapshot", FeedSnapshot.load(feed, snapshots).note());
  }

  @Test
  void aFeedAndItsZipHaveTheSameChecksum(@TempDir Path feeds) {
    Path dir = Fixtures.writeFeed(feeds.resolve("feed"), "a", 5, 3);
    assertEquals(FeedLoader.load(dir).checksum, FeedLoader.load(Fixtures.zip(dir, "")).checksum);
    assertEquals(FeedLoader.load(dir).checksum, FeedLoader.checksum(dir));
    assertNotEquals(FeedLoader.load(dir).checksum, FeedLoader.load(Fixtures.writeFeed(feeds.resolve("other"), "b", 5, 3)).checksum);
  }

  @Test
  void theEstimatedHeapIsCloseToTheMeasuredOne(@TempDir Path feeds) {
    Path dir = Fixtures.writeFeed(feeds.resolve("feed"), "a", 4000, 30);
    long before = transit.server.ServedFeed.usedHeapAfterGc();
    Feed feed = FeedLoader.load(dir);
    long measured = transit.server.ServedFeed.usedHeapAfterGc() - before;
    long estimated = feed.estimatedHeapBytes();
    java.lang.ref.Reference.reachabilityFence(feed);
    assertTrue(Math.abs(estimated - measured) < measured / 5, "estimated " + estimated + ", measured " + measured);
  }
}
