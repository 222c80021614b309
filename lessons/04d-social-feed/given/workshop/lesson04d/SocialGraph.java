package workshop.lesson04d;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The brief's sizes and the data the design is checked on, the same on every run: who follows whom,
 * every post of the 10 days before a fixed clock, and when each user last opened the feed. Two
 * accounts with 1,500 followers stand in for the few with a million: big enough that a copy per
 * follower shows in what a post costs, small enough to load in a second. Given: you do not need to
 * change it.
 */
public final class SocialGraph {

    /** The application's "now": every post in the data happened before it. */
    public static final Instant NOW = Instant.parse("2025-06-02T18:00:00Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    /** The feed shows posts younger than this; the profile shows an account's posts of any age. */
    public static final Duration SHOWN = Duration.ofDays(3);
    /** Posts on the home feed and on a profile page. */
    public static final int PAGE = 20;
    /** The badge counts to this, then shows "99+": unread() returns {@link #BADGE_MOST} + 1 for it. */
    public static final int BADGE_MOST = 99;

    // The sizes of the real app, to reason with (the sample data is smaller).
    public static final int TYPICAL_FOLLOWERS = 200;
    public static final int LARGEST_FOLLOWERS = 1_000_000;
    public static final int MOST_FOLLOWED = 2_000;
    /**
     * The follower distribution, as the app's follow graph shows it: for each number of followers,
     * the most accounts above it that any one user follows (a user may follow 2,000 accounts of
     * over 200 followers, but no user follows more than 8 of over 500).
     */
    public static final SortedMap<Integer, Integer> MOST_FOLLOWED_OVER = Collections.unmodifiableSortedMap(new TreeMap<>(
            Map.of(200, MOST_FOLLOWED, 300, 40, 500, 8, 800, 5, 10_000, 3, 100_000, 2)));
    /** A post as stored, with its key and the store's overhead. */
    public static final int POST_BYTES = 400;
    /** An ordinary account's posts a day. */
    public static final int POSTS_PER_DAY = 5;

    // The sample data.
    /** Follows all 40 ordinary accounts and both large ones; last opened the feed 5 days ago. */
    public static final String ANA = "u-ana";
    /** Follows 5 ordinary accounts; opened the feed 20 hours ago. */
    public static final String BEN = "u-ben";
    /** Follows 2 ordinary accounts and one large one; opened the feed 2 hours ago. */
    public static final String CY = "u-cy";
    /** Follows nobody. */
    public static final String DAN = "u-dan";
    /** One of the 1,500 fans, who follow the two large accounts; fans 0 to 99 follow {@link #ORDINARY} too. */
    public static final String FAN = "f-0007";
    /** An ordinary account: 102 followers (Ana, Ben and 100 fans), 4 posts a day. */
    public static final String ORDINARY = "a-00";
    /** The two large accounts, 1,500 followers each, standing in for a million: 3 posts a day. */
    public static final String STAR = "c-star";
    public static final String NEWS = "c-news";

    private static final int DAYS = 10;
    private static final int AUTHORS = 40;
    private static final int FANS = 1_500;
    private static final int FANS_OF_ORDINARY = 100;

    private static final Map<String, Set<String>> FOLLOWS = buildFollows();
    private static final Map<String, Instant> LAST_OPENED = buildLastOpened();
    private static final List<Post> POSTS = generate();

    private SocialGraph() {}

    /** Every user and the accounts they follow. */
    public static Map<String, Set<String>> follows() {
        return FOLLOWS;
    }

    private static Map<String, Set<String>> buildFollows() {
        Map<String, Set<String>> follows = new TreeMap<>();
        follows.put(ANA, new TreeSet<>(authors()));
        follows.get(ANA).addAll(List.of(STAR, NEWS));
        follows.put(BEN, new TreeSet<>(authors().subList(0, 5)));
        follows.put(CY, new TreeSet<>(List.of("a-05", "a-06", STAR)));
        follows.put(DAN, new TreeSet<>());
        for (int fan = 0; fan < FANS; fan++) {
            Set<String> followed = new TreeSet<>(List.of(STAR, NEWS));
            if (fan < FANS_OF_ORDINARY) {
                followed.add(ORDINARY);
            }
            follows.put(String.format("f-%04d", fan), followed);
        }
        follows.replaceAll((user, followed) -> Set.copyOf(followed));
        return Map.copyOf(follows);
    }

    /**
     * The most accounts of more than this many followers that any one user follows, from the
     * distribution: the bound of the nearest size at or below it, {@link #MOST_FOLLOWED} below all.
     */
    public static int mostFollowedOver(int followers) {
        SortedMap<Integer, Integer> atOrBelow = MOST_FOLLOWED_OVER.headMap(followers + 1);
        return atOrBelow.isEmpty() ? MOST_FOLLOWED : atOrBelow.get(atOrBelow.lastKey());
    }

    /** The accounts that follow this one. */
    public static Set<String> followersOf(String account) {
        Set<String> followers = new TreeSet<>();
        FOLLOWS.forEach((user, followed) -> {
            if (followed.contains(account)) {
                followers.add(user);
            }
        });
        return followers;
    }

    /** When each user last opened the feed: the badge counts the feed's posts after it. */
    public static Map<String, Instant> lastOpened() {
        return LAST_OPENED;
    }

    private static Map<String, Instant> buildLastOpened() {
        Map<String, Instant> opened = new LinkedHashMap<>();
        FOLLOWS.keySet().forEach(user -> opened.put(user, NOW.minus(Duration.ofDays(1))));
        opened.put(ANA, NOW.minus(Duration.ofDays(5)));
        opened.put(BEN, NOW.minus(Duration.ofHours(20)));
        opened.put(CY, NOW.minus(Duration.ofHours(2)));
        return Map.copyOf(opened);
    }

    /** Every post in the data, oldest first: many older than {@link #SHOWN}. */
    public static List<Post> posts() {
        return POSTS;
    }

    private static List<String> authors() {
        return IntStream.range(0, AUTHORS).mapToObj(i -> String.format("a-%02d", i)).toList();
    }

    private static List<Post> generate() {
        Random random = new Random(2506);
        Set<String> ids = new HashSet<>();
        List<Post> posts = new ArrayList<>();
        Instant today = NOW.truncatedTo(ChronoUnit.DAYS);
        List<String> accounts = new ArrayList<>(authors());
        accounts.addAll(List.of(STAR, NEWS));
        for (String account : accounts) {
            int perDay = account.startsWith("c-") ? 3 : 4;
            for (int daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
                Instant dayStart = today.minus(Duration.ofDays(daysAgo));
                long span = Math.min(Duration.ofDays(1).toMillis(), Duration.between(dayStart, NOW).toMillis());
                for (int i = 0; i < perDay; i++) {
                    Instant at = dayStart.plusMillis((long) (random.nextDouble() * span));
                    String id;
                    do {
                        id = String.format("p-%08x", random.nextInt() & 0x7fff_ffff);
                    } while (!ids.add(id));
                    posts.add(new Post(account, at, id, account + " says hello #" + (posts.size() + 1)));
                }
            }
        }
        posts.sort(Post.NEWEST_FIRST.reversed());
        return List.copyOf(posts);
    }
}
