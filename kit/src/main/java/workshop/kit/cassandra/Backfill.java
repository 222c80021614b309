package workshop.kit.cassandra;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A new table filled from an existing one by a token-range scan while the application keeps
 * writing. The order decides what the new table ends up missing: a send that reaches a slice the
 * scan has already passed is copied only if that send wrote the new table itself.
 */
public final class Backfill {

    /** A pause between two sends, so that arrivals spread over the whole scan instead of flooding it. */
    private static final Duration BETWEEN_SENDS = Duration.ofMillis(2);

    /** When the send path starts writing the new table, relative to the scan. */
    public enum Order {
        SCAN_THEN_WRITE("scan, then dual write"),
        WRITE_THEN_SCAN("dual write, then scan");

        private final String words;

        Order(String words) {
            this.words = words;
        }

        /** True when sends already write the new table while the scan runs. */
        public boolean writesDuringScan() {
            return this == WRITE_THEN_SCAN;
        }

        @Override
        public String toString() {
            return words;
        }
    }

    /** The application's send path: message number n, written to the new table too when asked. */
    @FunctionalInterface
    public interface Sender {
        void send(int n, boolean alsoNewTable);
    }

    /** One backfill: how many messages arrived while the scan ran, and how long the scan took. */
    public record Run(Order order, int sentDuringScan, Duration scan) {}

    private Backfill() {}

    /**
     * Scans every slice with copySlice (which must be idempotent: a row it copies may already be
     * there) while another thread keeps sending, numbering its sends from firstSend on.
     */
    public static Run run(Order order, List<TokenSlice> slices, int workers, Consumer<TokenSlice> copySlice,
                          int firstSend, Sender sender) {
        AtomicBoolean scanning = new AtomicBoolean(true);
        AtomicInteger sent = new AtomicInteger();
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        Thread arrivals = new Thread(() -> {
            try {
                while (scanning.get()) {
                    sender.send(firstSend + sent.get(), order.writesDuringScan());
                    sent.incrementAndGet();
                    Thread.sleep(BETWEEN_SENDS.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failed.set(e);
            }
        }, "sends during the backfill");
        arrivals.start();
        Duration scan;
        try {
            scan = TokenRangeScan.forEachSlice(slices, workers, "backfill: " + order, copySlice);
        } finally {
            scanning.set(false);
            join(arrivals);
        }
        if (failed.get() != null) {
            throw failed.get();
        }
        return new Run(order, sent.get(), scan);
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the sends to stop", e);
        }
    }
}
