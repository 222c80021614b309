package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * A session that counts the bytes the store sent back, as the driver received them: what a trace
 * does not show, since one row read may carry one value or a collection of thousands. Wrap the
 * test's session in it, give it to the code under test and ask {@link #during} what a call received.
 */
public final class ReceivedBytes extends SessionWrapper implements CqlSession {

    /** A result and how many bytes it received. */
    public record Received<T>(T value, long bytes) {}

    private final List<ResultSet> synchronous = new CopyOnWriteArrayList<>();
    private final List<ExecutionInfo> asynchronous = new CopyOnWriteArrayList<>();

    public ReceivedBytes(CqlSession session) {
        super(session);
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        ResultT result = super.execute(request, resultType);
        if (result instanceof ResultSet resultSet) {
            synchronous.add(resultSet);
        } else if (result instanceof CompletionStage<?> stage) {
            stage.thenAccept(page -> {
                if (page instanceof AsyncResultSet async) {
                    asynchronous.add(async.getExecutionInfo());
                }
            });
        }
        return result;
    }

    /** Runs the call and returns its value with the bytes of every response it received, each page counted. */
    public <T> Received<T> during(Supplier<T> call) {
        synchronous.clear();
        asynchronous.clear();
        T value = call.get();
        long bytes = synchronous.stream().flatMap(r -> r.getExecutionInfos().stream())
                .mapToLong(ExecutionInfo::getResponseSizeInBytes).sum()
                + asynchronous.stream().mapToLong(ExecutionInfo::getResponseSizeInBytes).sum();
        return new Received<>(value, bytes);
    }
}
