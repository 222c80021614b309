package workshop.kit.cost;

import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;

/** Rows as the reader takes them, each one counted: what both counting result sets hand out. */
final class CountedRows implements Iterator<Row> {

    private final Iterator<Row> rows;
    private final AtomicLong taken;

    CountedRows(Iterator<Row> rows, AtomicLong taken) {
        this.rows = rows;
        this.taken = taken;
    }

    @Override
    public boolean hasNext() {
        return rows.hasNext();
    }

    @Override
    public Row next() {
        Row row = rows.next();
        taken.incrementAndGet();
        return row;
    }
}
