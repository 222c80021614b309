package workshop.lesson04d;

import java.time.Instant;
import java.util.Comparator;

/** One post: who posted it, when (to the millisecond), its id, unique across accounts, and its text. */
public record Post(String accountId, Instant at, String postId, String text) {

    /** The order every screen shows: newest first; of posts in the same millisecond, the greater id first. */
    public static final Comparator<Post> NEWEST_FIRST = Comparator.comparing(Post::at)
            .thenComparing(Post::postId).reversed();
}
