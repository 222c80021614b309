package workshop.kit.lessons;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.lessons.Lesson.Level;

/**
 * The one list of lessons. The jbang generate, the check command and the grading report all read
 * it (JbangCatalogTest fails when jbang-catalog.json drifts from it), so adding a lesson is one line here.
 */
public final class Lessons {

    public static final List<Lesson> ALL = List.of(
            Lesson.withoutExercise("ring", "00", "Start the cluster and see the ring",
                    "00_ring.java").taking(19, Level.BEGINNER),
            Lesson.withExercise("naive-table", "01", "The naive table: a key that cannot answer the question",
                    "01_naive_table.java", "workshop.lesson01").taking(37, Level.BEGINNER),
            Lesson.withExercise("partition-by-conversation", "02", "Partition by conversation, time-ordered ids",
                    "02_partition_by_conversation.java", "workshop.lesson02").taking(36, Level.BEGINNER),
            Lesson.withExercise("time-buckets", "03", "Time buckets: a cap on partition size",
                    "03_time_buckets.java", "workshop.lesson03").taking(41, Level.INTERMEDIATE),
            Lesson.withoutExercise("loader", "03a", "Appendix: a plain loop of writes against writes in flight",
                    "03a_loader.java").taking(8, Level.INTERMEDIATE),
            Lesson.withExercise("chat-lists", "04", "A second table for chat lists, written on every message",
                    "04_chat_lists.java", "workshop.lesson04").taking(40, Level.INTERMEDIATE),
            Lesson.withoutExercise("write-strategies", "04a", "Appendix: three ways to apply a message's writes, timed",
                    "04a_write_strategies.java").taking(8, Level.INTERMEDIATE),
            // An appendix with an exercise: no deck or quiz of its own (lesson 04's have its section).
            new Lesson("tombstones", "04b", "Appendix: tombstones of a moved chat and of a queue, measured",
                    "04b_tombstones.java", Optional.of("workshop.lesson04b"), true, 0, Level.BEGINNER,
                    Optional.empty()).taking(25, Level.INTERMEDIATE),
            Lesson.withExercise("physical-toolkit", "04c", "Physical toolkit: static columns, collections, counters, views",
                    "04c_physical_toolkit.java", "workshop.lesson04c").taking(30, Level.INTERMEDIATE),
            Lesson.withExercise("social-feed", "04d", "Design task: a social feed, fan-out on write or on read",
                    "04d_design_social_feed.java", "workshop.lesson04d").briefedBy("FeedQuestions")
                    .taking(45, Level.INTERMEDIATE),
            Lesson.withExercise("rare-queries", "05", "Rare queries: a lookup table and a token-range scan",
                    "05_rare_queries.java", "workshop.lesson05").taking(37, Level.INTERMEDIATE),
            Lesson.withExercise("dynamodb-keys", "06", "Keys in DynamoDB: one partition per question",
                    "06_dynamodb_keys.java", "workshop.lesson06").taking(39, Level.INTERMEDIATE),
            Lesson.withoutExercise("dynamodb-limits", "06a", "Appendix: DynamoDB's limits: item size, a hot key, 100 actions",
                    "06a_dynamodb_limits.java").taking(12, Level.INTERMEDIATE),
            Lesson.withoutExercise("dynamodb-index", "06b", "Appendix: an index with another key, a global secondary index",
                    "06b_dynamodb_index.java").taking(10, Level.INTERMEDIATE),
            Lesson.following("single-table-design", "06c", "Single-table design in DynamoDB: item collections and indexes",
                    "06c_single_table.java").taking(30, Level.INTERMEDIATE),
            Lesson.withExercise("order-system", "06d", "Design task: an order system in one DynamoDB table",
                    "06d_design_order_system.java", "workshop.lesson06d").briefedBy("OrderQuestions")
                    .taking(40, Level.INTERMEDIATE),
            Lesson.withExercise("dynamodb-correctness", "06e", "DynamoDB correctness: versions, unique values, counts, an index",
                    "06e_dynamodb_correctness.java", "workshop.lesson06e").taking(40, Level.INTERMEDIATE),
            Lesson.withExercise("reservations", "07", "Reservations without double booking",
                    "07_reservations.java", "workshop.lesson07").taking(55, Level.ADVANCED),
            Lesson.withoutExercise("booking-under-load", "07a", "Appendix: peak rates, the booking under load and at its edges",
                    "07a_booking_under_load.java").taking(12, Level.ADVANCED),
            Lesson.withoutExercise("booking-in-dynamodb", "07b", "Appendix: the same booking in DynamoDB, a conditional write",
                    "07b_booking_in_dynamodb.java").taking(8, Level.ADVANCED),
            Lesson.withoutExercise("copy-on-purpose", "07c", "Appendix: a copy on purpose: a restaurant's name, renamed",
                    "07c_copy_on_purpose.java").taking(10, Level.ADVANCED),
            Lesson.withExercise("ticket-booking", "07d", "Design task: ticket booking, no seat ever sold twice",
                    "07d_design_ticket_booking.java", "workshop.lesson07d").briefedBy("TicketQuestions")
                    .taking(45, Level.ADVANCED),
            Lesson.withExercise("cursor-pagination", "08", "Cursor pagination: OFFSET against keyset, the message table",
                    "08_cursor_pagination.java", "workshop.lesson08").taking(44, Level.ADVANCED),
            Lesson.withoutExercise("dynamodb-pages", "08a", "Appendix: the same keyset pages in DynamoDB, LastEvaluatedKey",
                    "08a_dynamodb_pages.java").taking(10, Level.ADVANCED),
            Lesson.withoutExercise("index-order", "08b", "Appendix: the index and ORDER BY that let H2 stop after a page",
                    "08b_index_order.java").taking(8, Level.ADVANCED),
            Lesson.withoutExercise("send-path", "08c", "Appendix: the send path: seq by compare-and-set, a retried send",
                    "08c_send_path.java").taking(10, Level.ADVANCED),
            Lesson.withExercise("terminal-event-log", "08d", "Design task: a terminal event log, cursor pages over day buckets",
                    "08d_design_terminal_event_log.java", "workshop.lesson08d").briefedBy("EventQuestions")
                    .taking(45, Level.ADVANCED),
            Lesson.withExercise("access-pattern-catalogue", "09", "The access-pattern catalogue as code, checked against the store",
                    "09_access_pattern_catalogue.java", "workshop.lesson09").briefedBy("SensorQuestions")
                    .taking(55, Level.ADVANCED),
            Lesson.withExercise("conceptual-to-physical", "09a", "Conceptual to logical to physical: Chebotko's mapping rules",
                    "09a_conceptual_to_physical.java", "workshop.lesson09a").taking(40, Level.ADVANCED),
            Lesson.withExercise("replication-and-consistency", "10", "Replication and consistency levels at RF 3",
                    "10_replication.java", "workshop.lesson10").taking(38, Level.ADVANCED));

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
