package workshop.kit.dining;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;

/**
 * Hands every event of the {@link DiningSchema} outbox to a view updater, at least once, and never
 * skips one. It keeps no position: event_seq is taken when a booking inserts its row, but
 * bookings commit in another order, so "everything after the last seq delivered" would pass over
 * a booking that was still open. Instead each poll reads the rows committed so far and deletes
 * them in the same transaction: a row leaves the outbox only with the poll that handed it over,
 * and a row committed later is still there at the next poll. When the updater fails, or the relay
 * dies before its commit, the rows stay and are handed over again: the updater must be idempotent.
 *
 * @param <E> the event as the view updater takes it
 */
public final class OutboxRelay<E> {

    private final MemoryDatabase db;
    private final Sql.RowReader<E> event;
    private final Consumer<E> updater;

    /** {@code event} reads one outbox row (columns by name); {@code updater} applies it to the view. */
    public OutboxRelay(MemoryDatabase db, Sql.RowReader<E> event, Consumer<E> updater) {
        this.db = db;
        this.event = event;
        this.updater = updater;
    }

    private record Numbered<E>(long seq, E event) {}

    /**
     * Hands over every event committed so far and removes it from the outbox; returns how many. When
     * the updater throws, nothing is removed and the exception goes to the caller.
     */
    public int deliverNew() throws SQLException {
        try (Connection connection = db.connect()) {
            connection.setAutoCommit(false);
            try {
                List<Numbered<E>> events = Sql.list(connection,
                        row -> new Numbered<>(row.getLong("event_seq"), event.read(row)),
                        "SELECT * FROM outbox ORDER BY event_seq");
                try (PreparedStatement delete = connection.prepareStatement("DELETE FROM outbox WHERE event_seq = ?")) {
                    for (Numbered<E> numbered : events) {
                        updater.accept(numbered.event());
                        delete.setLong(1, numbered.seq());
                        delete.addBatch();
                    }
                    delete.executeBatch();
                }
                connection.commit();
                return events.size();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        }
    }

    /** Events committed to the outbox and not handed over yet. */
    public long lag() throws SQLException {
        return db.count("SELECT COUNT(*) FROM outbox");
    }
}
