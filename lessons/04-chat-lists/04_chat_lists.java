///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chat/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN chat_lists
//DESCRIPTION Lesson 04: a second table for Q2 (a user's chats, newest first), written on every message

import static workshop.fixtures.chat.AnasChats.ANA;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import workshop.fixtures.chat.AnasChats;
import workshop.fixtures.chat.ChatCatalogue;
import workshop.fixtures.chat.ChatListJob;
import workshop.fixtures.chat.ChatListTables;
import workshop.kit.cassandra.BatchSizeWarning;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.PlanReview;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.ReadCosts;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/** Q2 from the messages table, then from chat_lists (kit/.../chat/ChatListTables.java), and what it costs to keep. */
class chat_lists {

    static final String KS = "lesson04";
    /** Q2's rate from the lesson map. */
    static final long Q2_PER_SECOND = 5_000;
    static final int FIRST_PAGE = 20;
    static final int MESSAGES_PER_CHAT = 5;
    /** batch_size_fail_threshold, 50 KiB by default in cassandra.yaml (the nodes keep the default). */
    static final long FAIL_THRESHOLD_BYTES = 50 * 1024;

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
            chat_lists lesson = new chat_lists(session);
            lesson.reviewTheWorksheet();
            lesson.loadAnasChats();
            lesson.q2FromTheMessagesTable();
            lesson.q2FromChatLists();
            lesson.everyMessageWritesEveryList();
            lesson.oneBatchOrOneWriteAtATime();
            lesson.rebuildFromTheSourceOfTruth();
            lesson.recap.print("./jbang check 04   (lessons/04-chat-lists/src), then ./jbang lesson05");
        }
    }

    private final CqlSession session;
    private final TracingSession traced;
    private final ChatListTables tables;
    private final Map<String, List<String>> chats = AnasChats.generate();
    private final Recap recap = Recap.measured();
    private List<String> naiveTop;
    private long naivePartitions;

    chat_lists(CqlSession session) {
        this.session = session;
        this.traced = new TracingSession(session);
        this.tables = new ChatListTables(session);
    }

    void reviewTheWorksheet() {
        Story.section("The worksheet: Q2's two plans, reviewed before any table exists");
        AccessPattern q2 = new ChatCatalogue().pattern("Q2");
        // tag::worksheet[]
        List<AccessPattern> worksheet = List.of(
                AccessPattern.of("Q2 per chat", q2.question()).rate(q2.rate()).p99(q2.p99())
                        .plan(Plan.multiGet("messages", chats.size())),
                AccessPattern.of("Q2 kept", q2.question()).rate(q2.rate()).p99(q2.p99())
                        .plan(Plan.range("chat_lists")));
        CatalogueReport review = PlanReview.of("lesson 04's worksheet", worksheet);
        // end::worksheet[]
        Story.say("""
                Before a table or a row exists, the question and its rate already judge a plan. Q2 per
                chat: once her chat ids are known, the newest message of each of her %d chats, read
                side by side. Q2 kept: one partition per user, in the order the screen shows.
                ./jbang catalogue --plan reviews such a worksheet without a cluster:""", chats.size());
        review.print();
        Story.say("""
                The first plan is %s, not green: legal, at a price the review names before any code
                exists. The second is %s. The rest of the lesson measures both on Ana's chats, then
                what keeping the second one costs.""",
                review.resultsOf("Q2 per chat").get(0).verdict(), review.resultsOf("Q2 kept").get(0).verdict());
    }

    void loadAnasChats() {
        Story.section("Ana's 200 chats and their history");
        tables.createTables();
        ChatListTables.History loaded = tables.loadHistory(chats, MESSAGES_PER_CHAT);
        Story.say("%,d chats, %,d memberships, %,d messages: %,d rows loaded at %,.0f rows a second.",
                chats.size(), chats.values().stream().mapToInt(List::size).sum(), loaded.messages(), loaded.rows(),
                loaded.rowsPerSecond());
    }

    void q2FromTheMessagesTable() {
        Story.section("Q2 from the messages table");
        Story.say("""
                Her chat ids come from a table keyed by user (user_chats, one partition), in no useful
                order. The order lives in the messages table: the newest message of each of her chats,
                one partition each (one IN query, PER PARTITION LIMIT 1), sorted by the app.""");
        Measured<List<String>> ids = traced.measure(() -> traced.execute(tables.chatIdsOf(ANA)).all().stream()
                .map(r -> r.getString("conversation_id")).toList());
        Measured<List<Row>> newestOfEach = traced.measure(() -> traced.execute(tables.newestOfEach(ids.value())).all());
        naiveTop = newestOfEach.value().stream()
                .sorted(Comparator.comparingLong((Row r) -> r.getLong("message_id")).reversed())
                .limit(FIRST_PAGE).map(r -> r.getString("conversation_id")).toList();
        QueryCost q2 = ids.cost().plus(newestOfEach.cost());
        naivePartitions = q2.partitionsRead();
        ReadCosts.table().row("chat ids, user_chats", ids.cost())
                .row("newest of each, messages", newestOfEach.cost())
                .row("Q2 in all", q2)
                .print();
        Story.say("""
                %d partitions for one screen. At %,d screens a second that is %,d partition reads a
                second, for a list that changes only when a message arrives.""",
                naivePartitions, Q2_PER_SECOND, naivePartitions * Q2_PER_SECOND);
        recap.line("Q2 from the messages table: %d partitions for one screen, %,d a second at %,d screens",
                naivePartitions, naivePartitions * Q2_PER_SECOND, Q2_PER_SECOND);
    }

    void q2FromChatLists() {
        Story.section("chat_lists: partition user_id, newest message first");
        Story.say("""
                Keep the answer ready: one row per chat a user is in, in the user's partition, sorted by
                last_message_at DESC. A batch job fills it from what is already stored: for every
                conversation, its newest message and its members give one row per member. It scans the
                two tables slice by slice of the token ring; both are keyed by conversation_id, so one
                slice of each holds the same conversations.""");
        Duration backfill = ChatListJob.rebuild(session, Keyspaces.name(KS), "chat_lists");
        Measured<List<Row>> listed = traced.measure(() -> traced.execute(tables.chatList(ANA, FIRST_PAGE)).all());
        List<String> listedTop = listed.value().stream().map(r -> r.getString("conversation_id")).toList();
        ReadCosts.table().row("Q2 from chat_lists", listed.cost()).print();
        Story.say("Filled in %.1f s. One partition, %d rows, and the same first page as the %d-partition version: %s.",
                backfill.toNanos() / 1e9, listed.cost().rowsRead(), naivePartitions,
                listedTop.equals(naiveTop) ? "checked" : "DIFFERENT");
        recap.line("Q2 from chat_lists: %d partition, %d rows read", listed.cost().partitionsRead(),
                listed.cost().rowsRead());
    }

    void everyMessageWritesEveryList() {
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
        Map<String, Optional<BatchSizeWarning>> batchWarnings = new java.util.LinkedHashMap<>();
        for (String chat : List.of("ana-bo", "team", "all-hands")) {
            Measured<List<BatchableStatement<?>>> sent = traced.measure(() -> {
                List<BatchableStatement<?>> plan = tables.send(traced, chat, ANA);
                List<String> warnings = traced.execute(BatchStatement.newInstance(BatchType.LOGGED, plan))
                        .getExecutionInfo().getWarnings();
                batchWarnings.put(chat, BatchSizeWarning.in(warnings));
                return plan;
            });
            QueryCost cost = sent.cost();
            writesPerSend.put(chat, cost.partitionWrites());
            long deletes = sent.value().stream().filter(tables::isDelete).count();
            sends.row(chat, chats.get(chat).size(),
                    String.format("%d (%d + %d)", sent.value().size(), sent.value().size() - deletes, deletes),
                    cost.partitionsRead(), cost.partitionWrites(), cost.batchlogWrites(), cost.requests());
        }
        sends.print();
        Story.say("""
                One message, one partition write per member plus one for the message itself. The delete
                and the insert of a member's row share that member's partition, so the store applies
                them as one write. The batch log writes are the price of "all or nothing": the
                coordinator first stores the whole batch in the batch log of up to two other nodes, and
                removes it there once every write is applied, so a crash halfway is finished later
                instead of leaving some lists stale.""");
        TextTable warned = TextTable.of("chat", "the node's warning on the batch's size");
        batchWarnings.forEach((chat, warning) -> warned.row(chat, warning.map(BatchSizeWarning::toString).orElse("none")));
        warned.print();
        Story.say("""
                The node judges each batch's size and says so in a warning sent back with the answer: a
                batch that spans partitions and is bigger than batch_size_warn_threshold (5 KiB by default
                in cassandra.yaml) is logged and warned about; past batch_size_fail_threshold (50 KiB) it
                is refused.""");
        batchWarnings.get("all-hands").ifPresentOrElse(big -> {
            long perMember = big.bytes() / (chats.get("all-hands").size() + 1);
            Story.say("""
                    The group of 100 crossed the first: %s. At about %d bytes a member, the refusal comes at
                    about %,d members (arithmetic from that size): past there a big group's send cannot be one
                    batch and becomes a fan-out job (lesson 06a builds one for DynamoDB's limit).""",
                    big, perMember, FAIL_THRESHOLD_BYTES / perMember);
            recap.line("the group of 100's batch: %s, warned by the node", big);
        }, () -> Story.say("No batch crossed the warning threshold this time."));
        NodesSeen.onOneNode(session, "On this one-node cluster the batch log is the coordinator's own.").ifPresent(Story::say);
        printAnasList();
        recap.line("one message wrote %d partitions in a chat of two, %d in a team of 6, %d in a group of 100",
                writesPerSend.get("ana-bo"), writesPerSend.get("team"), writesPerSend.get("all-hands"));
    }

    void printAnasList() {
        List<Row> all = session.execute(tables.chatList(ANA, 1_000)).all();
        long distinct = all.stream().map(r -> r.getString("conversation_id")).distinct().count();
        TextTable top = TextTable.of("Ana's list now", "last message at");
        all.stream().limit(4).forEach(r -> top.row(r.getString("conversation_id"), r.getInstant("last_message_at").toString()));
        top.print();
        Story.say("The three chats just written to are on top. Her partition holds %d rows for %d chats: each old row"
                + " was deleted.", all.size(), distinct);
    }

    void oneBatchOrOneWriteAtATime() {
        Story.section("The same writes: one logged batch, or one write at a time");
        List<BatchableStatement<?>> teamPlan = tables.send(session, "team", "bo");
        QueryCost singles = traced.measure(() -> teamPlan.forEach(traced::execute));
        BatchStatement teamBatch = BatchStatement.newInstance(BatchType.LOGGED, tables.send(session, "team", "bo"));
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
        recap.line("a logged batch: all or nothing (%d batch log writes), but not isolated", logged.batchlogWrites());
    }

    void rebuildFromTheSourceOfTruth() {
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
        int differ = onlyLive.size() + onlyRebuilt.size();
        Story.say((differ == 0 ? "The two agree row for row. "
                : "They differ in %d rows: the race above, or a lost write; the rebuilt copy is the right one. "
                .formatted(differ)) + """
                messages is the source of truth and chat_lists a copy kept for
                one question: it costs a write per member on every message, some space, and a moment in
                which the copies disagree. If a bug or a lost batch ever makes them drift, the job
                rebuilds the copy from the truth.""");
        recap.line("the rebuild from messages matched the live copy: %d rows differ", differ);
    }
}
