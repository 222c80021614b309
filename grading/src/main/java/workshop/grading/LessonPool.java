package workshop.grading;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Lessons graded at once, each its checks in turn: no two checks share a test class, so none shares
 * a keyspace, and a lesson's keyspaces stay reusable from one of its checks to the next. The lessons
 * with the most checks start first, so the step does not end on one long lesson with the other lanes
 * idle; what each lesson's grading gives is reported in the order given, as soon as it and those
 * before it are done.
 */
final class LessonPool {

    private LessonPool() {}

    static void grade(List<LessonGrading> lessons, int atOnce, ToIntFunction<LessonGrading> weight, Consumer<LessonGrading> done) {
        ExecutorService pool = Executors.newFixedThreadPool(atOnce);
        try {
            Map<LessonGrading, Future<?>> running = new HashMap<>();
            lessons.stream().sorted(Comparator.comparingInt(weight).reversed()).forEach(l -> running.put(l, pool.submit(l::grade)));
            lessons.forEach(lesson -> {
                await(running.get(lesson));
                done.accept(lesson);
            });
        } finally {
            pool.shutdownNow();
        }
    }

    private static void await(Future<?> graded) {
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
