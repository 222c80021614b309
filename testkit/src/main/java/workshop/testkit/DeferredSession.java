package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metrics.Metrics;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A session opened on its first use, by whatever asks anything of it: a test class whose code
 * fails before it sends a statement (a stub at its first TODO) never pays for a keyspace. Closing
 * one that was never opened opens nothing.
 */
final class DeferredSession implements Session {

    private Supplier<CqlSession> opener;
    private volatile CqlSession session;

    /** What opens it; set once, before its first use. */
    void opensWith(Supplier<CqlSession> opener) {
        this.opener = opener;
    }

    boolean isOpen() {
        return session != null;
    }

    /** The session, opened now if this is the first use; concurrent first uses open it once. */
    CqlSession session() {
        CqlSession opened = session;
        if (opened == null) {
            synchronized (this) {
                if (session == null) {
                    session = opener.get();
                }
                opened = session;
            }
        }
        return opened;
    }

    @Override
    public String getName() {
        return session().getName();
    }

    @Override
    public Metadata getMetadata() {
        return session().getMetadata();
    }

    @Override
    public boolean isSchemaMetadataEnabled() {
        return session().isSchemaMetadataEnabled();
    }

    @Override
    public CompletionStage<Metadata> setSchemaMetadataEnabled(Boolean newValue) {
        return session().setSchemaMetadataEnabled(newValue);
    }

    @Override
    public CompletionStage<Metadata> refreshSchemaAsync() {
        return session().refreshSchemaAsync();
    }

    @Override
    public CompletionStage<Boolean> checkSchemaAgreementAsync() {
        return session().checkSchemaAgreementAsync();
    }

    @Override
    public DriverContext getContext() {
        return session().getContext();
    }

    @Override
    public Optional<CqlIdentifier> getKeyspace() {
        return session().getKeyspace();
    }

    @Override
    public Optional<Metrics> getMetrics() {
        return session().getMetrics();
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        return session().execute(request, resultType);
    }

    @Override
    public CompletionStage<Void> closeFuture() {
        return isOpen() ? session.closeFuture() : CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> closeAsync() {
        return isOpen() ? session.closeAsync() : CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> forceCloseAsync() {
        return isOpen() ? session.forceCloseAsync() : CompletableFuture.completedFuture(null);
    }
}
