package workshop.grading;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Lessons graded at once, each its checks in turn: no two checks share a test class, so none shares
 * a keyspace, and a lesson's keyspaces stay reusable from one of its checks to the next. Each lane
 * takes the next lesson when it is free, in this order:
 * <ol>
 * <li>the lessons of one shared node, most checks first, so the step does not end on one long
 *     lesson with the other lane idle;</li>
 * <li>then a lesson that holds three nodes (lesson 10), once no lesson of one node is still being
 *     graded: the cluster is resized first;</li>
 * <li>the lessons that use no Cassandra (the DynamoDB lessons) last, beside the tail of the lessons
 *     of one node, the resize and the lesson that holds the nodes, which leave a core idle
 *     (docs/performance.md, "Lesson 10 beside the DynamoDB lessons").</li>
 * </ol>
 * What each lesson's grading gives is reported in the order given, as soon as it and those before
 * it are done.
 */
final class LessonPool<J extends LessonPool.Job> {

    /** A lesson's grading, as the pool sees it. */
    interface Job {
        /** How many checks it runs: the pool starts the longest first. */
        int checkCount();

        ClusterUse clusterUse();

        void grade();
    }

    private final List<J> waiting;
    /** How many lessons of each use are being graded now. */
    private final Map<ClusterUse, Integer> grading = new EnumMap<>(ClusterUse.class);

    private LessonPool(List<J> lessons) {
        this.waiting = new ArrayList<>(lessons);
        this.waiting.sort(Comparator.comparingInt(Job::checkCount).reversed());
    }

    /**
     * Grades the lessons, atOnce at a time, on a cluster already sized for the lessons of one node;
     * holdNodes makes it three nodes before the first lesson that holds them.
     */
    static <L extends Job> void grade(List<L> lessons, int atOnce, Runnable holdNodes, Consumer<L> done) {
        LessonPool<L> pool = new LessonPool<>(lessons);
        Map<L, CompletableFuture<Void>> graded = new HashMap<>();
        lessons.forEach(lesson -> graded.put(lesson, new CompletableFuture<>()));
        ExecutorService lanes = Executors.newFixedThreadPool(atOnce);
        try {
            for (int lane = 0; lane < atOnce; lane++) {
                lanes.execute(() -> pool.lane(graded, holdNodes));
            }
            for (L lesson : lessons) {
                await(graded.get(lesson));
                done.accept(lesson);
            }
        } finally {
            lanes.shutdownNow();
        }
    }

    /** One lane: the next lesson it may take, graded, until none is left. */
    private void lane(Map<J, CompletableFuture<Void>> graded, Runnable holdNodes) {
        try {
            for (Optional<J> next = next(); next.isPresent(); next = next()) {
                J lesson = next.get();
                try {
                    if (lesson.clusterUse() == ClusterUse.HELD) {
                        holdNodes.run(); // no lesson of one node is left, and none is being graded
                    }
                    lesson.grade();
                    graded.get(lesson).complete(null);
                } catch (RuntimeException | Error e) {
                    graded.get(lesson).completeExceptionally(e);
                } finally {
                    finished(lesson);
                }
            }
        } catch (RuntimeException | Error e) {
            graded.values().forEach(lesson -> lesson.completeExceptionally(e));
        }
    }

    /** The lesson this lane grades next (see the class comment); empty when none is left. Waits while none may start yet. */
    private synchronized Optional<J> next() {
        while (!waiting.isEmpty()) {
            Optional<J> next = first(ClusterUse.SHARED)
                    .or(() -> gradingNow(ClusterUse.SHARED) + gradingNow(ClusterUse.HELD) == 0 ? first(ClusterUse.HELD) : Optional.empty())
                    .or(() -> first(ClusterUse.NONE));
            if (next.isPresent()) {
                waiting.remove(next.get());
                grading.merge(next.get().clusterUse(), 1, Integer::sum);
                return next;
            }
            waitHere();
        }
        return Optional.empty();
    }

    private Optional<J> first(ClusterUse use) {
        return waiting.stream().filter(l -> l.clusterUse() == use).findFirst();
    }

    private int gradingNow(ClusterUse use) {
        return grading.getOrDefault(use, 0);
    }

    private synchronized void finished(J lesson) {
        grading.merge(lesson.clusterUse(), -1, Integer::sum);
        notifyAll();
    }

    private void waitHere() {
        try {
            wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Grading was interrupted", e);
        }
    }

    private static void await(CompletableFuture<Void> graded) {
        try {
            graded.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Grading was interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Grading a lesson failed: " + e.getCause(), e.getCause());
        }
    }
}
