package workshop.kit.h2;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * A data source whose transactions stop just before their commit, locks still held, until
 * released: a lesson holds one transaction open at a known point while others run, without
 * changing the code under demonstration. Closing it releases the commit too.
 */
final class HeldCommit implements AutoCloseable {

    private final CountDownLatch committing = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final DataSource held;

    HeldCommit(DataSource plain) {
        held = BeforeCommit.run(() -> {
            committing.countDown();
            await(released, Long.MAX_VALUE);
        }, plain);
    }

    DataSource dataSource() {
        return held;
    }

    /** Waits until the transaction running {@code work} is at its commit (true), or ended without one (false). */
    boolean awaitCommitting(CompletableFuture<?> work) {
        boolean reached = false;
        while (!reached && !work.isDone()) {
            reached = await(committing, 20);
        }
        return reached || committing.getCount() == 0;
    }

    void release() {
        released.countDown();
    }

    @Override
    public void close() {
        release();
    }

    private static boolean await(CountDownLatch latch, long millis) {
        try {
            return latch.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
