package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.QueryCost;

/** The probe against a real cluster: its counts must match what the data makes certain. */
@ExtendWith(CassandraExtension.class)
class CostProbeTest {

    private static CostProbe probe;
    private static PreparedStatement insert;
    private static PreparedStatement byChat;

    @BeforeAll
    static void load(CqlSession session) {
        session.execute(Keyspaces.schema("CREATE TABLE m (chat text, id int, body text, PRIMARY KEY ((chat), id)) WITH CLUSTERING ORDER BY (id DESC)"));
        insert = session.prepare("INSERT INTO m (chat, id, body) VALUES (?, ?, ?)");
        byChat = session.prepare("SELECT id FROM m WHERE chat = ? LIMIT ?");
        for (int i = 0; i < 40; i++) {
            session.execute(insert.bind("chat-" + (i % 4), i, "b"));
        }
        probe = new CostProbe(session);
    }

    @Test
    void aPartitionReadIsOneNodeOnePartitionAndStopsAtTheLimit() {
        QueryCost cost = probe.read(byChat.bind("chat-1", 3)).cost();
        assertEquals(1, cost.nodesAsked(), cost.summary());
        assertEquals(1, cost.partitionsRead(), cost.summary());
        assertEquals(0, cost.rangeScans(), cost.summary());
        assertEquals(3, cost.rowsRead(), cost.summary());
        assertEquals(3, cost.rowsReturned(), cost.summary());
        assertTrue(cost.singlePartition());
    }

    @Test
    void aFullScanAsksEveryNodeAndReadsEveryRow(CqlSession session) {
        QueryCost cost = probe.read(SimpleStatement.newInstance("SELECT id FROM m")).cost();
        int nodes = session.getMetadata().getNodes().size();
        assertEquals(nodes, cost.nodesAsked(), cost.summary());
        assertEquals(40, cost.rowsRead(), cost.summary());
        assertEquals(40, cost.rowsReturned(), cost.summary());
        assertTrue(cost.rangeScans() >= nodes, cost.summary());
        assertTrue(!cost.singlePartition());
    }

    @Test
    void aBatchCountsOneWritePerPartitionItTouches() {
        BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.LOGGED,
                insert.bind("w-1", 1, "x"), insert.bind("w-2", 1, "x"), insert.bind("w-3", 1, "x"));
        QueryCost cost = probe.write(batch);
        assertEquals(3, cost.partitionWrites(), cost.summary());
        assertEquals(0, cost.rowsRead(), cost.summary());
    }
}
