///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN access_pattern_catalogue
//DESCRIPTION Lesson 09: the access-pattern catalogue as code, checked against the store

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.chat.ChatData;
import workshop.kit.chat.EarlierDesigns;
import workshop.kit.chat.Message;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Observation;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.Verdict;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.QueryCost;
import workshop.kit.ids.Snowflake;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class access_pattern_catalogue {

    static final String KS = "lesson09";

    // Lesson 03's big public group, against a common rule of thumb for one partition.
    static final long GROUP_MESSAGES_A_MONTH = 500_000;
    static final long BYTES_A_MESSAGE = 100;
    static final int MONTHS = 24;
    static final long RULE_OF_THUMB_MB = 100;

    public static void main(String... args) {
        Failures.guard(access_pattern_catalogue::run);
    }

    static void run() {
        Story.title("09", "the access-pattern catalogue as code");
        Story.say("""
                Every lesson so far started from a question and its rate, and ended with a table whose key
                answers it from one partition. This one makes that list part of the code base: each access
                pattern declares its rate, its p99 target, the code that serves it and the plan it claims,
                meaning the table, the partitions touched, and point or range. A checker runs every pattern
                against the store with tracing on and compares what the trace shows with what was declared.

                It fails a pattern that no key serves (a read that scans token ranges, or no plan at all), a
                pattern asked %s or more that touches more than one partition (a scatter-gather waits for
                its slowest partition, so its p99 is the worst of theirs), and any read that touches more
                than its plan says. A pattern no key can serve says so: it runs as a batch job or in a
                search index, and the report shows it as explained rather than green.""", CatalogueCheck.BUSY);

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession admin = cassandra.connect()) {
            Keyspaces.recreate(admin, KS);
        }
        try (CqlSession plain = cassandra.connect(Keyspaces.name(KS))) {
            CatalogueCheck checker = CatalogueCheck.on(plain);
            CqlSession session = checker.session();
            ChatCatalogue catalogue = new ChatCatalogue();

            Story.section("Step 1: list the questions, with their rates");
            printQuestions(catalogue, "Q");
            Story.say("""
                    The list comes first and the tables second. The rates decide everything that follows:
                    Q1 is asked four times as often as Q2 and thousands of times as often as the others, so
                    its key is chosen first and nothing later may make it slower.""");

            Story.section("Realistic data, loaded once");
            catalogue.setUp(session);
            ChatData data = catalogue.data();
            EarlierDesigns.loadStoryTables(session, data);
            TextTable.of("chats", "how many", "members each", "messages each")
                    .row("public group (" + ChatData.BUSY_CHAT + ")", 1, ChatData.BUSY_MEMBERS, ChatData.BUSY_MESSAGES)
                    .row("small groups", ChatData.GROUPS, ChatData.GROUP_SIZE, ChatData.GROUP_MESSAGES)
                    .row("direct chats", ChatData.DIRECT_CHATS, 2, ChatData.DIRECT_MESSAGES)
                    .print();
            Story.say("""
                    %,d messages from %d users over the %d days before %s, the lesson's "now". A
                    scan of this history reads thousands of rows, which is what makes a scan visible; the
                    shape (one loud chat, many quiet ones) is what real chat traffic looks like.""",
                    data.messages().size(), ChatData.USERS, ChatData.HISTORY.toDays(), ChatData.NOW);

            Story.section("Where an entity-first model starts: messages keyed by message_id");
            AccessPattern q1 = catalogue.pattern("Q1").unserved();
            // tag::entity-first[]
            CatalogueReport naive = checker.check("entity-first", List.of(q1.plan(Plan.range("messages_by_id"))
                    .servedBy(ChatData.BUSY_CHAT, () -> EarlierDesigns.newestByScan(session, ChatData.BUSY_CHAT, 50))));
            naive.print();
            // end::entity-first[]
            Observation scan = naive.results().get(0).observed();
            boolean sameAnswer = EarlierDesigns.newestByScan(session, ChatData.BUSY_CHAT, 50).equals(
                    EarlierDesigns.newest(session, ChatData.BUSY_CHAT, 50).stream().map(r -> r.getLong("message_id")).toList());
            Story.say("""
                    The declaration says "one partition, in order"; the trace says %d token ranges on %d
                    nodes and %,d rows read to keep 50. The answer is %s (compared with the next design's),
                    and the checker fails it anyway: no key serves Q1 in this table, so every one of its
                    20,000 requests a second would read every message.""", scan.rangeScans(), scan.nodes().size(),
                    scan.rowsRead(), sameAnswer ? "right" : "NOT the same");

            Story.section("Steps 2 and 3: a partition key for the busiest, a sort key for its order");
            // tag::by-conversation[]
            CatalogueReport byConversation = checker.check("Q1 by conversation", List.of(q1.plan(Plan.range("messages_by_conversation"))
                    .servedBy(ChatData.BUSY_CHAT, () -> EarlierDesigns.newest(session, ChatData.BUSY_CHAT, 50))));
            byConversation.print();
            // end::by-conversation[]
            Story.say("""
                    Q1 names a chat, so the chat is the partition key: PRIMARY KEY ((conversation_id),
                    message_id). It asks for the newest first, so the time-ordered id sorts the partition,
                    descending. One partition on one node, %,d rows read for 50 wanted.""",
                    byConversation.results().get(0).observed().rowsRead());

            Story.section("Step 4: a table for each other busy question");
            String user = data.userInMostChats();
            List<String> chatsOfUser = data.chatsOf(user);
            AccessPattern q2 = catalogue.pattern("Q2").unserved();
            CatalogueReport q2FromMessages = checker.check("Q2 from messages", List.of(q2.plan(Plan.range("messages_by_conversation"))
                    .servedBy(user + ", in " + chatsOfUser.size() + " chats", () -> EarlierDesigns.chatListFromMessages(session, chatsOfUser))));
            q2FromMessages.print();
            Story.say("""
                    Q2 could be answered from the messages table: the newest message of each of the user's
                    chats, sorted by the app. For %s that is %d partitions in one request, on %d nodes. A
                    user in 200 chats makes it 200, at 5,000 requests a second: a million partition reads a
                    second, each request as slow as its slowest partition.""", user,
                    q2FromMessages.results().get(0).observed().distinctPartitions(), q2FromMessages.results().get(0).observed().nodes().size());
            CatalogueReport q2Table = checker.check("Q2 from chat_lists", List.of(catalogue.pattern("Q2")));
            q2Table.print();
            Story.say("""
                    chat_lists is Q2 stored the way Q2 asks: partition user_id, sorted by last_message_at,
                    newest first, one row per chat. The read is one partition. The price moves to the
                    writes: every message updates one row per member of its chat, and because a sort key
                    cannot change in place, each update is a delete plus an insert, sent as one logged batch
                    so the copies change together.""");
            TextTable writes = TextTable.of("send one message to", "members", "partitions written (one logged batch)");
            CostProbe probe = new CostProbe(session);
            List<String> sendCosts = new ArrayList<>();
            for (String chat : List.of(data.directChat(), data.groupChat())) {
                QueryCost sent = probe.write(catalogue.chat().send(chat, data.membersOf(chat).get(0), "hello from lesson 09"));
                writes.row(chat, data.membersOf(chat).size(), sent.partitionWrites());
                sendCosts.add(String.format("%d partitions for %d members", sent.partitionWrites(),
                        data.membersOf(chat).size()));
            }
            writes.print();
            Story.say("""
                    A message row, a row in the message_id lookup table (step 5), and one chat-list
                    partition per member: the cost of Q2's table grows with the size of the chat, and it is
                    paid at the rate messages are sent, not at the rate Q2 is asked. In a big group the
                    batch grows with it, and a queue that retries the copies becomes the better way to
                    apply them.""");

            Story.section("Step 5: rare questions reuse a key, or run as batch jobs");
            long linked = data.messageOf(ChatData.BUSY_CHAT, 100).messageId();
            String linkedChat = ChatData.BUSY_CHAT;
            AccessPattern q3 = catalogue.pattern("Q3").unserved();
            AccessPattern q3b = catalogue.pattern("Q3b").unserved();
            AccessPattern q4 = catalogue.pattern("Q4").unserved();
            String exporter = data.busiestSender();
            CatalogueReport rare = checker.check("rare questions", List.of(
                    q3.plan(Plan.point("messages_by_conversation"))
                            .servedBy("a link with both ids", () -> EarlierDesigns.messageByLink(session, linkedChat, linked)),
                    q3b.plan(Plan.point("message_lookup").then(Plan.point("messages_by_conversation")))
                            .servedBy("a link with the id only", () -> EarlierDesigns.messageById(session, linked)),
                    q4.plan(Plan.batchJob("messages_by_conversation", ChatCatalogue.EXPORT_JOB))
                            .servedBy(exporter + ", 2024", () -> EarlierDesigns.export(session, "messages_by_conversation", exporter, 2024))));
            rare.print();
            Story.say("""
                    Q3 with both ids in the link names Q1's whole primary key: a one-row read, no new table.
                    A link with only the message id needs one small table, message_id -> conversation_id:
                    two one-row reads, fine at Q3's rate. Q4 names no chat at all. A table keyed by sender
                    and year would add a write to every message for a question asked once a month, so it
                    runs as a batch job that scans every partition off the request path: explained, not
                    green, and the report says why.""");
            CatalogueReport liveExport = checker.check("Q4, asked live", List.of(
                    q4.rate(Rate.perSecond(1_000)).plan(Plan.batchJob("messages_by_conversation", ChatCatalogue.EXPORT_JOB))
                            .servedBy(exporter + ", 2024", () -> EarlierDesigns.export(session, "messages_by_conversation", exporter, 2024))));
            liveExport.print();
            Story.say("""
                    The same plan at 1,000 requests a second fails before anything runs: a busy pattern
                    with no key is a design problem, not a tuning problem. It would need its own table,
                    keyed by sender.""");

            Story.section("Step 6: bound the growing partitions with a bucket");
            long mbAMonth = GROUP_MESSAGES_A_MONTH * BYTES_A_MESSAGE / 1_000_000;
            Story.say("""
                    One partition per chat never stops growing. Lesson 03's public group writes %,d
                    messages a month; at %d bytes each its partition grows %d MB a month, %,d MB after %d
                    months, %d times the roughly %d MB a common rule of thumb allows. A partition lives
                    whole on one node, so more nodes do not help. The final messages table puts a 10-day
                    bucket, computed from the message id itself, in the partition key:
                    PRIMARY KEY ((conversation_id, bucket), message_id).""",
                    GROUP_MESSAGES_A_MONTH, BYTES_A_MESSAGE, mbAMonth, mbAMonth * MONTHS, MONTHS,
                    mbAMonth * MONTHS / RULE_OF_THUMB_MB, RULE_OF_THUMB_MB);
            CatalogueReport bucketed = checker.check("Q1 with buckets", List.of(catalogue.pattern("Q1")));
            bucketed.print();
            Story.say("""
                    In the busy chat the current bucket already holds 50 messages: %d partition read, %s.
                    A quiet chat has fewer than 50 in the current bucket and steps back one bucket at a
                    time, at most %d: %d partitions here. The plan declares that walk, the trace confirms one
                    partition per request, so the checker explains it instead of failing it. If walks were
                    more than 1 request in 100, they would set Q1's p99; keeping each chat's newest bucket
                    next to its chat-list row would let a quiet chat start where its messages are.""",
                    bucketed.results().get(0).observed().distinctPartitions(), bucketed.results().get(0).verdict(),
                    ChatCatalogue.WALK, bucketed.results().get(1).observed().distinctPartitions());

            Story.section("A second catalogue on the same tables: channels");
            printQuestions(catalogue, "P");
            Story.say("""
                    P1 and P2 name a channel and read it in message order: Q1's key serves both, P2 reading
                    the same partition in both directions from a message. P3 names a user: Q2's table.
                    P4 looks for words inside messages; no partition key can find a substring, so it goes
                    to a search index fed from the messages table. No new table for four new questions.""");

            Story.section("The whole catalogue, checked");
            long started = System.nanoTime();
            CatalogueReport report = checker.check(catalogue.name(), catalogue.patterns());
            double seconds = (System.nanoTime() - started) / 1e9;
            report.print();
            Story.say("""
                    One report, %d patterns: %d runs green, %d explained, %d failed, in %.1f s on data
                    already loaded. That is cheap enough for the build: a new question, or a change to a
                    table, that breaks a busy pattern fails before it reaches production.""",
                    report.results().stream().map(r -> r.pattern().id()).distinct().count(),
                    report.count(Verdict.GREEN), report.count(Verdict.EXPLAINED), report.count(Verdict.FAILED), seconds);

            Story.section("Saying it in a design interview");
            Story.say("""
                    "Before any table, I list the questions with their rates and latency targets. The
                    busiest one picks the partition key: what it names. Its order picks the sort key, so the
                    read stops at the limit. Every other busy question gets a table shaped like it, written
                    alongside, with one table as the source of truth the others can be rebuilt from. Rare
                    questions reuse a key or run as batch jobs; text search goes to a search index. A bucket
                    in the key caps partitions that grow without end. Then I prove it: each busy pattern
                    reads one partition, measured, not assumed." """);

            Story.say("""
                    The checker runs on any class implementing workshop.kit.catalogue.Catalogue:
                    ./jbang catalogue lessons/09_access_pattern_catalogue.java checks this lesson's, and
                    ./jbang catalogue path/to/YourCatalogue.java checks one of yours against the cluster.""");
            Observation q2Naive = q2FromMessages.results().get(0).observed();
            Recap.measured()
                    .line("Q1 on messages_by_id: %d token ranges, %,d rows read for 50; by conversation: 1 partition,"
                            + " %,d rows", scan.rangeScans(), scan.rowsRead(),
                            byConversation.results().get(0).observed().rowsRead())
                    .line("Q2 from messages: %d partitions; from chat_lists: %d", q2Naive.distinctPartitions(),
                            q2Table.results().get(0).observed().distinctPartitions())
                    .line("a message wrote %s", String.join(", and ", sendCosts))
                    .line("the whole catalogue: %d runs green, %d explained, %d failed", report.count(Verdict.GREEN),
                            report.count(Verdict.EXPLAINED), report.count(Verdict.FAILED))
                    .print("./jbang check 09   (exercises/src/main/java/workshop/lesson09: sensor readings)");
        }
    }

    /** The catalogue's questions whose ids start with the prefix, with their rates and targets. */
    static void printQuestions(ChatCatalogue catalogue, String prefix) {
        TextTable questions = TextTable.of("id", "question", "rate at peak", "p99 target");
        for (AccessPattern pattern : catalogue.patterns()) {
            if (pattern.id().startsWith(prefix)) {
                Duration p99 = pattern.p99();
                questions.row(pattern.id(), pattern.question(), pattern.rate().toString(),
                        p99.toHours() >= 1 ? p99.toHours() + " h" : p99.toMillis() + " ms");
            }
        }
        questions.print();
    }

    /** The chat app's tables and statements: the final design the catalogue declares. */
    static final class Chat {

        /** Discord's bucket: ten days of milliseconds since the id's epoch, read from the id itself. */
        static final long BUCKET_MILLIS = Duration.ofDays(10).toMillis();

        private final CqlSession session;
        private int sent;
        private PreparedStatement insertMessage;
        private PreparedStatement insertLookup;
        private PreparedStatement insertMember;
        private PreparedStatement insertChatRow;
        private PreparedStatement deleteChatRow;
        private PreparedStatement newest;
        private PreparedStatement byKey;
        private PreparedStatement lookup;
        private PreparedStatement chatList;
        private PreparedStatement before;
        private PreparedStatement after;
        private PreparedStatement members;

        Chat(CqlSession session) {
            this.session = session;
        }

        static int bucketOf(long messageId) {
            return (int) ((messageId >> Snowflake.TIME_SHIFT) / BUCKET_MILLIS);
        }

        static int currentBucket() {
            return bucketOf(Snowflake.firstIdAt(ChatData.NOW));
        }

        void createTables() {
            session.execute(schema("""
                    CREATE TABLE messages (conversation_id text, bucket int, message_id bigint, sender_id text, body text,
                      PRIMARY KEY ((conversation_id, bucket), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            session.execute(schema("CREATE TABLE message_lookup (message_id bigint PRIMARY KEY, conversation_id text)"));
            session.execute(schema("CREATE TABLE members (conversation_id text, user_id text, PRIMARY KEY ((conversation_id), user_id))"));
            session.execute(schema("""
                    CREATE TABLE chat_lists (user_id text, last_message_at timestamp, conversation_id text,
                      PRIMARY KEY ((user_id), last_message_at, conversation_id))
                    WITH CLUSTERING ORDER BY (last_message_at DESC, conversation_id ASC)"""));
            insertMessage = session.prepare("INSERT INTO messages (conversation_id, bucket, message_id, sender_id, body) VALUES (?, ?, ?, ?, ?)");
            insertLookup = session.prepare("INSERT INTO message_lookup (message_id, conversation_id) VALUES (?, ?)");
            insertMember = session.prepare("INSERT INTO members (conversation_id, user_id) VALUES (?, ?)");
            insertChatRow = session.prepare("INSERT INTO chat_lists (user_id, last_message_at, conversation_id) VALUES (?, ?, ?)");
            deleteChatRow = session.prepare("DELETE FROM chat_lists WHERE user_id = ? AND last_message_at = ? AND conversation_id = ?");
            newest = session.prepare("SELECT conversation_id, message_id, sender_id, body FROM messages WHERE conversation_id = ? AND bucket = ? LIMIT ?");
            byKey = session.prepare("SELECT conversation_id, message_id, sender_id, body FROM messages WHERE conversation_id = ? AND bucket = ? AND message_id = ?");
            lookup = session.prepare("SELECT conversation_id FROM message_lookup WHERE message_id = ?");
            chatList = session.prepare("SELECT conversation_id, last_message_at FROM chat_lists WHERE user_id = ? LIMIT ?");
            before = session.prepare("SELECT message_id, body FROM messages WHERE conversation_id = ? AND bucket = ? AND message_id <= ? LIMIT ?");
            after = session.prepare("SELECT message_id, body FROM messages WHERE conversation_id = ? AND bucket = ? AND message_id > ? ORDER BY message_id ASC LIMIT ?");
            members = session.prepare("SELECT user_id FROM members WHERE conversation_id = ?");
        }

        void load(ChatData data) {
            List<Message> messages = data.messages();
            BulkWriter.write(session, "messages and lookup rows", messages.size() * 2L, i -> {
                Message m = messages.get((int) (i / 2));
                return i % 2 == 0 ? insertMessage.bind(m.conversationId(), bucketOf(m.messageId()), m.messageId(), m.senderId(), m.body())
                        : insertLookup.bind(m.messageId(), m.conversationId());
            });
            // chat_lists as a rebuild from messages writes it: one row per member, at the chat's last message.
            List<BoundStatement> rows = new ArrayList<>();
            Map<String, Long> last = data.lastMessageIds();
            data.members().forEach((chat, users) -> users.forEach(user -> {
                rows.add(insertMember.bind(chat, user));
                rows.add(insertChatRow.bind(user, Snowflake.instant(last.get(chat)), chat));
            }));
            BulkWriter.write(session, "members and chat-list rows", rows.size(), i -> rows.get((int) i));
        }

        /** Q1 and P1: newest first, from the current bucket back, one bucket per request, at most WALK buckets. */
        List<Row> newest(String chat, int n) {
            return walk(currentBucket(), -1, ChatCatalogue.WALK, n, (bucket, left) -> newest.bind(chat, bucket, left));
        }

        /** Q2 and P3. */
        List<Row> chatList(String user, int n) {
            return session.execute(chatList.bind(user, n)).all();
        }

        /** Q3: the link carries the whole key, the bucket being part of the id. */
        Row byLink(String chat, long messageId) {
            return session.execute(byKey.bind(chat, bucketOf(messageId), messageId)).one();
        }

        /** Q3 when the link carries only the message id. */
        Row byId(long messageId) {
            Row found = session.execute(lookup.bind(messageId)).one();
            return found == null ? null : byLink(found.getString("conversation_id"), messageId);
        }

        /** P2: n messages up to the given one and n after it, walking into a neighbouring bucket when one runs short. */
        List<Row> around(String chat, long messageId, int n) {
            int home = bucketOf(messageId);
            List<Row> rows = new ArrayList<>(walk(home, -1, 2, n, (bucket, left) -> before.bind(chat, bucket, messageId, left)));
            rows.addAll(walk(home, +1, Math.min(2, currentBucket() - home + 1), n, (bucket, left) -> after.bind(chat, bucket, messageId, left)));
            return rows;
        }

        /** Q4: the batch job. A real one scans token ranges in parallel; the trace shows the same scan. */
        List<Row> export(String sender, int year) {
            return EarlierDesigns.export(session, "messages", sender, year);
        }

        /**
         * Sending: the message, its lookup row, and each member's chat-list row moved to the top (a
         * delete and an insert, since a sort key cannot change in place), all or nothing.
         */
        BatchStatement send(String chat, String sender, String body) {
            Instant previous = Snowflake.instant(newest(chat, 1).get(0).getLong("message_id"));
            long id = Snowflake.firstIdAt(ChatData.NOW.plusSeconds(60L * ++sent));
            BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.LOGGED)
                    .addStatement(insertMessage.bind(chat, bucketOf(id), id, sender, body))
                    .addStatement(insertLookup.bind(id, chat));
            for (Row member : session.execute(members.bind(chat))) {
                String user = member.getString("user_id");
                batch.addStatement(deleteChatRow.bind(user, previous, chat)).addStatement(insertChatRow.bind(user, Snowflake.instant(id), chat));
            }
            return batch.build();
        }

        private List<Row> walk(int from, int step, int most, int n, BiFunction<Integer, Integer, BoundStatement> read) {
            List<Row> rows = new ArrayList<>();
            for (int i = 0, bucket = from; i < most && rows.size() < n; i++, bucket += step) {
                rows.addAll(session.execute(read.apply(bucket, n - rows.size())).all());
            }
            return rows;
        }
    }

    /** The chat app's catalogue: Q1-Q4 of the chat app and P1-P4 of its channels, on one set of tables. */
    static final class ChatCatalogue implements Catalogue {

        static final int WALK = 4;
        static final String EXPORT_JOB = "a monthly export job scans every partition and keeps one sender's messages of one year";

        private final ChatData data = ChatData.generate();
        private Chat chat;

        @Override
        public String name() {
            return "chat app";
        }

        @Override
        public void setUp(CqlSession session) {
            chat = new Chat(session);
            chat.createTables();
            chat.load(data);
        }

        ChatData data() {
            return data;
        }

        Chat chat() {
            return chat;
        }

        /** A message with plenty of its chat's messages on both sides in the same bucket. */
        long middleOfLastBucket(String chatId) {
            List<Long> inBucket = data.messages().stream().filter(m -> m.conversationId().equals(chatId))
                    .map(Message::messageId).filter(id -> Chat.bucketOf(id) == Chat.currentBucket() - 1).toList();
            return inBucket.get(inBucket.size() / 2);
        }

        AccessPattern pattern(String id) {
            return patterns().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
        }

        @Override
        public List<AccessPattern> patterns() {
            String quiet = data.directChat();
            long middle = middleOfLastBucket(ChatData.BUSY_CHAT);
            String user = data.userInMostChats();
            String exporter = data.busiestSender();
            Plan newestFirst = Plan.range("messages").walking(WALK,
                    "a chat with fewer than 50 messages in its current 10-day bucket steps back, at most " + WALK + " buckets");
            return List.of(
                    AccessPattern.of("Q1", "the 50 newest messages of a chat").rate(Rate.perSecond(20_000)).p99(Duration.ofMillis(50))
                            .plan(newestFirst)
                            .servedBy("busy chat", () -> chat.newest(ChatData.BUSY_CHAT, 50))
                            .servedBy("quiet chat", () -> chat.newest(quiet, 50)),
                    AccessPattern.of("Q2", "a user's chats, newest message first").rate(Rate.perSecond(5_000)).p99(Duration.ofMillis(100))
                            .plan(Plan.range("chat_lists"))
                            .servedBy(user, () -> chat.chatList(user, 50)),
                    AccessPattern.of("Q3", "one message, from a link with both ids").rate(Rate.perSecond(10)).p99(Duration.ofMillis(100))
                            .plan(Plan.point("messages"))
                            .servedBy("a link", () -> chat.byLink(ChatData.BUSY_CHAT, middle)),
                    AccessPattern.of("Q3b", "one message, from a link with its id only").rate(Rate.perSecond(1)).p99(Duration.ofMillis(100))
                            .plan(Plan.point("message_lookup").then(Plan.point("messages")))
                            .servedBy("an old link", () -> chat.byId(middle)),
                    AccessPattern.of("Q4", "everything a user sent in 2024 (export)").rate(Rate.perMonth(1)).p99(Duration.ofHours(1))
                            .plan(Plan.batchJob("messages", EXPORT_JOB))
                            .servedBy(exporter, () -> chat.export(exporter, 2024)),
                    AccessPattern.of("P1", "the 50 latest messages in a channel").rate(Rate.perSecond(40_000)).p99(Duration.ofMillis(50))
                            .plan(newestFirst)
                            .servedBy("busy channel", () -> chat.newest(ChatData.BUSY_CHAT, 50)),
                    AccessPattern.of("P2", "messages around a given message").rate(Rate.perSecond(2_000)).p99(Duration.ofMillis(100))
                            .plan(Plan.range("messages").walking(3, "near a bucket's edge it reads the neighbouring bucket too"))
                            .servedBy("mid-bucket", () -> chat.around(ChatData.BUSY_CHAT, middle, 25)),
                    AccessPattern.of("P3", "the channels a user belongs to").rate(Rate.perSecond(5_000)).p99(Duration.ofMillis(100))
                            .plan(Plan.range("chat_lists"))
                            .servedBy(user, () -> chat.chatList(user, 1_000)),
                    AccessPattern.of("P4", "messages in a channel containing some text").rate(Rate.perSecond(50)).p99(Duration.ofMillis(500))
                            .plan(Plan.searchIndex("messages", "no partition key finds a substring: a search index fed from the messages table answers it")));
        }
    }
}
