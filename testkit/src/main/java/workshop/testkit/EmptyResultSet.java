package workshop.testkit;

import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.internal.core.cql.EmptyColumnDefinitions;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/** The answer to a schema statement that was already applied: what the store returns for one, no rows. */
final class EmptyResultSet implements ResultSet {

    static final EmptyResultSet INSTANCE = new EmptyResultSet();

    private EmptyResultSet() {}

    @Override
    public ColumnDefinitions getColumnDefinitions() {
        return EmptyColumnDefinitions.INSTANCE;
    }

    @Override
    public List<ExecutionInfo> getExecutionInfos() {
        return List.of();
    }

    @Override
    public boolean isFullyFetched() {
        return true;
    }

    @Override
    public int getAvailableWithoutFetching() {
        return 0;
    }

    @Override
    public boolean wasApplied() {
        return true;
    }

    @Override
    public Iterator<Row> iterator() {
        return Collections.emptyIterator();
    }
}
