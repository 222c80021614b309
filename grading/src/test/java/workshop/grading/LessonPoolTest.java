package workshop.grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which lessons the pool grades beside which: the lessons of one node never beside the lesson that
 * holds three (the cluster is resized between them), the DynamoDB lessons beside it.
 */
@Timeout(30)
class LessonPoolTest {

    private final List<String> events = new CopyOnWriteArrayList<>();

    /** A lesson that notes when it starts and ends, and does what it is given in between. */
    private class Lesson implements LessonPool.Job {
        final String name;
        final int checks;
        final ClusterUse use;
        final Runnable work;

        Lesson(String name, int checks, ClusterUse use, Runnable work) {
            this.name = name;
            this.checks = checks;
            this.use = use;
            this.work = work;
        }

        Lesson(String name, int checks, ClusterUse use) {
            this(name, checks, use, () -> { });
        }

        @Override
        public int checkCount() {
            return checks;
        }

        @Override
        public ClusterUse clusterUse() {
            return use;
        }

        @Override
        public void grade() {
            events.add("start " + name);
            work.run();
            events.add("end " + name);
        }
    }

    /** Waits for the latch; a pool that never lets it open fails the test instead of hanging it. */
    private static void await(CountDownLatch latch, String what) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS), "waited 10 s for " + what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static Runnable opening(CountDownLatch latch) {
        return latch::countDown;
    }

    @Test
    void theHeldLessonWaitsForEveryLessonOfOneNodeAndRunsBesideTheDynamoDbLesson() {
        CountDownLatch bothShared = new CountDownLatch(2);
        CountDownLatch dynamoStarted = new CountDownLatch(1);
        CountDownLatch heldStarted = new CountDownLatch(1);
        // 07d ends first, while 04 runs on until the DynamoDB lesson has started: the held lesson must wait for 04.
        Lesson tickets = new Lesson("07d", 17, ClusterUse.SHARED, () -> {
            bothShared.countDown();
            await(bothShared, "both lessons of one node to run at once");
        });
        Lesson chat = new Lesson("04", 10, ClusterUse.SHARED, () -> {
            bothShared.countDown();
            await(dynamoStarted, "the DynamoDB lesson to start beside a lesson of one node");
        });
        Lesson dynamo = new Lesson("06d", 22, ClusterUse.NONE, () -> {
            dynamoStarted.countDown();
            await(heldStarted, "the held lesson to start beside the DynamoDB lesson");
        });
        Lesson replication = new Lesson("10", 14, ClusterUse.HELD, opening(heldStarted));
        List<String> reported = new ArrayList<>();

        LessonPool.grade(List.of(replication, dynamo, chat, tickets), 2, () -> events.add("resize"), l -> reported.add(l.name));

        assertEquals(List.of("10", "06d", "04", "07d"), reported, "reported in the order given");
        // The lessons of one node first, though the other two have more checks.
        assertEquals(Set.of("start 07d", "start 04"), Set.copyOf(events.subList(0, 2)), events.toString());
        int resize = events.indexOf("resize");
        assertTrue(resize > events.indexOf("end 04") && resize > events.indexOf("end 07d"), events.toString());
        assertTrue(events.indexOf("start 10") > resize, events.toString());
        assertTrue(events.indexOf("end 06d") > events.indexOf("start 10"), events.toString());
    }

    @Test
    void inOneLaneTheLessonsOfOneNodeComeFirstAndTheClusterIsLeftAsItIs() {
        LessonPool.grade(List.of(new Lesson("06", 15, ClusterUse.NONE), new Lesson("02", 10, ClusterUse.SHARED)), 1,
                () -> events.add("resize"), l -> { });

        assertEquals(List.of("start 02", "end 02", "start 06", "end 06"), events);
    }

    @Test
    void aLessonWhoseGradingFailsFailsTheStep() {
        LessonPool.Job broken = new Lesson("01", 5, ClusterUse.SHARED) {
            @Override
            public void grade() {
                throw new IllegalStateException("no such file");
            }
        };
        IllegalStateException failed = assertThrows(IllegalStateException.class,
                () -> LessonPool.grade(List.of(broken), 2, () -> { }, l -> { }));
        assertTrue(failed.getMessage().contains("no such file"), failed.getMessage());
    }
}
