package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.AssertionFailedError;
import java.util.Iterator;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;

/** The grading assertion must fail a right answer obtained by a scan, and say what was read. */
@ExtendWith(CassandraExtension.class)
class CostExpectationsTest {

    @BeforeAll
    static void load(CqlSession session) {
        session.execute(Keyspaces.schema("CREATE TABLE by_id (id int PRIMARY KEY, chat text)"));
        session.execute(Keyspaces.schema("CREATE TABLE by_chat (chat text, id int, PRIMARY KEY ((chat), id))"));
        PreparedStatement a = session.prepare("INSERT INTO by_id (id, chat) VALUES (?, ?)");
        PreparedStatement b = session.prepare("INSERT INTO by_chat (chat, id) VALUES (?, ?)");
        for (int i = 0; i < 30; i++) {
            session.execute(a.bind(i, "c" + i % 3));
            session.execute(b.bind("c" + i % 3, i));
        }
    }

    @Test
    void aScanFailsWithWhatItRead(TracingSession session) {
        QueryCost scan = session.measure(() -> session.execute("SELECT id, chat FROM by_id").all()).cost();
        AssertionFailedError failure = assertThrows(AssertionFailedError.class,
                () -> CostExpectations.assertOnePartitionRead("latest(c2)", scan, 10));
        assertTrue(failure.getMessage().contains("read 30 row(s)"), failure.getMessage());
        assertTrue(failure.getMessage().contains("token ranges scanned"), failure.getMessage());
    }

    @Test
    void aPartitionReadPasses(TracingSession session) {
        PreparedStatement read = session.prepare("SELECT id FROM by_chat WHERE chat = ?");
        QueryCost point = session.measure(() -> session.execute(read.bind("c2")).all()).cost();
        CostExpectations.assertOnePartitionRead("latest(c2)", point, 10);
    }

    @Test
    void codeThatRunsNothingThroughTheSessionFails(TracingSession session) {
        QueryCost nothing = session.measure(() -> { });
        assertThrows(AssertionFailedError.class, () -> CostExpectations.assertOnePartitionRead("latest(c2)", nothing, 10));
    }

    @Test
    void anAsynchronousReadIsMeasuredLikeASynchronousOne(TracingSession session) {
        PreparedStatement read = session.prepare("SELECT id FROM by_chat WHERE chat = ?");
        Measured<Integer> result = session.measure(() -> {
            AsyncResultSet page = session.executeAsync(read.bind("c2")).toCompletableFuture().join();
            int rows = 0;
            for (Iterator<Row> it = page.currentPage().iterator(); it.hasNext(); it.next()) {
                rows++;
            }
            return rows;
        });
        assertEquals(10, result.value());
        assertEquals(1, result.cost().requests(), result.cost().summary());
        assertEquals(10, result.cost().rowsRead(), result.cost().summary());
        assertEquals(10, result.cost().rowsReturned(), result.cost().summary());
        assertTrue(result.cost().complete(), result.cost().summary());
    }

    @Test
    void statementsOutsideAMeasurementAreNotTraced(TracingSession session) {
        ResultSet untraced = session.execute(SimpleStatement.newInstance("SELECT id FROM by_chat WHERE chat = ?", "c1"));
        assertNull(untraced.getExecutionInfo().getTracingId());
    }
}
