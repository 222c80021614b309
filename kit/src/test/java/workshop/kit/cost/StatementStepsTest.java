package workshop.kit.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import workshop.kit.cost.StatementSteps.Step;

class StatementStepsTest {

    private static Step step(String query, Boolean applied) {
        return new Step(query, applied, QueryCost.NONE);
    }

    @Test
    void summariesNameTheVerbTheTableAndTheCondition() {
        assertEquals("SELECT channel_head", step("SELECT high_water_seq FROM channel_head WHERE channel_id = ?", null).summary());
        assertEquals("UPDATE channel_head IF high_water_seq = ?", step(
                "UPDATE channel_head SET high_water_seq = ?, current_bucket = ? WHERE channel_id = ? IF high_water_seq = ?", true)
                .summary());
        assertEquals("INSERT message_by_client_id IF NOT EXISTS", step(
                "INSERT INTO message_by_client_id (channel_id, seq) VALUES (?, ?) IF NOT EXISTS", false).summary());
        assertEquals("DELETE chat_lists", step("DELETE FROM chat_lists WHERE user_id = ?", null).summary());
    }

    @Test
    void aReadOfATableIsASelectFromIt() {
        assertTrue(step("SELECT high_water_seq FROM channel_head WHERE channel_id = ?", null).reads("channel_head"));
        assertFalse(step("UPDATE channel_head SET high_water_seq = ? WHERE channel_id = ? IF high_water_seq = ?", true)
                .reads("channel_head"));
        assertFalse(step("SELECT seq FROM channel_head_archive WHERE channel_id = ?", null).reads("channel_head"));
    }

    @Test
    void appliedIsShownOnlyForConditionalWrites() {
        assertEquals("yes", step("INSERT INTO t (k) VALUES (?) IF NOT EXISTS", true).appliedText());
        assertEquals("no", step("INSERT INTO t (k) VALUES (?) IF NOT EXISTS", false).appliedText());
        assertEquals("-", step("INSERT INTO t (k) VALUES (?)", null).appliedText());
    }
}
