///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN chat_lists
//DESCRIPTION Lesson 04: a second table for Q2 (a user's chats, newest first), written on every message

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.chat.ChatListJob;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.ids.Snowflake;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class chat_lists {

    static final String KS = "lesson04";
    static final String ANA = "ana";
    /** Q2's rate from the lesson map. */
    static final long Q2_PER_SECOND = 5_000;
    static final int FIRST_PAGE = 20;
    static final Snowflake IDS = new Snowflake(4);

    public static void main(String... args) {
        Failures.guard(chat_lists::run);
    }

    static void run() {
        Story.title("04", "a second table for chat lists");
        Story.say("""
                Q2, "my chats, the one with the newest message first", is the screen every user opens, about
                %,d times a second. The messages table is keyed by chat, so it cannot answer for a user in
                one read. Ana is in 200 chats: 198 with one friend each, a team of 6 and a company-wide
                group of 100.""", Q2_PER_SECOND);

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE messages (
                      conversation_id text, message_id bigint, sender_id text, body text,
                      PRIMARY KEY ((conversation_id), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            session.execute(schema("""
                    CREATE TABLE members (conversation_id text, user_id text,
                      PRIMARY KEY ((conversation_id), user_id))"""));
            session.execute(schema("""
                    CREATE TABLE user_chats (user_id text, conversation_id text,
                      PRIMARY KEY ((user_id), conversation_id))"""));
            // tag::chat-lists-schema[]
            for (String table : List.of("chat_lists", "chat_lists_rebuilt")) {
                session.execute(schema("""
                        CREATE TABLE %s (
                          user_id text, last_message_at timestamp, conversation_id text, last_message_id bigint, preview text,
                          PRIMARY KEY ((user_id), last_message_at, conversation_id))
                        WITH CLUSTERING ORDER BY (last_message_at DESC, conversation_id ASC)""".formatted(table)));
            }
            // end::chat-lists-schema[]
            Statements cql = new Statements(session);
            TracingSession traced = new TracingSession(session);

            Story.section("Ana's 200 chats and their history");
            Map<String, List<String>> chats = chatsOfAna();
            loadHistory(session, cql, chats);

            Story.section("Q2 from the messages table");
            Story.say("""
                    Her chat ids come from a table keyed by user (user_chats, one partition), in no useful
                    order. The order lives in the messages table: the newest message of each of her chats,
                    one partition each (one IN query, PER PARTITION LIMIT 1), sorted by the app.""");
            Measured<List<String>> ids = traced.measure(() -> traced.execute(cql.chatsOfUser.bind(ANA)).all().stream()
                    .map(r -> r.getString("conversation_id")).toList());
            Measured<List<Row>> newestOfEach = traced.measure(() -> traced.execute(cql.newestOfEach.bind(ids.value())).all());
            List<String> naiveTop = newestOfEach.value().stream()
                    .sorted(Comparator.comparingLong((Row r) -> r.getLong("message_id")).reversed())
                    .limit(FIRST_PAGE).map(r -> r.getString("conversation_id")).toList();
            QueryCost q2Naive = ids.cost().plus(newestOfEach.cost());
            reads().row("chat ids, user_chats", ids.cost())
                    .row("newest of each, messages", newestOfEach.cost())
                    .row("Q2 in all", q2Naive)
                    .print();
            Story.say("""
                    %d partitions for one screen. At %,d screens a second that is %,d partition reads a
                    second, for a list that changes only when a message arrives.""",
                    q2Naive.partitionsRead(), Q2_PER_SECOND, q2Naive.partitionsRead() * Q2_PER_SECOND);

            Story.section("chat_lists: partition user_id, newest message first");
            Story.say("""
                    Keep the answer ready: one row per chat a user is in, in the user's partition, sorted by
                    last_message_at DESC. A batch job fills it from what is already stored: for every
                    conversation, its newest message and its members give one row per member. It scans the
                    two tables slice by slice of the token ring; both are keyed by conversation_id, so one
                    slice of each holds the same conversations.""");
            Duration backfill = ChatListJob.rebuild(session, Keyspaces.name(KS), "chat_lists");
            Measured<List<Row>> listed = traced.measure(() -> traced.execute(cql.chatList.bind(ANA, FIRST_PAGE)).all());
            List<String> listedTop = listed.value().stream().map(r -> r.getString("conversation_id")).toList();
            reads().row("Q2 from chat_lists", listed.cost()).print();
            Story.say("Filled in %.1f s. One partition, %d rows, and the same first page as the %d-partition version: %s.",
                    backfill.toNanos() / 1e9, listed.cost().rowsRead(), q2Naive.partitionsRead(),
                    listedTop.equals(naiveTop) ? "checked" : "DIFFERENT");

            Story.section("Every message now writes the chat lists of all its members");
            Story.say("""
                    Sending reads the chat's members and its previous newest message (one partition each),
                    then writes the message and one chat-list row per member. last_message_at is part of the
                    primary key, and a key cannot be changed in place, in Cassandra or in DynamoDB: moving a
                    chat to the top deletes its old row and inserts a new one. All of it goes in one logged
                    batch.""");
            TextTable sends = TextTable.of("chat", "members", "batch rows (ins+del)", "partitions read",
                    "partition writes", "batch log", "requests");
            Map<String, Long> writesPerSend = new HashMap<>();
            for (String chat : List.of("ana-bo", "team", "all-hands")) {
                Measured<List<BatchableStatement<?>>> sent = traced.measure(() -> {
                    List<BatchableStatement<?>> plan = plan(traced, cql, message(chat, ANA));
                    traced.execute(BatchStatement.newInstance(BatchType.LOGGED, plan));
                    return plan;
                });
                QueryCost cost = sent.cost();
                int members = chats.get(chat).size();
                writesPerSend.put(chat, cost.partitionWrites());
                long deletes = sent.value().stream()
                        .filter(w -> w instanceof BoundStatement b && b.getPreparedStatement() == cql.deleteEntry).count();
                sends.row(chat, members, String.format("%d (%d + %d)", sent.value().size(), sent.value().size() - deletes, deletes),
                        cost.partitionsRead(), cost.partitionWrites(), cost.batchlogWrites(), cost.requests());
            }
            sends.print();
            Story.say("""
                    One message, one partition write per member plus one for the message itself. The delete
                    and the insert of a member's row share that member's partition, so the store applies
                    them as one write. The batch log writes are the price of "all or nothing": the
                    coordinator first stores the whole batch in the batch log of up to two other nodes, and
                    removes it there once every write is applied, so a crash halfway is finished later instead of leaving
                    some lists stale.""");
            NodesSeen.onOneNode(session, "On this one-node cluster the batch log is the coordinator's own.").ifPresent(Story::say);
            printTop(session, cql);

            Story.section("The same writes: one logged batch, or one write at a time");
            List<BatchableStatement<?>> teamPlan = plan(session, cql, message("team", "bo"));
            QueryCost singles = traced.measure(() -> teamPlan.forEach(traced::execute));
            BatchStatement teamBatch = BatchStatement.newInstance(BatchType.LOGGED, plan(session, cql, message("team", "bo")));
            QueryCost logged = traced.measure(() -> {
                traced.execute(teamBatch);
            });
            TextTable.of("a message to the team of 6", "requests", "partition writes", "batch log writes",
                            "all or nothing")
                    .row("one logged batch", logged.requests(), logged.partitionWrites(), logged.batchlogWrites(), "yes")
                    .row("single writes", singles.requests(), singles.partitionWrites(), singles.batchlogWrites(), "no")
                    .print();
            Story.say("""
                    Sent one by one, the same writes are %d requests instead of one, and nothing makes them
                    all-or-nothing: a crash halfway leaves some lists moved and others not. The batch pays
                    %d batch log writes for that promise. What it does not promise is isolation: its writes
                    land partition by partition, so a reader at that moment can see Bo's list already moved
                    and Cy's not yet. All or nothing, eventually; never "all at once". (The appendix
                    ./jbang lesson04a times the ways to apply these writes, with the caveats such timings
                    need.)""", singles.requests(), logged.batchlogWrites());
            Story.say("""
                    Two messages sent to one chat at the same instant can both read the same previous row
                    and both delete it, leaving two rows for that chat in a list. Readers can skip a
                    conversation they have already shown, and the rebuild below repairs it for good.""");

            Story.section("One source of truth: rebuild chat_lists from messages");
            Duration rebuilt = ChatListJob.rebuild(session, Keyspaces.name(KS), "chat_lists_rebuilt");
            Set<List<Object>> live = ChatListJob.rows(session, "chat_lists");
            Set<List<Object>> fromScratch = ChatListJob.rows(session, "chat_lists_rebuilt");
            Set<List<Object>> onlyLive = new HashSet<>(live);
            onlyLive.removeAll(fromScratch);
            Set<List<Object>> onlyRebuilt = new HashSet<>(fromScratch);
            onlyRebuilt.removeAll(live);
            TextTable.of("table", "rows", "users", "rows not in the other table")
                    .row("chat_lists (kept up by every send)", live.size(), ChatListJob.users(live), onlyLive.size())
                    .row("chat_lists_rebuilt (batch job, " + String.format("%.1f s", rebuilt.toNanos() / 1e9) + ")",
                            fromScratch.size(), ChatListJob.users(fromScratch), onlyRebuilt.size())
                    .print();
            Story.say((onlyLive.size() + onlyRebuilt.size() == 0 ? "The two agree row for row. "
                    : "They differ in %d rows: the race above, or a lost write; the rebuilt copy is the right one. "
                    .formatted(onlyLive.size() + onlyRebuilt.size())) + """
                    messages is the source of truth and chat_lists a copy kept for
                    one question: it costs a write per member on every message, some space, and a moment in
                    which the copies disagree. If a bug or a lost batch ever makes them drift, the job
                    rebuilds the copy from the truth.""");
            Recap.measured()
                    .line("Q2 from the messages table: %d partitions for one screen, %,d a second at %,d screens",
                            q2Naive.partitionsRead(), q2Naive.partitionsRead() * Q2_PER_SECOND, Q2_PER_SECOND)
                    .line("Q2 from chat_lists: %d partition, %d rows read", listed.cost().partitionsRead(),
                            listed.cost().rowsRead())
                    .line("one message wrote %d partitions in a chat of two, %d in a team of 6, %d in a group of 100",
                            writesPerSend.get("ana-bo"), writesPerSend.get("team"), writesPerSend.get("all-hands"))
                    .line("a logged batch: all or nothing (%d batch log writes), but not isolated",
                            logged.batchlogWrites())
                    .line("the rebuild from messages matched the live copy: %d rows differ",
                            onlyLive.size() + onlyRebuilt.size())
                    .print("./jbang check 04   (exercises/src/main/java/workshop/lesson04), then ./jbang lesson05");
        }
    }

    /** Prepared once: the lesson's statements. */
    static final class Statements {
        final PreparedStatement insertMessage;
        final PreparedStatement insertMember;
        final PreparedStatement insertUserChat;
        final PreparedStatement chatsOfUser;
        final PreparedStatement newestOfEach;
        final PreparedStatement newestOfOne;
        final PreparedStatement membersOf;
        final PreparedStatement chatList;
        final PreparedStatement deleteEntry;
        final PreparedStatement insertEntry;

        Statements(CqlSession session) {
            insertMessage = session.prepare("INSERT INTO messages (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
            insertMember = session.prepare("INSERT INTO members (conversation_id, user_id) VALUES (?, ?)");
            insertUserChat = session.prepare("INSERT INTO user_chats (user_id, conversation_id) VALUES (?, ?)");
            // tag::q2-naive[]
            chatsOfUser = session.prepare("SELECT conversation_id FROM user_chats WHERE user_id = ?");
            newestOfEach = session.prepare(
                    "SELECT conversation_id, message_id FROM messages WHERE conversation_id IN ? PER PARTITION LIMIT 1");
            // end::q2-naive[]
            newestOfOne = session.prepare("SELECT message_id FROM messages WHERE conversation_id = ? LIMIT 1");
            membersOf = session.prepare("SELECT user_id FROM members WHERE conversation_id = ?");
            // tag::chat-list-read[]
            chatList = session.prepare("SELECT conversation_id, last_message_at FROM chat_lists WHERE user_id = ? LIMIT ?");
            // end::chat-list-read[]
            deleteEntry = session.prepare(
                    "DELETE FROM chat_lists WHERE user_id = ? AND last_message_at = ? AND conversation_id = ?");
            insertEntry = session.prepare("""
                    INSERT INTO chat_lists (user_id, last_message_at, conversation_id, last_message_id, preview)
                    VALUES (?, ?, ?, ?, ?)""");
        }
    }

    record Message(String conversationId, long messageId, String senderId, String body) {}

    static Message message(String chat, String sender) {
        long id = IDS.next();
        return new Message(chat, id, sender, sender + " in " + chat + " at " + Snowflake.instant(id));
    }

    /**
     * What sending one message writes, as a list so the lesson can apply it in different ways: the
     * message, then for each member the delete of the chat's old row (if the chat had one) and the new row.
     */
    static List<BatchableStatement<?>> plan(CqlSession session, Statements cql, Message message) {
        List<String> members = session.execute(cql.membersOf.bind(message.conversationId())).all().stream()
                .map(r -> r.getString("user_id")).toList();
        Row previous = session.execute(cql.newestOfOne.bind(message.conversationId())).one();
        Instant at = Snowflake.instant(message.messageId());
        Instant before = previous == null ? null : Snowflake.instant(previous.getLong("message_id"));
        List<BatchableStatement<?>> writes = new ArrayList<>();
        writes.add(cql.insertMessage.bind(message.conversationId(), message.messageId(), message.senderId(), message.body()));
        for (String member : members) {
            // In one batch every write carries the same timestamp, and a delete wins a tie with an insert.
            if (before != null && !before.equals(at)) {
                writes.add(cql.deleteEntry.bind(member, before, message.conversationId()));
            }
            writes.add(cql.insertEntry.bind(member, at, message.conversationId(), message.messageId(), ChatListJob.preview(message.body())));
        }
        return writes;
    }

    /** 198 chats of two, a team of 6 and a group of 100, all with Ana in them. */
    static Map<String, List<String>> chatsOfAna() {
        Map<String, List<String>> chats = new HashMap<>();
        chats.put("ana-bo", List.of(ANA, "bo"));
        for (int friend = 1; friend < 198; friend++) {
            chats.put("ana-f" + friend, List.of(ANA, "f" + friend));
        }
        chats.put("team", List.of(ANA, "bo", "cy", "di", "ed", "flo"));
        List<String> everyone = new ArrayList<>(List.of(ANA));
        IntStream.range(1, 100).mapToObj(i -> "staff" + i).forEach(everyone::add);
        chats.put("all-hands", everyone);
        return chats;
    }

    /** Members, Ana's user_chats rows, and 5 messages in every chat over the past month, in a shuffled order. */
    static void loadHistory(CqlSession session, Statements cql, Map<String, List<String>> chats) {
        List<BatchableStatement<?>> writes = new ArrayList<>();
        chats.forEach((chat, members) -> members.forEach(user -> {
            writes.add(cql.insertMember.bind(chat, user));
            writes.add(cql.insertUserChat.bind(user, chat));
        }));
        List<String> senders = new ArrayList<>();
        chats.forEach((chat, members) -> IntStream.range(0, 5).forEach(i -> senders.add(chat + "\n" + members.get(i % members.size()))));
        Collections.shuffle(senders, new Random(4));
        Instant start = Instant.now().minus(Duration.ofDays(30));
        long step = Duration.ofDays(30).toMillis() / senders.size();
        for (int i = 0; i < senders.size(); i++) {
            String[] chatAndSender = senders.get(i).split("\n");
            long id = Snowflake.firstIdAt(start.plusMillis(step * i));
            writes.add(cql.insertMessage.bind(chatAndSender[0], id, chatAndSender[1], "message " + i));
        }
        BulkWriter.Load load = BulkWriter.write(session, "loading " + writes.size() + " rows", writes.size(),
                i -> writes.get((int) i));
        Story.say("%,d chats, %,d memberships, %,d messages: %,d rows loaded at %,.0f rows a second.",
                chats.size(), chats.values().stream().mapToInt(List::size).sum(), senders.size(), writes.size(),
                load.perSecond());
    }

    /** A table of what reads cost, one row per query. */
    static final class Reads {
        private final TextTable table = TextTable.of("query", "requests", "nodes asked", "partitions read", "rows read", "rows returned");

        Reads row(String query, QueryCost cost) {
            table.row(query, cost.requests(), cost.nodesAsked(), cost.partitionsDescription(), cost.rowsRead(), cost.rowsReturned());
            return this;
        }

        void print() {
            table.print();
        }
    }

    static Reads reads() {
        return new Reads();
    }

    static void printTop(CqlSession session, Statements cql) {
        List<Row> all = session.execute(cql.chatList.bind(ANA, 1_000)).all();
        long distinct = all.stream().map(r -> r.getString("conversation_id")).distinct().count();
        TextTable top = TextTable.of("Ana's list now", "last message at");
        all.stream().limit(4).forEach(r -> top.row(r.getString("conversation_id"), r.getInstant("last_message_at").toString()));
        top.print();
        Story.say("The three chats just written to are on top. Her partition holds %d rows for %d chats: each old row was deleted.",
                all.size(), distinct);
    }
}
