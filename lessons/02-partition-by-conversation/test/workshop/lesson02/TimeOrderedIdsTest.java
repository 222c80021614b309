package workshop.lesson02;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import workshop.testkit.MovableClock;
import workshop.testkit.RaceLost;

class TimeOrderedIdsTest {

    @Test
    @DisplayName("an id decodes to the millisecond it was made in")
    void decodesToItsMillisecond() {
        TimeOrderedIds ids = new TimeOrderedIds(1);
        long before = System.currentTimeMillis();
        long id = ids.next();
        long after = System.currentTimeMillis();
        long millis = TimeOrderedIds.millisOf(id);
        assertTrue(millis >= before && millis <= after + 1,
                "id " + id + " decodes to " + millis + ", but it was made between " + before + " and " + after);
        assertEquals(millis - TimeOrderedIds.EPOCH_MILLIS, id >> 22, "the milliseconds since the epoch belong in bits 22 and up");
    }

    @Test
    @DisplayName("later ids are greater: sorting by id sorts by time")
    void increasing() throws InterruptedException {
        TimeOrderedIds ids = new TimeOrderedIds(1);
        long previous = ids.next();
        for (int i = 0; i < 50_000; i++) {
            long id = ids.next();
            assertTrue(id > previous, "id " + id + " came after " + previous + " but is not greater");
            previous = id;
        }
        Thread.sleep(5);
        long later = ids.next();
        assertTrue(TimeOrderedIds.millisOf(later) > TimeOrderedIds.millisOf(previous) - 1);
    }

    @Test
    @DisplayName("a clock stepped back (NTP, a resumed VM) does not make ids go back")
    void clockSteppedBack() {
        MovableClock clock = MovableClock.at(Instant.parse("2026-03-02T09:00:00Z"));
        TimeOrderedIds ids = new TimeOrderedIds(4, clock);
        long before = ids.next();
        clock.move(Duration.ofMillis(1));
        long last = ids.next();
        assertTrue(last > before, "id " + last + " came a millisecond after " + before + " but is not greater");
        Duration step = Duration.ofSeconds(-2);
        clock.move(step);
        // A generator that waits for the clock to catch up would wait forever on this clock.
        long[] after = assertTimeoutPreemptively(Duration.ofSeconds(2), () -> new long[] {ids.next(), ids.next()},
                "next() did not return after the clock stepped back: waiting for the clock to catch up stalls every"
                        + " send for as long as the step. Carry on from the last id handed out instead.");
        for (long id : after) {
            assertTrue(id > last, "after the clock stepped back " + step.negated().toSeconds() + " s, next() returned "
                    + id + ", below " + last + " that it returned before: ids went back in time, so newest-first"
                    + " order breaks and an id can repeat. Keep the last id handed out and return max(id from the"
                    + " clock, last id + 1).");
            last = id;
        }
    }

    @Test
    @DisplayName("8 threads asking at once never get the same id")
    void uniqueUnderConcurrency() throws Exception {
        int threads = 8;
        int each = 25_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            // A race shows in most rounds, not in every one: four fresh generators make a miss unlikely.
            for (int round = 0; round < 4; round++) {
                TimeOrderedIds ids = new TimeOrderedIds(3);
                CountDownLatch start = new CountDownLatch(1);
                List<Callable<long[]>> work = IntStream.range(0, threads).<Callable<long[]>>mapToObj(t -> () -> {
                    start.await(); // released together, so the threads ask in the same milliseconds
                    long[] got = new long[each];
                    for (int i = 0; i < each; i++) {
                        got[i] = ids.next();
                    }
                    return got;
                }).toList();
                List<Future<long[]>> results = work.stream().map(pool::submit).toList();
                start.countDown();
                Set<Long> seen = new HashSet<>();
                for (Future<long[]> result : results) {
                    for (long id : result.get()) {
                        RaceLost.unless(seen.add(id), "id " + id + " was handed out twice: two threads read the same millisecond"
                                + " and sequence before either stored its own. Make next() atomic: synchronized, or a"
                                + " compare-and-set on the last id handed out (AtomicLong.updateAndGet).");
                    }
                }
                assertEquals(threads * each, seen.size());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("two generators with different worker numbers never collide")
    void workersDoNotCollide() {
        TimeOrderedIds a = new TimeOrderedIds(1);
        TimeOrderedIds b = new TimeOrderedIds(2);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(seen.add(a.next()));
            assertTrue(seen.add(b.next()));
        }
    }

    @Test
    @DisplayName("a worker number outside 0..1023 is refused")
    void workerRange() {
        for (int worker : new int[] {-1, 1024}) {
            assertThrows(IllegalArgumentException.class, () -> new TimeOrderedIds(worker), "new TimeOrderedIds(" + worker
                    + ") must be refused with an IllegalArgumentException: 10 bits hold the workers 0..1023");
        }
    }
}
