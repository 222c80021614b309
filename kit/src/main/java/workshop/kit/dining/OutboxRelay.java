package workshop.kit.dining;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;

/**
 * Reads the {@link DiningSchema} outbox in order and hands each event to a view updater, at least
 * once: it remembers how far it got, and can be made to deliver the last event again, as a relay
 * that crashed before saving its position would.
 *
 * @param <E> the event as the view updater takes it
 */
public final class OutboxRelay<E> {

    private final MemoryDatabase db;
    private final Sql.RowReader<E> event;
    private final Consumer<E> updater;
    private long deliveredUpTo;

    /** {@code event} reads one outbox row (columns by name); {@code updater} applies it to the view. */
    public OutboxRelay(MemoryDatabase db, Sql.RowReader<E> event, Consumer<E> updater) {
        this.db = db;
        this.event = event;
        this.updater = updater;
    }

    /** Delivers every event after the last one delivered; returns how many. */
    public int deliverNew() throws SQLException {
        return deliverFrom(deliveredUpTo);
    }

    public void redeliverLast() throws SQLException {
        deliverFrom(deliveredUpTo - 1);
    }

    /** Events in the outbox not delivered yet. */
    public long lag() throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.count(connection, "SELECT COUNT(*) FROM outbox WHERE event_seq > ?", deliveredUpTo);
        }
    }

    private record Numbered<E>(long seq, E event) {}

    private int deliverFrom(long after) throws SQLException {
        List<Numbered<E>> events;
        try (Connection connection = db.connect()) {
            events = Sql.list(connection, row -> new Numbered<>(row.getLong("event_seq"), event.read(row)),
                    "SELECT * FROM outbox WHERE event_seq > ? ORDER BY event_seq", after);
        }
        for (Numbered<E> numbered : events) {
            updater.accept(numbered.event());
            deliveredUpTo = Math.max(deliveredUpTo, numbered.seq());
        }
        return events.size();
    }
}
