///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES given/workshop/lesson04d/*.java
//MAIN design_social_feed
//DESCRIPTION Design task after lesson 04: a social feed, fan-out on write or on read

import java.util.Set;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson04d.FeedBudget;
import workshop.lesson04d.FeedOracle;
import workshop.lesson04d.FeedQuestions;
import workshop.lesson04d.Post;
import workshop.lesson04d.SocialGraph;

/** The brief of Design a Social Feed, from its given code: questions, rules, sizes, data. */
class design_social_feed {

    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(design_social_feed::run);
    }

    static void run() {
        Story.title("04d", "design task: a social feed");
        Story.say("""
                Lesson 04 copied every message into each member's chat list, a write per member.
                Here you design a home feed from its brief alone: a social app whose users follow
                accounts, read the newest posts of all of them, and see a badge of how many arrived
                since they last looked. Most accounts have a few hundred followers; a few have a
                million. Nothing below names a table, a key or a copy; choosing them is the task.""");
        Story.section("The questions, at peak");
        // tag::brief[]
        TextTable questions = TextTable.of("", "question", "rate", "p99");
        for (FeedQuestions question : FeedQuestions.values()) {
            questions.row(question.name(), question.brief().question(), question.brief().rate(),
                    question.brief().target());
        }
        questions.print();
        // end::brief[]
        Story.section("The rules");
        FeedQuestions.RULES.forEach(rule -> Story.say("- " + rule));
        Story.section("The sizes");
        Story.say("""
                Most accounts have about %,d followers; a few have up to %,d. A user follows up to
                %,d accounts. An account posts %d times a day, %d bytes a post as stored. At peak
                the cluster gives F1 and F2 together %,d partition reads a second, and posts
                %,d partition writes a second, each with its p99 met. The follower distribution:
                the most accounts over each size that any one user follows.""",
                SocialGraph.TYPICAL_FOLLOWERS, SocialGraph.LARGEST_FOLLOWERS, SocialGraph.MOST_FOLLOWED,
                SocialGraph.POSTS_PER_DAY, SocialGraph.POST_BYTES, FeedBudget.FEED_READS_PER_SECOND,
                FeedBudget.POST_WRITES_PER_SECOND);
        TextTable distribution = TextTable.of("followers", "most followed by one user");
        SocialGraph.MOST_FOLLOWED_OVER.forEach((followers, most) -> distribution.row(String.format("over %,d", followers), most));
        distribution.print();
        Story.say("""
                How many partitions may one feed read, and one post write? What does a post cost
                in writes if each follower gets a copy, and a feed in reads if it gets none? Where
                is the line between them? How many bytes does a user's feed gather in a day, in
                %d days, kept forever?""", SocialGraph.SHOWN.toDays());
        Story.section("The sample data (SocialGraph), at a fixed clock");
        TextTable users = TextTable.of("user", "follows", "in the feed", "unread", "the case");
        for (String user : new String[] {SocialGraph.ANA, SocialGraph.BEN, SocialGraph.CY, SocialGraph.DAN,
                SocialGraph.FAN}) {
            users.row(user, SocialGraph.follows().get(user).size(), FeedOracle.shown(user).size(),
                    badge(FeedOracle.unread(user)), theCase(user));
        }
        users.print();
        TextTable accounts = TextTable.of("account", "followers", "posts", "the case");
        for (String account : new String[] {SocialGraph.ORDINARY, SocialGraph.STAR, SocialGraph.NEWS}) {
            accounts.row(account, SocialGraph.followersOf(account).size(), posts(account),
                    account.equals(SocialGraph.ORDINARY) ? "ordinary" : "large, for a million");
        }
        accounts.print();
        Story.say("""
                %,d posts of %d accounts over 10 days up to %s, and %,d users. FeedOracle computes
                the right answer to every sample from this data; the checker compares what your
                code returns with it, and counts on the store the writes each post makes.""",
                SocialGraph.posts().size(), SocialGraph.posts().stream().map(Post::accountId)
                        .distinct().count(), SocialGraph.NOW, SocialGraph.follows().size());
        Story.section("The task");
        Story.say("""
                Write your design in lessons/04d-social-feed/src/workshop/lesson04d/SocialFeed.java:
                the tables, the code of each question, and the catalogue with a plan per question.
                The check runs the catalogue on the data, posts as an ordinary and as a large
                account and counts the partitions each post wrote, opens a feed, and weighs the
                partitions of the tables the feed reads.""");
        Set<String> followed = SocialGraph.follows().get(SocialGraph.ANA);
        RECAP.line("%d questions, the busiest %s; a post at %s", FeedQuestions.values().length,
                        FeedQuestions.F2.brief().rate(), FeedQuestions.F4.brief().rate())
                .line("followers: about %,d for most accounts, up to %,d for a few",
                        SocialGraph.TYPICAL_FOLLOWERS, SocialGraph.LARGEST_FOLLOWERS)
                .line("the sample data: %,d posts, %s follows %d accounts, %d posts in the feed",
                        SocialGraph.posts().size(), SocialGraph.ANA, followed.size(),
                        FeedOracle.shown(SocialGraph.ANA).size());
        RECAP.print("./jbang check 04d   (lessons/04d-social-feed/src);"
                + " stuck? ./jbang hint 04d");
    }

    static long posts(String account) {
        return SocialGraph.posts().stream().filter(p -> p.accountId().equals(account)).count();
    }

    static String badge(int unread) {
        return unread > SocialGraph.BADGE_MOST ? SocialGraph.BADGE_MOST + "+" : Integer.toString(unread);
    }

    static String theCase(String user) {
        return switch (user) {
            case SocialGraph.ANA -> "follows 40 ordinary and 2 large, away 5 days";
            case SocialGraph.BEN -> "5 ordinary accounts";
            case SocialGraph.CY -> "2 ordinary and a large one";
            case SocialGraph.DAN -> "follows nobody";
            default -> "one of 1,500 fans of the large accounts";
        };
    }
}
