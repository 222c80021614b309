package workshop.bonus.leaderboard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The data the leaderboard catalogue is checked on, the same on every run: 300 players, three
 * games, rounds from the start of 29 February 2024 to NOW. Given: you do not need to change it.
 */
public final class Rounds {

    /** The application's "now": "today" is 1 March 2024 (UTC). */
    public static final Instant NOW = Instant.parse("2024-03-01T21:00:00Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    public static final Instant FIRST = Instant.parse("2024-02-29T00:00:00Z");
    public static final List<String> GAMES = List.of("blitz", "word-race", "tetra");
    public static final int PLAYERS = 300;
    /** Plays every game every hour or so: more than 20 rounds today. */
    public static final String KEEN_PLAYER = "player-007";
    /** Plays a few rounds a day: today alone holds fewer than 20. */
    public static final String CASUAL_PLAYER = "player-250";

    private static final List<Score> SCORES = generate();

    private Rounds() {}

    /** Every round, oldest first. */
    public static List<Score> scores() {
        return SCORES;
    }

    private static List<Score> generate() {
        Random random = new Random(2024);
        long seconds = Duration.between(FIRST, NOW).toSeconds();
        List<Score> scores = new ArrayList<>();
        for (int p = 1; p <= PLAYERS; p++) {
            String player = String.format("player-%03d", p);
            int rounds = p <= 10 ? 60 : 3 + random.nextInt(6);
            for (int r = 0; r < rounds; r++) {
                String game = GAMES.get(random.nextInt(GAMES.size()));
                Instant at = FIRST.plusSeconds(p <= 10 ? r * seconds / rounds + p : random.nextLong(seconds));
                scores.add(new Score(game, player, at, 100 + random.nextInt(9_900)));
            }
        }
        scores.sort(Comparator.comparing(Score::playedAt).thenComparing(Score::playerId));
        return List.copyOf(scores);
    }
}
