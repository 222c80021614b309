package workshop.bonus.leaderboard;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;

/**
 * A second design, for when lesson 09 passes: leaderboards from the brief in
 * {@link LeaderboardQuestions} and the rounds in {@link Rounds}. Design the tables, write the code
 * that answers each question, and declare one pattern per question with its plan and samples
 * (busy questions: use Rounds.KEEN_PLAYER and Rounds.CASUAL_PLAYER). Give every sample the right
 * answer for its arguments from {@link LeaderboardAnswers}: the checker fails a wrong answer as it
 * fails a read that costs more than its plan. Only the checker grades it:
 * ./jbang catalogue exercises/src/main/java/workshop/bonus exercises/src/given/java/workshop/bonus
 * Plan first: with --plan it reviews the patterns before any table exists. Declare your tables in
 * plannedTables() too (TableShape.table(...)) and the review draws their keys; the check then fails
 * a schema built otherwise. Both draw your design in .workshop/diagrams/.
 */
public class LeaderboardCatalogue implements Catalogue {

    @Override
    public String name() {
        return "leaderboards";
    }

    @Override
    public void setUp(CqlSession session) {
        // TODO: create your tables and load Rounds.scores()
        throw new UnsupportedOperationException("TODO: create the tables and load the rounds");
    }

    @Override
    public List<AccessPattern> patterns() {
        // TODO: L1 to L5, each LeaderboardQuestions.Ln.pattern().plan(...).servedBy(label, LeaderboardAnswers..., code)
        throw new UnsupportedOperationException("TODO: declare the catalogue");
    }
}
