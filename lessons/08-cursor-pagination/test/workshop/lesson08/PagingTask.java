package workshop.lesson08;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;

/** The paging tasks' tests: each test class (a keyspace of its own) loads its channels once. */
@ExtendWith(CassandraExtension.class)
abstract class PagingTask {

    private static final Map<Class<?>, PagedChannels> LOADED = new ConcurrentHashMap<>();

    PagedChannels channels;

    /** While createTables or send fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        channels = LOADED.computeIfAbsent(getClass(), test -> PagedChannels.load(traced));
    }
}
