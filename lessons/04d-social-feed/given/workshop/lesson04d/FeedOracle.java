package workshop.lesson04d;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.OracleSample;

/**
 * The right answer to every sample of the brief, computed from the sample data in
 * {@link SocialGraph} alone, never from your tables. Serve each question on its samples with
 * {@code pattern().plan(...).servedOn(samples, yourCode)}: the checker fails a run that returns
 * anything else. Given: you do not need to change it.
 */
public final class FeedOracle {

    // Built once: the test holds each pattern to these very answers.
    private static final List<OracleSample<String>> FEEDS = List.of(
            feed("a user following 42 accounts, 2 of them large", SocialGraph.ANA),
            feed("a user following 5 ordinary accounts", SocialGraph.BEN),
            feed("a user following a large account and 2 others", SocialGraph.CY),
            feed("a user following nobody", SocialGraph.DAN),
            feed("a fan of the two large accounts and an ordinary one", SocialGraph.FAN));
    private static final List<OracleSample<String>> BADGES = List.of(
            badge("a user away for 5 days: 99+", SocialGraph.ANA),
            badge("a user back after 20 hours", SocialGraph.BEN),
            badge("a user back after 2 hours, with a large account", SocialGraph.CY),
            badge("a user following nobody", SocialGraph.DAN),
            badge("a fan back after a day", SocialGraph.FAN));
    private static final List<OracleSample<String>> PROFILES = List.of(
            profile("an ordinary account", SocialGraph.ORDINARY),
            profile("a large account", SocialGraph.STAR),
            profile("an account that never posted", SocialGraph.DAN));

    private FeedOracle() {}

    /** F1: a user's home feed. */
    public static List<OracleSample<String>> feeds() {
        return FEEDS;
    }

    /** F2: a user's unread badge. */
    public static List<OracleSample<String>> badges() {
        return BADGES;
    }

    /** F3: an account's profile page. */
    public static List<OracleSample<String>> profiles() {
        return PROFILES;
    }

    /** Every post the user's feed shows at the clock's now, newest first. */
    public static List<Post> shown(String user) {
        Set<String> followed = SocialGraph.follows().getOrDefault(user, Set.of());
        Instant after = shownAfter();
        return SocialGraph.posts().stream().filter(p -> followed.contains(p.accountId()) && p.at().isAfter(after))
                .sorted(Post.NEWEST_FIRST).toList();
    }

    /** The badge: the feed's posts after the user last opened it, at most {@link SocialGraph#BADGE_MOST} + 1 ("99+"). */
    public static int unread(String user) {
        Instant opened = SocialGraph.lastOpened().get(user);
        long count = shown(user).stream().filter(p -> p.at().isAfter(opened)).count();
        return (int) Math.min(count, SocialGraph.BADGE_MOST + 1);
    }

    /** The oldest instant a post may have and still be in the feed: it shows only posts after it. */
    public static Instant shownAfter() {
        return SocialGraph.NOW.minus(SocialGraph.SHOWN);
    }

    private static OracleSample<String> feed(String label, String user) {
        return new OracleSample<>(label, user, Answer.inOrder(shown(user).stream().limit(SocialGraph.PAGE).toList()));
    }

    private static OracleSample<String> badge(String label, String user) {
        return new OracleSample<>(label, user, Answer.of(unread(user)));
    }

    private static OracleSample<String> profile(String label, String account) {
        return new OracleSample<>(label, account, Answer.inOrder(SocialGraph.posts().stream()
                .filter(p -> p.accountId().equals(account)).sorted(Post.NEWEST_FIRST).limit(SocialGraph.PAGE).toList()));
    }
}
