package workshop.kit.cost;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The asynchronous twin of {@link CountingResultSet}: one page of an executeAsync result that
 * counts the rows its reader takes, and follows the pages fetched after it, so an asynchronous
 * statement is measured like a synchronous one.
 */
final class CountingAsyncResultSet implements AsyncResultSet {

    /** What every page of one statement adds up to. */
    static final class Pages implements Traced {
        private final List<UUID> traces = new CopyOnWriteArrayList<>();
        private final AtomicLong taken = new AtomicLong();

        @Override
        public List<UUID> traceIds() {
            return List.copyOf(traces);
        }

        @Override
        public long rowsTaken() {
            return taken.get();
        }
    }

    private final AsyncResultSet delegate;
    private final Pages pages;

    CountingAsyncResultSet(AsyncResultSet delegate, Pages pages) {
        this.delegate = delegate;
        this.pages = pages;
        UUID trace = delegate.getExecutionInfo().getTracingId();
        if (Objects.nonNull(trace)) {
            pages.traces.add(trace);
        }
    }

    @Override
    public Iterable<Row> currentPage() {
        return () -> new CountedRows(delegate.currentPage().iterator(), pages.taken);
    }

    @Override
    public int remaining() {
        return delegate.remaining();
    }

    @Override
    public boolean hasMorePages() {
        return delegate.hasMorePages();
    }

    @Override
    public CompletionStage<AsyncResultSet> fetchNextPage() {
        return delegate.fetchNextPage().thenApply(next -> new CountingAsyncResultSet(next, pages));
    }

    @Override
    public ColumnDefinitions getColumnDefinitions() {
        return delegate.getColumnDefinitions();
    }

    @Override
    public ExecutionInfo getExecutionInfo() {
        return delegate.getExecutionInfo();
    }

    @Override
    public boolean wasApplied() {
        return delegate.wasApplied();
    }
}
