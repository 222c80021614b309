package workshop.bonus.leaderboard;

import java.time.Instant;

/** One finished round: who played which game, when, and the points scored. */
public record Score(String gameId, String playerId, Instant playedAt, int points) {}
