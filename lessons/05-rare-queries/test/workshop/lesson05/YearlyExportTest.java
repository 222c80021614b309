package workshop.lesson05;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.TokenRing;
import workshop.kit.cassandra.TokenSlice;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.MachineZone;

@ExtendWith(CassandraExtension.class)
class YearlyExportTest {

    private static final int MESSAGES = 1_500;
    private static final int CHATS = 60;
    private static final int USERS = 12;
    private static final Instant FIRST = Instant.parse("2023-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("2025-12-31T00:00:00Z");
    /** One sender busy enough that every worker of an export gathers thousands of messages at once. */
    private static final String BULK_SENDER = "bulk";
    private static final int BULK_MESSAGES = 12_000;
    /** The last and first hours of 2024 in UTC: a year counted in another zone moves them. */
    private static final int EDGE_MESSAGES = 48;

    private static final List<Message> SENT = new ArrayList<>();
    /** The token of every chat's partition, in ring order. */
    private static final TreeMap<Long, String> CHAT_TOKENS = new TreeMap<>();
    private static List<TokenSlice> ringSlices;
    private static int clusterNodes;
    private static TracingSession session;
    private static YearlyExport exporter;

    /** Loads once per class (the table and its rows are the test's); every test then calls export. */
    @BeforeEach
    void loadOnce(TracingSession traced, CqlSession plain) {
        if (exporter != null) {
            return;
        }
        plain.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS messages (
                  conversation_id text, message_id bigint, sender_id text, body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)"""));
        PreparedStatement insert = plain.prepare("INSERT INTO messages (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
        Random random = new Random(55);
        long span = LAST.toEpochMilli() - FIRST.toEpochMilli();
        SENT.clear();
        for (int i = 0; i < MESSAGES; i++) {
            long id = Snowflake.firstIdAt(FIRST.plusMillis(span * i / MESSAGES));
            SENT.add(new Message("chat-" + random.nextInt(CHATS), id, "user-" + random.nextInt(USERS), "message " + i));
        }
        addBulkSender();
        BulkWriter.write(plain, "loading " + SENT.size() + " messages", SENT.size(), i -> {
            Message m = SENT.get((int) i);
            return insert.bind(m.conversationId(), m.messageId(), m.senderId(), m.body());
        });
        TokenMap tokens = plain.getMetadata().getTokenMap().orElseThrow();
        CHAT_TOKENS.clear();
        SENT.stream().map(Message::conversationId).distinct().forEach(chat -> CHAT_TOKENS.put(
                Long.parseLong(tokens.format(tokens.newToken(TypeCodecs.TEXT.encode(chat, ProtocolVersion.DEFAULT)))), chat));
        ringSlices = TokenRing.of(plain, plain.getKeyspace().orElseThrow().asInternal()).slices(2);
        clusterNodes = plain.getMetadata().getNodes().size();
        session = traced;
        exporter = new YearlyExport(traced);
    }

    /** The bulk sender's 2024, and an hour apart across both ends of it (worker bits 1, so no id repeats). */
    private static void addBulkSender() {
        Instant from = Instant.parse("2024-01-01T00:00:00Z");
        long year = Instant.parse("2025-01-01T00:00:00Z").toEpochMilli() - from.toEpochMilli();
        for (int i = 0; i < BULK_MESSAGES; i++) {
            long id = Snowflake.firstIdAt(from.plusMillis(year * i / BULK_MESSAGES)) | 1L << 12;
            SENT.add(new Message("chat-" + i % CHATS, id, BULK_SENDER, "bulk " + i));
        }
        for (Instant edge : new Instant[] {from, from.plusMillis(year)}) {
            for (int h = -EDGE_MESSAGES / 2; h < EDGE_MESSAGES / 2; h++) {
                long id = Snowflake.firstIdAt(edge.plusSeconds(3_600L * h + 1_800)) | 1L << 12 | 1;
                SENT.add(new Message("chat-" + (h + EDGE_MESSAGES) % CHATS, id, BULK_SENDER, "edge " + edge + " " + h));
            }
        }
    }

    private static List<Message> expected(String sender, int year) {
        return SENT.stream()
                .filter(m -> m.senderId().equals(sender) && Snowflake.instant(m.messageId()).atOffset(ZoneOffset.UTC).getYear() == year)
                .sorted(Comparator.comparingLong(Message::messageId))
                .toList();
    }

    /** Slices whose ends are exactly the tokens of every `every`-th chat: the edge cases of (start, end]. */
    private static List<TokenSlice> slicesEndingOnPartitions(int every) {
        List<Long> ends = new ArrayList<>();
        int i = 0;
        for (long token : CHAT_TOKENS.keySet()) {
            if (++i % every == 0) {
                ends.add(token);
            }
        }
        List<TokenSlice> slices = new ArrayList<>();
        long start = Long.MIN_VALUE;
        for (long end : ends) {
            slices.add(new TokenSlice(start, end));
            start = end;
        }
        slices.add(new TokenSlice(start, Long.MAX_VALUE));
        return slices;
    }

    private static void checkExport(String sender, int year, List<TokenSlice> slices, int workers) {
        String call = String.format("export(%s, %d, %d slices, %d workers)", sender, year, slices.size(), workers);
        List<Message> expected = expected(sender, year);
        assertTrue(expected.size() > 10, "the test's own data: " + sender + " sent " + expected.size() + " in " + year);
        assertSameExport(call, expected, exporter.export(sender, year, slices, workers), slices);
    }

    /** Says which messages are missing, which came twice and where their partitions sit on the ring. */
    private static void assertSameExport(String call, List<Message> expected, List<Message> actual, List<TokenSlice> slices) {
        if (expected.equals(actual)) {
            return;
        }
        Map<Long, Long> returned = actual.stream().collect(Collectors.groupingBy(Message::messageId, Collectors.counting()));
        Set<Long> wanted = expected.stream().map(Message::messageId).collect(Collectors.toSet());
        Set<String> missingChats = expected.stream().filter(m -> !returned.containsKey(m.messageId()))
                .map(Message::conversationId).collect(Collectors.toCollection(TreeSet::new));
        long twice = returned.values().stream().filter(n -> n > 1).count();
        long extra = returned.keySet().stream().filter(id -> !wanted.contains(id)).count();
        if (missingChats.isEmpty() && twice == 0 && extra == 0) {
            fail(call + " returned the right messages in the wrong order: sort them by message id, oldest first.");
        }
        Set<Long> ends = slices.stream().map(TokenSlice::endInclusive).collect(Collectors.toSet());
        Function<String, String> where = chat -> CHAT_TOKENS.entrySet().stream().filter(e -> e.getValue().equals(chat))
                .map(e -> chat + (ends.contains(e.getKey()) ? " (its token ends a slice)" : "")).findFirst().orElse(chat);
        List<String> problems = new ArrayList<>();
        if (!missingChats.isEmpty()) {
            problems.add("missing: messages of " + missingChats.size() + " chat(s) "
                    + missingChats.stream().map(where).collect(Collectors.joining(", ", "[", "]")));
        }
        if (twice > 0) {
            problems.add("returned more than once: " + twice + " message(s)");
        }
        if (extra > 0) {
            problems.add("not of this sender and year: " + extra + " message(s)");
        }
        fail(String.format("""
                %s returned %d message(s); the sender's year holds %d.
                  %s
                  A slice (start, end] is read with token(conversation_id) > start AND token(conversation_id) <= end:
                  a partition whose token equals a slice's end belongs to that slice, not to the next one. Results
                  gathered by several threads need a thread-safe collection.""",
                call, actual.size(), expected.size(), String.join("\n  ", problems)));
    }

    @Test
    @DisplayName("the export holds every message the sender sent that year, oldest first (the ring's own slices, 4 workers)")
    void ringSlices() {
        checkExport("user-3", 2024, ringSlices, 4);
    }

    @Test
    @DisplayName("slices that end exactly on a partition's token: nothing missed, nothing twice")
    void slicesEndOnPartitions() {
        checkExport("user-3", 2024, slicesEndingOnPartitions(5), 3);
    }

    @Test
    @DisplayName("one slice and one worker, or many slices and eight workers: the same export")
    void anySplitAnyWorkers() {
        checkExport("user-5", 2024, List.of(TokenSlice.WHOLE_RING), 1);
        checkExport("user-5", 2024, slicesEndingOnPartitions(2), 8);
    }

    @Test
    @DisplayName("another sender, another year")
    void anotherSenderAndYear() {
        checkExport("user-7", 2023, slicesEndingOnPartitions(3), 4);
    }

    @RepeatedTest(3)
    @DisplayName("eight workers gathering 12,000 messages at the same moment lose none and fail none")
    void workersGatherAtTheSameMoment(CqlSession plain) {
        int workers = 8;
        List<TokenSlice> slices = TokenSlice.WHOLE_RING.split(workers);
        ReadsReleasedTogether reads = new ReadsReleasedTogether(plain, workers);
        YearlyExport together = new YearlyExport(reads.session());
        String call = "export(" + BULK_SENDER + ", 2024, " + workers + " slices, " + workers + " workers)";
        List<Message> exported;
        try {
            exported = together.export(BULK_SENDER, 2024, slices, workers);
        } catch (RuntimeException e) {
            throw new AssertionError(call + " failed with " + e + " while " + workers + " workers added their rows at the"
                    + " same moment. Results gathered by several threads need a thread-safe collection"
                    + " (ConcurrentLinkedQueue, or Collections.synchronizedList), sorted once all workers are done.", e);
        }
        assertSameExport(call, expected(BULK_SENDER, 2024), exported, slices);
    }

    @Test
    @DisplayName("the export reads as many slices side by side as it is given workers: 3, then 6")
    void asManyReadsAsWorkers(CqlSession plain) {
        for (int workers : new int[] {3, 6}) {
            // Held until `workers` of them are under way: a right export shows exactly that many.
            ReadsReleasedTogether reads = new ReadsReleasedTogether(plain, workers);
            List<TokenSlice> slices = TokenSlice.WHOLE_RING.split(2 * workers);
            String call = String.format("export(user-3, 2024, %d slices, %d workers)",
                    slices.size(), workers);
            YearlyExport export = new YearlyExport(reads.session());
            List<Message> exported = export.export("user-3", 2024, slices, workers);
            assertSameExport(call, expected("user-3", 2024), exported, slices);
            // One query for many slices runs nothing side by side: everyNodeOneQueryPerSlice.
            if (reads.queries() >= slices.size() && reads.mostAtOnce() != workers) {
                fail(String.format("""
                        %s ran %d slice queries at the same moment; it was given %d workers.
                          The caller sizes a batch job to what the cluster can spare beside live
                          traffic: more at once overloads the nodes, fewer is slower than asked. Run
                          the slices on exactly `workers` threads (TokenRangeScan.forEachSlice(slices,
                          workers, ...)), not on a parallel stream or a pool sized by the machine.""",
                        call, reads.mostAtOnce(), workers));
            }
        }
    }

    @Test
    @DisplayName("a year is a UTC year, whatever the zone of the machine running the export")
    void yearInUtc() {
        List<Message> exported = MachineZone.in(MachineZone.AHEAD_OF_UTC, () -> exporter.export(BULK_SENDER, 2024, ringSlices, 4));
        List<Message> expected = expected(BULK_SENDER, 2024);
        if (!new HashSet<>(exported).equals(new HashSet<>(expected))) {
            fail(String.format("""
                    On a machine in UTC+14, export(%s, 2024) returned %d message(s); the UTC year holds %d.
                      The year's bounds depend on the machine's zone: ZoneId.systemDefault() (or LocalDateTime.now(),
                      atStartOfDay() without a zone) moves them. A year of messages is a UTC year: use ZoneOffset.UTC.""",
                    BULK_SENDER, exported.size(), expected.size()));
        }
    }

    @Test
    @DisplayName("the export reads on every node, with one query per slice")
    void everyNodeOneQueryPerSlice() {
        Measured<List<Message>> result = session.measure(() -> exporter.export("user-3", 2024, ringSlices, 4));
        assertSameExport("export(user-3, 2024)", expected("user-3", 2024), result.value(), ringSlices);
        QueryCost cost = result.cost();
        CostExpectations.assertEveryNodeRead("export(user-3, 2024)", cost, clusterNodes);
        assertTrue(cost.requests() >= ringSlices.size(), String.format("""
                export(user-3, 2024) sent %d request(s) for %d slices. Read each slice with its own query on its
                token range: one query over the whole table cannot be shared among workers, nor resumed halfway.""",
                cost.requests(), ringSlices.size()));
        assertEquals(0, cost.partitionWrites(), "an export reads; it wrote " + cost.partitionWrites() + " partition(s)");
    }
}
