package workshop.kit.lessons;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one list of lessons. The jbang generate, the check command and the grading report all read
 * it (JbangCatalogTest fails when jbang-catalog.json drifts from it), so adding a lesson is one line here.
 */
public final class Lessons {

    public static final List<Lesson> ALL = List.of(
            Lesson.withoutExercise("ring", "00", "Start the cluster and see the ring", "lessons/00_ring.java"),
            Lesson.withExercise("naive-table", "01", "The naive table: a key that cannot answer the question",
                    "lessons/01_naive_table.java", "workshop.lesson01"),
            Lesson.withExercise("partition-by-conversation", "02", "Partition by conversation, time-ordered ids",
                    "lessons/02_partition_by_conversation.java", "workshop.lesson02"),
            Lesson.withExercise("time-buckets", "03", "Time buckets: a cap on partition size",
                    "lessons/03_time_buckets.java", "workshop.lesson03"),
            Lesson.withoutExercise("loader", "03a", "Appendix: a plain loop of writes against writes in flight",
                    "lessons/03a_loader.java"),
            Lesson.withExercise("chat-lists", "04", "A second table for chat lists, written on every message",
                    "lessons/04_chat_lists.java", "workshop.lesson04"),
            Lesson.withoutExercise("write-strategies", "04a", "Appendix: three ways to apply a message's writes, timed",
                    "lessons/04a_write_strategies.java"),
            Lesson.withExercise("rare-queries", "05", "Rare queries: a lookup table and a token-range scan",
                    "lessons/05_rare_queries.java", "workshop.lesson05"),
            Lesson.withExercise("dynamodb-keys", "06", "Keys in DynamoDB: one partition per question",
                    "lessons/06_dynamodb_keys.java", "workshop.lesson06"),
            Lesson.withoutExercise("dynamodb-limits", "06a", "Appendix: DynamoDB's limits: item size, a hot key, 100 actions",
                    "lessons/06a_dynamodb_limits.java"),
            Lesson.withoutExercise("dynamodb-index", "06b", "Appendix: an index with another key, a global secondary index",
                    "lessons/06b_dynamodb_index.java"),
            Lesson.withExercise("reservations", "07", "Reservations without double booking",
                    "lessons/07_reservations.java", "workshop.lesson07"),
            Lesson.withoutExercise("booking-under-load", "07a", "Appendix: peak rates, the booking under load and at its edges",
                    "lessons/07a_booking_under_load.java"),
            Lesson.withoutExercise("booking-in-dynamodb", "07b", "Appendix: the same booking in DynamoDB, a conditional write",
                    "lessons/07b_booking_in_dynamodb.java"),
            Lesson.withoutExercise("copy-on-purpose", "07c", "Appendix: a copy on purpose: a restaurant's name, renamed",
                    "lessons/07c_copy_on_purpose.java"),
            Lesson.withExercise("cursor-pagination", "08", "Cursor pagination: OFFSET against keyset, the message table",
                    "lessons/08_cursor_pagination.java", "workshop.lesson08"),
            Lesson.withoutExercise("dynamodb-pages", "08a", "Appendix: the same keyset pages in DynamoDB, LastEvaluatedKey",
                    "lessons/08a_dynamodb_pages.java"),
            Lesson.withoutExercise("index-order", "08b", "Appendix: the index and ORDER BY that let H2 stop after a page",
                    "lessons/08b_index_order.java"),
            Lesson.withoutExercise("send-path", "08c", "Appendix: the send path: seq by compare-and-set, a retried send",
                    "lessons/08c_send_path.java"),
            Lesson.withExercise("access-pattern-catalogue", "09", "The access-pattern catalogue as code, checked against the store",
                    "lessons/09_access_pattern_catalogue.java", "workshop.lesson09"),
            Lesson.withoutExercise("replication-and-consistency", "10", "Replication and consistency levels at RF 3",
                    "lessons/10_replication.java"));

    private Lessons() {}

    /** Finds a lesson by number ("01", "1") or id ("naive-table"). */
    public static Optional<Lesson> find(String key) {
        String normalized = key.matches("\\d") ? "0" + key : key;
        return ALL.stream().filter(l -> l.number().equals(normalized) || l.id().equals(key)).findFirst();
    }

    public static Lesson require(String key) {
        return find(key).orElseThrow(() -> new IllegalArgumentException("No lesson '" + key + "'. Lessons: "
                + ALL.stream().map(l -> l.number() + " (" + l.id() + ")").collect(Collectors.joining(", "))));
    }

    /** The lesson whose exercise lives in the package of this test class, if any. */
    public static Optional<Lesson> ofTestClass(String className) {
        return ALL.stream().filter(l -> l.exercisePackage().map(p -> className.startsWith(p + ".")).orElse(false))
                .findFirst();
    }
}
