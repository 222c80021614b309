package workshop.kit.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.internal.core.cql.DefaultPrepareRequest;
import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.cost.StatementRecorder.Finding;
import workshop.kit.cost.StatementRecorder.Kind;

class StatementRecorderTest {

    private static final String NEWEST = "SELECT body FROM messages WHERE chat = ? LIMIT ?";

    @Test
    void literalsLeaveTheShapeButQuotedNamesAndIdentifiersStay() {
        assertEquals("SELECT \"t1\" FROM m_01 WHERE a = ? AND b = ? AND c = ? AND d IN (?, ?)",
                StatementRecorder.shapeOf("SELECT \"t1\" FROM m_01 WHERE a = 'it''s' AND b = -1.5e3"
                        + " AND c = 0x0aff AND d IN (true, 123e4567-e89b-12d3-a456-426614174000)"));
    }

    @Test
    void theSameStatementWithOtherValuesIsSplicedAndReportedOnce() {
        StatementRecorder recorder = new StatementRecorder();
        for (String chat : List.of("c1", "c1", "c2", "c3")) {
            recorder.ran(SimpleStatement.newInstance("SELECT body FROM messages WHERE chat = '" + chat + "'"),
                    false);
        }
        assertEquals(List.of(new Finding(Kind.SPLICED_VALUES, "SELECT body FROM messages WHERE chat = 'c2'",
                "SELECT body FROM messages WHERE chat = 'c1'")), recorder.takeFindings());
        assertEquals(List.of(), recorder.takeFindings());
    }

    @Test
    void aConstantLiteralSchemaAndBoundValuesAreNoFinding() {
        StatementRecorder recorder = new StatementRecorder();
        for (String chat : List.of("c1", "c2")) {
            recorder.ran(SimpleStatement.newInstance("SELECT body FROM messages WHERE chat = ? LIMIT 1", chat),
                    false);
            recorder.ran(SimpleStatement.newInstance(
                    "CREATE TABLE IF NOT EXISTS t" + chat + " (k int PRIMARY KEY) WITH gc_grace_seconds = 10"),
                    false);
        }
        assertEquals(List.of(), recorder.takeFindings());
    }

    @Test
    void aBatchIsLookedInto() {
        StatementRecorder recorder = new StatementRecorder();
        recorder.ran(BatchStatement.newInstance(DefaultBatchType.LOGGED,
                SimpleStatement.newInstance("DELETE FROM lists WHERE user = 'ana'"),
                SimpleStatement.newInstance("DELETE FROM lists WHERE user = 'bo'")), false);
        assertEquals(Kind.SPLICED_VALUES, recorder.takeFindings().get(0).kind());
    }

    @Test
    void preparingAgainCountsOnlyInAMeasuredCall() {
        StatementRecorder recorder = new StatementRecorder();
        recorder.ran(new DefaultPrepareRequest(NEWEST), false);
        recorder.ran(new DefaultPrepareRequest(NEWEST), false); // a second instance, set up on the same session
        assertEquals(List.of(), recorder.takeFindings());
        recorder.ran(new DefaultPrepareRequest(NEWEST), true);
        recorder.ran(new DefaultPrepareRequest(NEWEST), true);
        assertEquals(List.of(new Finding(Kind.PREPARED_AGAIN, NEWEST, null)), recorder.takeFindings());
    }
}
