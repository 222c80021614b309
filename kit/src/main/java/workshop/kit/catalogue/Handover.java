package workshop.kit.catalogue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands an asynchronous result to the code that sent it once that code's thread stops to wait
 * (a join, a get, a synchronous call), not the moment the store answers. Whether reads ran side by
 * side is then a fact of the code, not of timing: slices sent one after another without waiting are
 * all in flight before any is handed back, however fast a local node answers, while code that waits
 * for each read before sending the next still shows one at a time. Timing alone failed a right
 * design on a quiet one-node cluster, where a read came back before the next was sent.
 */
final class Handover {

    /** The longest a result is held for a thread that never waits (it polls, or it left it unread). */
    private static final Duration MOST = Duration.ofSeconds(1);
    private static final ExecutorService HANDING = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "catalogue-handover");
        thread.setDaemon(true);
        return thread;
    });

    private Handover() {}

    /**
     * The result as the sender sees it: completed once the sender waits, or after {@link #MOST};
     * handed runs just before, when the sender can first know of it.
     */
    static <T> CompletableFuture<T> toWaiting(Thread sender, CompletionStage<T> result, Runnable handed) {
        CompletableFuture<T> seen = new CompletableFuture<>();
        result.whenComplete((value, error) -> HANDING.execute(() -> {
            long deadline = System.nanoTime() + MOST.toNanos();
            while (sender.getState() == Thread.State.RUNNABLE && System.nanoTime() < deadline) {
                LockSupport.parkNanos(100_000);
            }
            handed.run();
            if (error != null) {
                seen.completeExceptionally(error);
            } else {
                seen.complete(value);
            }
        }));
        return seen;
    }
}
