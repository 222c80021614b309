///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN rare_queries
//DESCRIPTION Lesson 05: rare queries reuse a key, take a small lookup table, or run as a token-range scan

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.Backfill;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cassandra.TokenRangeScan;
import workshop.kit.cassandra.TokenRing;
import workshop.kit.cassandra.TokenSlice;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class rare_queries {

    static final String KS = "lesson05";
    static final int MESSAGES = 6_000;
    static final int CHATS = 300;
    static final int USERS = 40;
    static final String ANA = "ana";
    static final int EXPORT_YEAR = 2024;
    /** The history runs from FIRST to NOW, so the export year lies inside it. */
    static final Instant FIRST = Instant.parse("2023-01-01T00:00:00Z");
    static final Instant NOW = Instant.parse("2025-07-01T00:00:00Z");
    static final int WORKERS = 4;

    record Message(String conversationId, long messageId, String senderId, String body) {}

    public static void main(String... args) {
        Failures.guard(rare_queries::run);
    }

    static void run() {
        Story.title("05", "rare queries");
        Story.say("""
                Q1 and Q2 are asked thousands of times a second and each got a table shaped for it. Q3 (open
                one message from a link) is rare, and Q4 (everything a user sent in a year, for an export)
                runs about once a month. Rare questions do not get to shape the busy tables: they reuse a
                key that exists, take a small table of their own, or run as a batch job.""");

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE messages (
                      conversation_id text, message_id bigint, sender_id text, body text,
                      PRIMARY KEY ((conversation_id), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            session.execute(schema("CREATE TABLE message_locations (message_id bigint PRIMARY KEY, conversation_id text)"));
            // Used from the Q4 section on; created with the others, since schema changes are slow on a busy cluster.
            session.execute(schema("""
                    CREATE TABLE messages_by_sender (
                      sender_id text, year int, message_id bigint, conversation_id text, body text,
                      PRIMARY KEY ((sender_id, year), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            PreparedStatement insertMessage = session.prepare(
                    "INSERT INTO messages (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
            PreparedStatement insertLocation = session.prepare(
                    "INSERT INTO message_locations (message_id, conversation_id) VALUES (?, ?)");
            PreparedStatement insertBySender = session.prepare("""
                    INSERT INTO messages_by_sender (sender_id, year, message_id, conversation_id, body)
                    VALUES (?, ?, ?, ?, ?)""");
            List<Message> history = history();
            BulkWriter.Load load = BulkWriter.writeByPartition(session, "loading " + MESSAGES + " messages and their locations",
                    2L * MESSAGES, i -> {
                        Message m = history.get((int) (i / 2));
                        return i % 2 == 0 ? insertMessage.bind(m.conversationId(), m.messageId(), m.senderId(), m.body())
                                : insertLocation.bind(m.messageId(), m.conversationId());
                    });
            Story.say("""
                    A small history, so that a scan of it takes moments here: %,d messages in %d chats from %d
                    users, %s to %s (%,d rows loaded at %,.0f rows a second). A real one holds billions of
                    rows; the shape of every cost below stays the same, only the scan grows with the table.""",
                    MESSAGES, CHATS, USERS, FIRST, NOW, load.statements(), load.perSecond());
            CostProbe probe = new CostProbe(session);
            TracingSession traced = new TracingSession(session);

            Story.section("Q3: open one message from a link");
            Message linked = history.get(MESSAGES / 3);
            QueryCost bothIds = probe.read(session.prepare(
                    "SELECT body FROM messages WHERE conversation_id = ? AND message_id = ?")
                    .bind(linked.conversationId(), linked.messageId())).cost();
            // tag::allow-filtering[]
            QueryCost scan = probe.read(SimpleStatement.newInstance(
                    "SELECT body FROM messages WHERE message_id = ? ALLOW FILTERING", linked.messageId())).cost();
            // end::allow-filtering[]
            // tag::lookup[]
            PreparedStatement locate = session.prepare("SELECT conversation_id FROM message_locations WHERE message_id = ?");
            PreparedStatement open = session.prepare("SELECT body FROM messages WHERE conversation_id = ? AND message_id = ?");
            QueryCost lookedUp = traced.measure(() -> {
                String chat = traced.execute(locate.bind(linked.messageId())).one().getString("conversation_id");
                traced.execute(open.bind(chat, linked.messageId())).one();
            });
            // end::lookup[]
            TextTable.of("the link carries", "how", "requests", "nodes", "partitions read", "rows read")
                    .row("both ids", "read the row", bothIds.requests(), bothIds.nodesAsked(),
                            bothIds.partitionsDescription(), bothIds.rowsRead())
                    .row("message id only", "ALLOW FILTERING", scan.requests(), scan.nodesAsked(),
                            scan.partitionsDescription(), scan.rowsRead())
                    .row("message id only", "lookup, then the row", lookedUp.requests(), lookedUp.nodesAsked(),
                            lookedUp.partitionsDescription(), lookedUp.rowsRead())
                    .print();
            Message next = new Message(linked.conversationId(), Snowflake.firstIdAt(NOW), ANA, "one more");
            QueryCost messageOnly = probe.write(insertMessage.bind(next.conversationId(), next.messageId(), next.senderId(), next.body()));
            QueryCost withLocation = messageOnly.plus(probe.write(insertLocation.bind(next.messageId(), next.conversationId())));
            Story.say("""
                    When links carry both ids, Q3 is a one-row read of the messages table: nothing to build.
                    When old links carry only the message id, the store cannot tell where the message lives
                    and asks every token range on every node (the trace counts rows after the filter, so
                    "rows read" shows only the match; the price is the scan). A small table from message_id to
                    conversation_id turns that into two one-partition reads. Its price: every message writes
                    %d partitions instead of %d, and the lookup rows take space (an id and a chat id each).""",
                    withLocation.partitionWrites(), messageOnly.partitionWrites());

            Story.section("Q4: everything one user sent in " + EXPORT_YEAR + ", as a token-range scan");
            TokenRing ring = TokenRing.of(session, Keyspaces.name(KS));
            List<TokenSlice> slices = ring.slices(2);
            Map<String, Long> slicesPerNode = slices.stream()
                    .collect(Collectors.groupingBy(s -> cassandra.nameOf(ring.owner(s)), TreeMap::new, Collectors.counting()));
            Story.say("""
                    No key names "the user's messages of a year", and a table for a monthly question would add a
                    write to every message, all month. Instead a batch job reads the whole messages table
                    once, slice by slice of the token ring: the nodes' ranges cut into %d slices (%s), each
                    read with WHERE token(conversation_id) > ? AND token(conversation_id) <= ?, %d slices at a
                    time. A slice is open at its start and closed at its end, so the slices together hold every
                    partition exactly once.""",
                    slices.size(), slicesPerNode.entrySet().stream().map(e -> e.getValue() + " on " + e.getKey())
                            .collect(Collectors.joining(", ")), WORKERS);
            // tag::slice-query[]
            PreparedStatement bySlice = session.prepare("""
                    SELECT conversation_id, message_id, sender_id, body FROM messages
                    WHERE token(conversation_id) > ? AND token(conversation_id) <= ?""");
            // end::slice-query[]
            Collection<Row> exported = new ConcurrentLinkedQueue<>();
            Set<String> chatsSeen = ConcurrentHashMap.newKeySet();
            Measured<Duration> export = traced.measure(() -> TokenRangeScan.forEachSlice(slices, WORKERS,
                    "exporting " + ANA + "'s " + EXPORT_YEAR, slice -> {
                        for (Row row : traced.execute(bySlice.bind(slice.startExclusive(), slice.endInclusive()))) {
                            chatsSeen.add(row.getString("conversation_id"));
                            if (row.getString("sender_id").equals(ANA) && inExportYear(row.getLong("message_id"))) {
                                exported.add(row);
                            }
                        }
                    }));
            QueryCost scanned = export.cost();
            long expected = history.stream().filter(m -> m.senderId().equals(ANA) && inExportYear(m.messageId())).count();
            TextTable.of("the export scan", "measured")
                    .row("nodes read", String.join(", ", scanned.nodesRead()))
                    .row("token ranges scanned", scanned.rangeScans())
                    .row("requests", scanned.requests())
                    .row("chats seen", chatsSeen.size())
                    .row("rows read", scanned.rowsRead())
                    .row("rows sent to the job", scanned.rowsReturned())
                    .row("rows exported", exported.size())
                    .print();
            Story.say("""
                    Every node, every partition (%d of %d chats), every row: %,d rows read for %d exported, and
                    the export holds exactly the %d messages %s sent in %d (%s).""",
                    chatsSeen.size(), CHATS, scanned.rowsRead(), exported.size(), expected, ANA, EXPORT_YEAR,
                    exported.size() == expected ? "checked against what was loaded" : "MISMATCH");
            QueryCost withSenderCopy = messageOnly.plus(probe.write(insertBySender.bind(next.senderId(), yearOf(next.messageId()),
                    next.messageId(), next.conversationId(), next.body())));
            TextTable.of("Q4 served by", "writes per message", "what one export reads")
                    .row("a token-range scan", messageOnly.partitionWrites(),
                            String.format("every row: %,d rows on %d node(s)", scanned.rowsRead(), scanned.nodesAsked()))
                    .row("a table keyed by (sender_id, year)", withSenderCopy.partitionWrites(),
                            "the partition (" + ANA + ", " + EXPORT_YEAR + ")")
                    .print();
            Story.say("""
                    The table makes the export one partition read, and makes every message write %d partitions
                    instead of %d, at every peak, and keeps a second copy of every message. The scan touches
                    nothing on the write path: it reads the whole table once a month, sequentially, off-peak,
                    and one pass can serve every export requested that month. For a monthly question, the
                    scan wins.""", withSenderCopy.partitionWrites(), messageOnly.partitionWrites());

            Story.section("A new question later");
            Story.say("""
                    Months later someone asks for "a chat's messages between two dates". It names the partition
                    key (the chat) and reads in the order the rows are stored: nothing new to build.""");
            PreparedStatement between = session.prepare("""
                    SELECT message_id, body FROM messages
                    WHERE conversation_id = ? AND message_id >= ? AND message_id < ?""");
            QueryCost dates = probe.read(between.bind(linked.conversationId(),
                    Snowflake.firstIdAt(Instant.parse("2024-01-01T00:00:00Z")), Snowflake.firstIdAt(Instant.parse("2025-01-01T00:00:00Z")))).cost();
            Story.say("""
                    Then "a user's newest messages, on their profile", asked 500 times a second. No key holds a
                    user's messages together, and the scan reads every row of the table for each answer: fine
                    once a month, not 500 times a second. It needs a table, messages_by_sender
                    ((sender_id, year), message_id DESC), a year per partition so a prolific user's
                    partition stays bounded. It is filled from messages with the same slice-by-slice scan,
                    and the send path must write it too from some moment on. Messages keep arriving while
                    the scan runs, so that moment matters. Both orders run below while another thread sends
                    a message every few milliseconds; then the store counts what messages_by_sender lacks.""");
            AtomicLong copied = new AtomicLong();
            // Copies carry the source row's write time, so a copy never overwrites a newer write of the same row.
            PreparedStatement copyBySender = session.prepare("""
                    INSERT INTO messages_by_sender (sender_id, year, message_id, conversation_id, body)
                    VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?""");
            PreparedStatement bySliceWithTime = session.prepare("""
                    SELECT conversation_id, message_id, sender_id, body, writetime(body) AS written FROM messages
                    WHERE token(conversation_id) > ? AND token(conversation_id) <= ?""");
            Consumer<TokenSlice> copySlice = slice -> {
                for (Row row : session.execute(bySliceWithTime.bind(slice.startExclusive(), slice.endInclusive()))) {
                    long id = row.getLong("message_id");
                    session.execute(copyBySender.bind(row.getString("sender_id"), yearOf(id), id,
                            row.getString("conversation_id"), row.getString("body"), row.getLong("written")));
                    copied.incrementAndGet();
                }
            };
            Random arrivals = new Random(55);
            Backfill.Sender send = (n, alsoNewTable) -> {
                Message m = new Message("chat-" + arrivals.nextInt(CHATS), Snowflake.firstIdAt(NOW.plusSeconds(n + 1L)),
                        sender(arrivals.nextInt(USERS)), "sent during the backfill " + n);
                session.execute(insertMessage.bind(m.conversationId(), m.messageId(), m.senderId(), m.body()));
                if (alsoNewTable) {
                    session.execute(insertBySender.bind(m.senderId(), yearOf(m.messageId()), m.messageId(),
                            m.conversationId(), m.body()));
                }
            };
            TextTable orders = TextTable.of("order", "sent during scan", "rows in messages", "in messages_by_sender",
                    "missed");
            Map<Backfill.Order, Backfill.Run> runs = new EnumMap<>(Backfill.Order.class);
            Map<Backfill.Order, Long> missed = new EnumMap<>(Backfill.Order.class);
            int sent = 0;
            // The wrong order first, so the right one ends with the table the reads below use.
            for (Backfill.Order order : List.of(Backfill.Order.SCAN_THEN_WRITE, Backfill.Order.WRITE_THEN_SCAN)) {
                session.execute(schema("TRUNCATE messages_by_sender"));
                copied.set(0);
                Backfill.Run backfill = Backfill.run(order, slices, WORKERS, copySlice, sent, send);
                runs.put(order, backfill);
                sent += backfill.sentDuringScan();
                long source = count(session, "messages");
                long copies = count(session, "messages_by_sender");
                missed.put(order, source - copies);
                orders.row(order, backfill.sentDuringScan(), source, copies, source - copies);
            }
            orders.print();
            Story.say("""
                    Scan first: the messages sent during the scan to a chat whose slice was already read
                    exist only in messages (%d of the %d sent during that scan); nothing will ever copy them
                    but another full scan. Write first: every send writes both tables, the scan copies the history, and
                    where both write the same row (a message sent to a slice not yet scanned) the copy is the
                    same row again, so the backfill can run, stop and run again: %d missed. The safe order:
                    (1) every send writes the new table (dual write), (2) an idempotent backfill copies the
                    history, (3) only then do reads move to the new table.""",
                    missed.get(Backfill.Order.SCAN_THEN_WRITE), runs.get(Backfill.Order.SCAN_THEN_WRITE).sentDuringScan(),
                    missed.get(Backfill.Order.WRITE_THEN_SCAN));
            PreparedStatement newestBySender = session.prepare(
                    "SELECT message_id, body FROM messages_by_sender WHERE sender_id = ? AND year = ? LIMIT ?");
            Measured<List<Row>> profile = probe.read(newestBySender.bind(ANA, yearOf(Snowflake.firstIdAt(NOW)), 20));
            Measured<List<Row>> yearOfAna = probe.read(newestBySender.bind(ANA, EXPORT_YEAR, 10_000));
            TextTable.of("question", "needs", "partitions read", "rows read", "rows returned")
                    .row("a chat's messages between two dates", "nothing new", dates.partitionsDescription(), dates.rowsRead(),
                            dates.rowsReturned())
                    .row("a user's 20 newest messages", "messages_by_sender", profile.cost().partitionsDescription(),
                            profile.cost().rowsRead(), profile.cost().rowsReturned())
                    .row("Q4 again: " + ANA + "'s " + EXPORT_YEAR, "messages_by_sender", yearOfAna.cost().partitionsDescription(),
                            yearOfAna.cost().rowsRead(), yearOfAna.cost().rowsReturned())
                    .print();
            Story.say("""
                    The second backfill copied %,d rows in %.1f s (every row it found in messages, those the
                    sends had written already included). Once the table exists for a busy question,
                    the rare one gets it for free: Q4 is now one partition (%d rows, the same %d). Until a busy
                    question pays for such a table, the monthly scan serves Q4 without touching the write path.
                    DynamoDB offers the same trade as a global secondary index: in effect a second table with
                    another key, which the service writes a moment after each write to the base table, and
                    fills from the existing items itself when the index is added.""",
                    copied.get(), runs.get(Backfill.Order.WRITE_THEN_SCAN).scan().toNanos() / 1e9, yearOfAna.value().size(), expected);
            NodesSeen.caveat(session, "the scan asking every node").ifPresent(Story::say);
            Recap.measured()
                    .line("Q3 with both ids: %d row on %d node; with the id only, ALLOW FILTERING asked %d node(s)"
                            + " and scanned %s token ranges", bothIds.rowsRead(), bothIds.nodesAsked(), scan.nodesAsked(),
                            scan.rangeScans())
                    .line("the lookup table: %d requests, %d partitions read; each message then writes %d"
                            + " partitions instead of %d", lookedUp.requests(), lookedUp.partitionsRead(),
                            withLocation.partitionWrites(), messageOnly.partitionWrites())
                    .line("Q4 as a monthly scan: %,d rows read for %d exported, nothing added to the write path",
                            scanned.rowsRead(), exported.size())
                    .line("Q4 from messages_by_sender: %d partition, %d rows, at %d writes per message",
                            yearOfAna.cost().partitionsRead(), yearOfAna.cost().rowsRead(), withSenderCopy.partitionWrites())
                    .line("the backfill while messages arrived: scan first missed %d rows, dual write first %d",
                            missed.get(Backfill.Order.SCAN_THEN_WRITE), missed.get(Backfill.Order.WRITE_THEN_SCAN))
                    .print("./jbang check 05   (lessons/05-rare-queries/src), then ./jbang lesson06");
        }
    }

    /** MESSAGES messages spread evenly in time from FIRST to NOW, each in a random chat from a random user. */
    static List<Message> history() {
        Random random = new Random(5);
        long span = NOW.toEpochMilli() - FIRST.toEpochMilli();
        return IntStream.range(0, MESSAGES).mapToObj(i -> new Message(
                "chat-" + random.nextInt(CHATS),
                Snowflake.firstIdAt(FIRST.plusMillis(span * i / MESSAGES)),
                sender(random.nextInt(USERS)),
                "message " + i)).toList();
    }

    /** User 0 is Ana, whose export the lesson follows. */
    static String sender(int user) {
        return user == 0 ? ANA : "user-" + user;
    }

    /** Rows in a table, counted by the store. */
    static long count(CqlSession session, String table) {
        return session.execute(schema("SELECT count(*) FROM " + table)).one().getLong(0);
    }

    static int yearOf(long messageId) {
        return Snowflake.instant(messageId).atOffset(ZoneOffset.UTC).getYear();
    }

    static boolean inExportYear(long messageId) {
        return yearOf(messageId) == EXPORT_YEAR;
    }
}
