package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        // Its own table, so the writes below never change what the scan above counts.
        session.execute(Keyspaces.schema("CREATE TABLE w (k text PRIMARY KEY, v text)"));
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

    @Test
    void aPlainWriteRunsNoPaxos() {
        QueryCost cost = probe.write(SimpleStatement.newInstance("INSERT INTO w (k, v) VALUES ('plain', 'x')"));
        assertEquals(1, cost.partitionWrites(), cost.summary());
        assertEquals(0, cost.paxosSteps(), cost.summary());
        assertFalse(cost.conditional());
    }

    /** One replica per row: each Paxos step shows once in the trace. */
    @Test
    void aConditionalWriteCountsItsPaxosStepsAndWritesNothingWhenItFails(CqlSession session) {
        PreparedStatement once = session.prepare("INSERT INTO w (k, v) VALUES (?, ?) IF NOT EXISTS");
        QueryCost applied = probe.write(once.bind("lwt", "x"));
        assertEquals(4, applied.paxosSteps(), "promise, read, accept, commit: " + applied.summary());
        assertEquals(1, applied.partitionWrites(), applied.summary());
        assertTrue(applied.paxosWrites() > 0, applied.summary());
        assertEquals(1, applied.partitionsRead(), "the condition's read of the row, not of Paxos state: " + applied.summary());

        QueryCost refused = probe.write(once.bind("lwt", "y"));
        assertEquals(3, refused.paxosSteps(), "promise, read, accept of an empty proposal, no commit: " + refused.summary());
        assertEquals(0, refused.partitionWrites(), refused.summary());
        assertTrue(refused.conditional());
    }
}
