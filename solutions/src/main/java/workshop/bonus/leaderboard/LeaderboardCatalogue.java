package workshop.bonus.leaderboard;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.TableShape;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;

/**
 * Reference design. board_by_game_day: one game's day per partition, best score first, so L1 is
 * the head of one partition; the day bounds it and starts a fresh board at midnight.
 * rounds_by_player_day: one player's day per partition, newest first: L2 reads today and steps
 * back a day while short (at most a week), L3 binds the whole key, L4 scans it once a month.
 * L5 belongs in a search index over the player registry.
 */
public class LeaderboardCatalogue implements Catalogue {

    /** L2 looks back at most this many days, one partition at a time. */
    static final int MOST_DAYS = 7;

    private CqlSession session;
    private PreparedStatement insertBoard;
    private PreparedStatement insertRound;
    private PreparedStatement best;
    private PreparedStatement newest;
    private PreparedStatement one;
    private PreparedStatement everyRound;

    @Override
    public String name() {
        return "leaderboards";
    }

    @Override
    public void setUp(CqlSession session) {
        this.session = session;
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS board_by_game_day (
                  game_id text, day date, points int, played_at timestamp, player_id text,
                  PRIMARY KEY ((game_id, day), points, played_at, player_id))
                WITH CLUSTERING ORDER BY (points DESC, played_at ASC, player_id ASC)"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS rounds_by_player_day (
                  player_id text, day date, played_at timestamp, game_id text, points int,
                  PRIMARY KEY ((player_id, day), played_at, game_id))
                WITH CLUSTERING ORDER BY (played_at DESC, game_id ASC)"""));
        insertBoard = session.prepare("INSERT INTO board_by_game_day (game_id, day, points, played_at, player_id) VALUES (?, ?, ?, ?, ?)");
        insertRound = session.prepare("INSERT INTO rounds_by_player_day (player_id, day, played_at, game_id, points) VALUES (?, ?, ?, ?, ?)");
        best = session.prepare("SELECT game_id, player_id, played_at, points FROM board_by_game_day WHERE game_id = ? AND day = ? LIMIT ?");
        newest = session.prepare("SELECT game_id, player_id, played_at, points FROM rounds_by_player_day WHERE player_id = ? AND day = ? LIMIT ?");
        one = session.prepare("SELECT game_id, player_id, played_at, points FROM rounds_by_player_day"
                + " WHERE player_id = ? AND day = ? AND played_at = ? AND game_id = ?");
        everyRound = session.prepare("SELECT game_id, player_id, played_at, points FROM rounds_by_player_day");
        List<Score> scores = Rounds.scores();
        BulkWriter.write(session, "rounds", scores.size() * 2L, i -> {
            Score s = scores.get((int) (i / 2));
            return i % 2 == 0 ? insertBoard.bind(s.gameId(), dayOf(s.playedAt()), s.points(), s.playedAt(), s.playerId())
                    : insertRound.bind(s.playerId(), dayOf(s.playedAt()), s.playedAt(), s.gameId(), s.points());
        });
    }

    @Override
    public List<AccessPattern> patterns() {
        LocalDate today = LocalDate.now(Rounds.CLOCK);
        Score linked = Rounds.scores().get(Rounds.scores().size() / 2);
        return List.of(
                LeaderboardQuestions.L1.pattern().plan(Plan.range("board_by_game_day"))
                        .servedBy("blitz, today", LeaderboardAnswers.dailyBoard("blitz"), () -> board("blitz", today, 10)),
                LeaderboardQuestions.L2.pattern()
                        .plan(Plan.range("rounds_by_player_day").walking(MOST_DAYS,
                                "a player with fewer than 20 rounds today steps back one day at a time, at most a week"))
                        .servedBy("keen player", LeaderboardAnswers.newestRounds(Rounds.KEEN_PLAYER),
                                () -> newestRounds(Rounds.KEEN_PLAYER, 20))
                        .servedBy("casual player", LeaderboardAnswers.newestRounds(Rounds.CASUAL_PLAYER),
                                () -> newestRounds(Rounds.CASUAL_PLAYER, 20)),
                LeaderboardQuestions.L3.pattern().plan(Plan.point("rounds_by_player_day"))
                        .servedBy("a notification's link", LeaderboardAnswers.round(linked.playerId(), linked.gameId(), linked.playedAt()),
                                () -> round(linked.playerId(), linked.gameId(), linked.playedAt())),
                LeaderboardQuestions.L4.pattern()
                        .plan(Plan.batchJob("rounds_by_player_day", "a monthly job scans every partition and keeps the rounds above 9,000"))
                        .servedBy("February", LeaderboardAnswers.above(YearMonth.of(2024, 2), 9_000),
                                () -> above(YearMonth.of(2024, 2), 9_000)),
                LeaderboardQuestions.L5.pattern()
                        .plan(Plan.searchIndex("players", "names are matched by their letters: a search index over the player registry")));
    }

    List<Score> board(String gameId, LocalDate day, int n) {
        return session.execute(best.bind(gameId, day, n)).all().stream().map(LeaderboardCatalogue::score).toList();
    }

    List<Score> newestRounds(String playerId, int n) {
        List<Score> found = new ArrayList<>();
        LocalDate day = LocalDate.now(Rounds.CLOCK);
        for (int back = 0; back < MOST_DAYS && found.size() < n; back++, day = day.minusDays(1)) {
            session.execute(newest.bind(playerId, day, n - found.size())).forEach(row -> found.add(score(row)));
        }
        return found;
    }

    Optional<Score> round(String playerId, String gameId, Instant playedAt) {
        return Optional.ofNullable(session.execute(one.bind(playerId, dayOf(playedAt), playedAt, gameId)).one())
                .map(LeaderboardCatalogue::score);
    }

    List<Score> above(YearMonth month, int points) {
        return session.execute(everyRound.bind()).all().stream().map(LeaderboardCatalogue::score)
                .filter(s -> YearMonth.from(dayOf(s.playedAt())).equals(month) && s.points() > points).toList();
    }

    /**
     * The tables as planned, before setUp builds them: the plan review draws their keys, and the
     * check fails a schema built otherwise (a clustering order reversed, a key column missing).
     */
    @Override
    public List<TableShape> plannedTables() {
        return List.of(
                TableShape.table("board_by_game_day").partitionKey("game_id text", "day date")
                        .clustering("points int", Mark.DESCENDING).clustering("played_at timestamp", Mark.ASCENDING)
                        .clustering("player_id text", Mark.ASCENDING),
                TableShape.table("rounds_by_player_day").partitionKey("player_id text", "day date")
                        .clustering("played_at timestamp", Mark.DESCENDING).clustering("game_id text", Mark.ASCENDING)
                        .columns("points int"));
    }

    private static LocalDate dayOf(Instant time) {
        return LocalDate.ofInstant(time, ZoneOffset.UTC);
    }

    private static Score score(Row row) {
        return new Score(row.getString("game_id"), row.getString("player_id"), row.getInstant("played_at"), row.getInt("points"));
    }
}
