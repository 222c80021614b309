package workshop.kit.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HandoverTest {

    @Test
    void resultsThatCameBackWhileTheSenderKeptSendingReachItOnlyWhenItWaits() {
        Thread sender = Thread.currentThread();
        AtomicLong firstHanded = new AtomicLong();
        CompletableFuture<String> first = Handover.toWaiting(sender, CompletableFuture.completedFuture("a"),
                () -> firstHanded.compareAndSet(0, System.nanoTime()));
        CompletableFuture<String> second = Handover.toWaiting(sender, CompletableFuture.completedFuture("b"), () -> { });
        long busyUntil = System.nanoTime() + 50_000_000;
        while (System.nanoTime() < busyUntil) {
            Thread.onSpinWait(); // still sending: both answers are in, neither is handed over yet
        }
        long waited = System.nanoTime();
        assertEquals(List.of("a", "b"), List.of(first.join(), second.join()));
        assertTrue(firstHanded.get() >= waited, "the first answer was handed over before the sender waited");
    }

    @Test
    void aSenderThatWaitsForEachResultGetsItAtOnce() {
        long before = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            Handover.toWaiting(Thread.currentThread(), CompletableFuture.completedFuture(i), () -> { }).join();
        }
        assertTrue(System.nanoTime() - before < 900_000_000L, "five waited-for results took as long as the fallback hold");
    }
}
