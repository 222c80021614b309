package workshop.kit.cost;

import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** A result set that counts the rows its reader takes, so "rows returned" is a fact, not a guess. */
final class CountingResultSet implements ResultSet, Traced {

    private final ResultSet delegate;
    private final AtomicLong taken = new AtomicLong();

    CountingResultSet(ResultSet delegate) {
        this.delegate = delegate;
    }

    @Override
    public long rowsTaken() {
        return taken.get();
    }

    @Override
    public List<UUID> traceIds() {
        return delegate.getExecutionInfos().stream().map(ExecutionInfo::getTracingId).filter(Objects::nonNull).toList();
    }

    @Override
    public Iterator<Row> iterator() {
        return new CountedRows(delegate.iterator(), taken);
    }

    @Override
    public ColumnDefinitions getColumnDefinitions() {
        return delegate.getColumnDefinitions();
    }

    @Override
    public List<ExecutionInfo> getExecutionInfos() {
        return delegate.getExecutionInfos();
    }

    @Override
    public boolean isFullyFetched() {
        return delegate.isFullyFetched();
    }

    @Override
    public int getAvailableWithoutFetching() {
        return delegate.getAvailableWithoutFetching();
    }

    @Override
    public boolean wasApplied() {
        return delegate.wasApplied();
    }
}
