///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chat/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN access_pattern_catalogue
//DESCRIPTION Lesson 09: the access-pattern catalogue as code, checked against the store

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import workshop.fixtures.chat.ChatCatalogue;
import workshop.fixtures.chat.ChatData;
import workshop.fixtures.chat.EarlierDesigns;
import workshop.fixtures.chat.Message;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Growth;
import workshop.kit.catalogue.LargestPartition;
import workshop.kit.catalogue.Observation;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.PlanReview;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.SchemaShapes;
import workshop.kit.catalogue.Verdict;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.QueryCost;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.DiagramFiles;
import workshop.kit.diagram.TextDiagram;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.kit.terminal.Words;

/** The chat app's catalogue (kit/.../chat/ChatCatalogue.java) built step by step, each step checked. */
class access_pattern_catalogue {

    static final String KS = "lesson09";

    /** Lesson 03's bucket, Discord's, held to the checker's rule in step 6. */
    static final Duration LESSON_03_BUCKET = Duration.ofDays(10);

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
            access_pattern_catalogue lesson = new access_pattern_catalogue(CatalogueCheck.on(plain));
            lesson.listTheQuestions();
            lesson.reviewTheWorksheet();
            lesson.loadRealisticData();
            lesson.startEntityFirst();
            lesson.keyTheBusiestQuestion();
            lesson.checkTheAnswerToo();
            lesson.aTableForEachBusyQuestion();
            lesson.rareQuestions();
            lesson.bucketTheGrowingPartitions();
            lesson.aSecondCatalogue();
            lesson.checkTheWholeCatalogue();
            lesson.drawTheModel();
            lesson.sayItInAnInterview();
            lesson.recap.print("./jbang check 09 (sensor readings, lessons/09-access-pattern-catalogue/src), then ./jbang lesson10");
        }
    }

    private final CatalogueCheck checker;
    private final CqlSession session;
    private final ChatCatalogue catalogue = new ChatCatalogue();
    private final Recap recap = Recap.measured();
    private ChatData data;
    private AccessPattern q1;

    access_pattern_catalogue(CatalogueCheck checker) {
        this.checker = checker;
        this.session = checker.session();
    }

    void listTheQuestions() {
        Story.section("Step 1: list the questions, with their rates");
        printQuestions("Q");
        Story.say("""
                The list comes first and the tables second. The rates decide everything that follows:
                Q1 is asked four times as often as Q2 and thousands of times as often as the others, so
                its key is chosen first and nothing later may make it slower. The step before the list,
                what the data is (entities, keys, relationships) and the mapping rules that turn each
                question into a key, is lesson 09a: ./jbang lesson09a.""");
    }

    void reviewTheWorksheet() {
        Story.section("The worksheet, reviewed before any table exists");
        // Q1 as first drafted: one partition per chat, growing with the big group.
        AccessPattern draftQ1 = catalogue.pattern("Q1").unserved().plan(Plan.range("messages")).growing(ChatCatalogue.BIG_GROUP);
        List<AccessPattern> worksheet = new ArrayList<>(List.of(draftQ1));
        catalogue.patterns().stream().filter(p -> p.id().startsWith("Q") && !p.id().equals("Q1"))
                .map(p -> p.unserved().plan(p.plan())).forEach(worksheet::add);
        Story.say("""
                Each question gets the plan meant to serve it, and the brief's numbers for what grows,
                still without a table or a line of code. ./jbang catalogue --plan reviews such a
                worksheet without a cluster:""");
        CatalogueReport review = PlanReview.of("chat app, first draft", worksheet);
        review.print();
        Verdict draft = review.resultsOf("Q1").get(0).verdict();
        Story.say("""
                Q1's verdict, %s, comes before a row exists: a chat's partition never stops growing.
                The review offers the widest of its usual bucket widths (a month, 10 days, a week, a
                day, an hour) that bounds it, or a TTL of %d days; step 6 works out the widest bucket
                from the same numbers. The busy questions have keys and the rare ones say how they are
                answered; what each plan promises about partitions and rows read is measured from here
                on, on real data.""", draft, ChatCatalogue.BIG_GROUP.daysWithinTheRule());
    }

    void loadRealisticData() {
        Story.section("Realistic data, loaded once");
        catalogue.setUp(session);
        data = catalogue.data();
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
    }

    void startEntityFirst() {
        Story.section("Where an entity-first model starts: messages keyed by message_id");
        q1 = catalogue.pattern("Q1").unserved();
        // tag::entity-first[]
        CatalogueReport naive = checker.check("entity-first", List.of(q1.plan(Plan.range("messages_by_id"))
                .servedBy(ChatData.BUSY_CHAT, () -> EarlierDesigns.newestByScan(session, ChatData.BUSY_CHAT, 50))));
        naive.print();
        // end::entity-first[]
        Observation scan = naive.results().get(0).observed();
        boolean sameAnswer = EarlierDesigns.newestByScan(session, ChatData.BUSY_CHAT, 50).equals(
                EarlierDesigns.newest(session, ChatData.BUSY_CHAT, 50).stream().map(r -> r.getLong("message_id")).toList());
        Story.say("""
                The declaration says "one partition, in order"; the trace says %s on %s and %,d
                rows read to keep 50. The answer is %s (compared with the next design's),
                and the checker fails it anyway: no key serves Q1 in this table, so every one of its
                20,000 requests a second would read every message.""", Words.count(scan.rangeScans(), "token range"),
                Words.count(scan.nodes().size(), "node"),
                scan.rowsRead(), sameAnswer ? "right" : "NOT the same");
        recap.line("Q1 on messages_by_id: %s, %,d rows read for 50", Words.count(scan.rangeScans(), "token range"),
                scan.rowsRead());
    }

    void keyTheBusiestQuestion() {
        Story.section("Steps 2 and 3: a partition key for the busiest, a sort key for its order");
        // tag::by-conversation[]
        CatalogueReport byConversation = checker.check("Q1 by conversation", List.of(q1.plan(Plan.range("messages_by_conversation"))
                .servedBy(ChatData.BUSY_CHAT, () -> EarlierDesigns.newest(session, ChatData.BUSY_CHAT, 50))));
        byConversation.print();
        // end::by-conversation[]
        long rowsRead = byConversation.results().get(0).observed().rowsRead();
        LargestPartition chat = byConversation.largestOf("messages_by_conversation").orElseThrow();
        Story.say("""
                Q1 names a chat, so the chat is the partition key: PRIMARY KEY ((conversation_id),
                message_id). It asks for the newest first, so the time-ordered id sorts the partition,
                descending. One partition on one node, %,d rows read for 50 wanted: the key is right.
                The verdict is %s all the same, for the partition it reads: %s holds %,d rows, with
                no time column, no bucket in its key and no TTL, so nothing in the design stops it
                growing. The worksheet said so from the brief's numbers, and step 6 bounds it; until
                then every pattern that reads this table fails for it, and what else each report says
                is the point of the next steps.""", rowsRead, byConversation.results().get(0).verdict(), chat.key(),
                chat.rows());
    }

    void checkTheAnswerToo() {
        Story.section("The right partition, the wrong answer");
        // The oracle: the newest 50 of the busy chat, worked out from the generated data, not read from a table.
        Answer newestFifty = Answer.inOrder(data.messages().stream().filter(m -> m.conversationId().equals(ChatData.BUSY_CHAT))
                .map(Message::messageId).sorted(Comparator.reverseOrder()).limit(50).toList());
        PreparedStatement oldestFirst = session.prepare("""
                SELECT message_id FROM messages_by_conversation WHERE conversation_id = ? ORDER BY message_id ASC LIMIT 50""");
        // tag::answers[]
        CatalogueReport answered = checker.check("Q1, answers checked", List.of(q1.plan(Plan.range("messages_by_conversation"))
                .servedBy("newest first", newestFifty, () -> messageIds(EarlierDesigns.newest(session, ChatData.BUSY_CHAT, 50)))
                .servedBy("ORDER BY ASC", newestFifty, () -> messageIds(session.execute(oldestFirst.bind(ChatData.BUSY_CHAT)).all()))));
        answered.print();
        // end::answers[]
        Observation right = answered.results().get(0).observed();
        Observation wrong = answered.results().get(1).observed();
        Story.say("""
                Both runs read one partition and %,d and %,d rows, and both carry step 2's unbounded
                partition: by cost alone the second is as good as the first. It returns the chat's
                oldest 50 messages. A sample that carries the right answer, computed from the data
                apart from the tables, fails it a second time and names what differs. Design briefs
                ship such an oracle, so a design is graded on what it answers as well as on what it
                reads.""", right.rowsRead(), wrong.rowsRead());
        recap.line("Q1 keyed by conversation: 1 partition, %,d rows read, of a partition of %,d rows and no bound; "
                + "oldest first, the same cost and a %s answer", right.rowsRead(),
                answered.largestOf("messages_by_conversation").orElseThrow().rows(), answered.results().get(1).answer());
    }

    private static List<Long> messageIds(List<Row> rows) {
        return rows.stream().map(r -> r.getLong("message_id")).toList();
    }

    void aTableForEachBusyQuestion() {
        Story.section("Step 4: a table for each other busy question");
        String user = data.userInMostChats();
        List<String> chatsOfUser = data.chatsOf(user);
        CatalogueReport fromMessages = checker.check("Q2 from messages", List.of(catalogue.pattern("Q2").unserved()
                .plan(Plan.range("messages_by_conversation")).servedBy(user + ", in " + chatsOfUser.size() + " chats",
                        () -> EarlierDesigns.chatListFromMessages(session, chatsOfUser))));
        fromMessages.print();
        Observation naive = fromMessages.results().get(0).observed();
        Story.say("""
                Q2 could be answered from the messages table: the newest message of each of the user's
                chats, sorted by the app. For %s that is %d partitions in one request, on %s, and
                the checker fails that scatter-gather besides step 2's unbounded partition. A user in
                200 chats makes it 200, at 5,000 requests a second: a million partition reads a second,
                each request as slow as its slowest partition.""", user, naive.distinctPartitions(),
                Words.count(naive.nodes().size(), "node"));
        CatalogueReport fromChatLists = checker.check("Q2 from chat_lists", List.of(catalogue.pattern("Q2")));
        fromChatLists.print();
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
            int members = data.membersOf(chat).size();
            QueryCost sent = probe.write(catalogue.tables().send(chat, data.membersOf(chat).get(0), "hello from lesson 09"));
            writes.row(chat, members, sent.partitionWrites());
            sendCosts.add(String.format("%d partitions for %d members", sent.partitionWrites(), members));
        }
        writes.print();
        Story.say("""
                A message row, a row in the message_id lookup table (step 5), and one chat-list
                partition per member: the cost of Q2's table grows with the size of the chat, and it is
                paid at the rate messages are sent, not at the rate Q2 is asked. In a big group the
                batch grows with it, and a queue that retries the copies becomes the better way to
                apply them.""");
        recap.line("Q2 from messages: %d partitions; from chat_lists: %d, and a message wrote %s", naive.distinctPartitions(),
                fromChatLists.results().get(0).observed().distinctPartitions(), String.join(", and ", sendCosts));
    }

    void rareQuestions() {
        Story.section("Step 5: rare questions reuse a key, or run as batch jobs");
        long linked = data.messageOf(ChatData.BUSY_CHAT, 100).messageId();
        String exporter = data.busiestSender();
        AccessPattern q4 = catalogue.pattern("Q4").unserved().plan(Plan.batchJob("messages_by_conversation", ChatCatalogue.EXPORT_JOB));
        CatalogueReport rare = checker.check("rare questions", List.of(
                catalogue.pattern("Q3").unserved().plan(Plan.point("messages_by_conversation"))
                        .servedBy("a link with both ids", () -> EarlierDesigns.messageByLink(session, ChatData.BUSY_CHAT, linked)),
                catalogue.pattern("Q3b").unserved().plan(Plan.point("message_lookup").then(Plan.point("messages_by_conversation")))
                        .servedBy("an id-only link", () -> EarlierDesigns.messageById(session, linked)),
                q4.servedBy(exporter + ", 2024", () -> EarlierDesigns.export(session, "messages_by_conversation", exporter, 2024))));
        rare.print();
        // Q3 and Q3b read messages_by_conversation: the unbounded partition of step 2 should be their only failure.
        boolean onlyUnbounded = rare.results().stream().filter(r -> r.verdict() == Verdict.FAILED)
                .allMatch(r -> r.reasons().size() == 1 && r.reasons().get(0).contains("unbounded"));
        Story.say("""
                Q3 with both ids in the link names Q1's whole primary key: a one-row read, no new table.
                A link with only the message id needs one small table, message_id -> conversation_id:
                two one-row reads, fine at Q3's rate. %s Q4 names no chat at all. A table keyed by sender
                and year would add a write to every message for a question asked once a month, so it
                runs as a batch job that scans every partition off the request path: explained, not
                green, and the report says why.""", onlyUnbounded
                ? "Both fail here for step 2's unbounded partition alone, which step 6 bounds."
                : "They fail here for more than step 2's unbounded partition: read their reasons.");
        checker.check("Q4, asked live", List.of(q4.rate(Rate.perSecond(1_000))
                .servedBy(exporter + ", 2024", () -> EarlierDesigns.export(session, "messages_by_conversation", exporter, 2024))))
                .print();
        Story.say("""
                The same plan at 1,000 requests a second fails before anything runs: a busy pattern
                with no key is a design problem, not a tuning problem. It would need its own table,
                keyed by sender.""");
    }

    void bucketTheGrowingPartitions() {
        Story.section("Step 6: bound the growing partitions with a bucket");
        Growth group = ChatCatalogue.BIG_GROUP;
        long daysByRows = (long) (Growth.MOST_ROWS / group.rowsPerDay());
        long daysByBytes = (long) (Growth.MOST_BYTES / (group.rowsPerDay() * group.rowBytes()));
        long days = ChatCatalogue.BUCKET.toDays();
        Story.say("""
                One partition per chat never stops growing, and a partition lives whole on one node, so
                more nodes do not help. Lesson 03's public group writes %,d messages a month, %,.0f a
                day; at %d bytes each that is %.1f MB a day. The checker's rule of thumb allows one
                partition %,d rows or %d MB, whichever comes first: this group reaches the rows in %d
                days and the bytes in %d. The rows decide: a bucket of at most %d days, the TTL the
                worksheet review offered. Lesson 03 took Discord's %d days, sized by bytes; counted in
                rows too, it fails:""", ChatCatalogue.BIG_GROUP_MESSAGES_A_MONTH, group.rowsPerDay(), group.rowBytes(),
                group.rowsPerDay() * group.rowBytes() / 1e6, Growth.MOST_ROWS, Growth.MOST_BYTES / 1_000_000, daysByRows,
                daysByBytes, days, LESSON_03_BUCKET.toDays());
        AccessPattern planned = catalogue.pattern("Q1");
        PlanReview.of("Q1 with lesson 03's bucket", List.of(planned.unserved().plan(planned.plan())
                .growing(group.bucketedBy(LESSON_03_BUCKET)))).print();
        Story.say("""
                The final messages table puts a %d-day bucket, computed from the message id itself, in
                the partition key: PRIMARY KEY ((conversation_id, bucket), message_id). ChatCatalogue
                derives it from the brief's numbers (BIG_GROUP.daysWithinTheRule()), so a busier group
                in the brief narrows it.""", days);
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
        Growth declared = catalogue.pattern("Q1").growth();
        Story.say("""
                The plan's line is the growth Q1 declares, from the brief's numbers before any data
                exists: one %d-day bucket of the big group holds %,d rows and %.1f MB, at the rule and
                not past it. The brief's rate is the group at its busiest; a group that outgrows it
                needs a narrower bucket from the same arithmetic, at the price of more walking in quiet
                chats.""", days, declared.rows(), declared.bytes() / 1e6);
        recap.line("Q1's bucket: %d days, where the big group reaches %,d rows (%d MB would take %d days)", days,
                Growth.MOST_ROWS, Growth.MOST_BYTES / 1_000_000, daysByBytes);
    }

    void aSecondCatalogue() {
        Story.section("A second catalogue on the same tables: channels");
        printQuestions("P");
        Story.say("""
                P1 and P2 name a channel and read it in message order: Q1's key serves both, P2 reading
                the same partition in both directions from a message. P3 names a user: Q2's table.
                P4 looks for words inside messages; no partition key can find a substring, so it goes
                to a search index fed from the messages table. No new table for four new questions.""");
    }

    void checkTheWholeCatalogue() {
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
        recap.line("the whole catalogue: %d runs green, %d explained, %d failed", report.count(Verdict.GREEN),
                report.count(Verdict.EXPLAINED), report.count(Verdict.FAILED));
    }

    void drawTheModel() {
        Story.section("The model, drawn");
        Diagram diagram = Diagram.ofSchema(catalogue.name(), catalogue.patterns(), catalogue.plannedTables(),
                SchemaShapes.of(checker.session()));
        TextDiagram.lines(diagram).forEach(System.out::println);
        Path drawing = DiagramFiles.write(diagram);
        List<String> unplanned = diagram.differences().stream().map(workshop.kit.diagram.Difference::table).distinct().toList();
        Story.say("""
                A Chebotko diagram, drawn from the keyspace's schema and the catalogue: %d tables with
                their keys (K partition key, C clustering column and its order), %d questions each an
                arrow into the tables that answer it, %d drawn apart because no key serves them. The
                catalogue declares its tables as planned too (plannedTables()), and the schema differs
                from that plan in %d places: %s. Those are the earlier steps' tables, still in the
                keyspace; no question reads them any more, and a table nothing reads is one to drop.
                Open %s in a browser to see the drawing; ./jbang catalogue --plan draws the plan
                alone, before any table exists.""",
                diagram.tables().size(), diagram.arrows().size(), diagram.unserved().size(), diagram.differences().size(),
                String.join(", ", unplanned), drawing);
        recap.line("the model drawn: %d tables, %d questions, %d differences from the plan, in %s", diagram.tables().size(),
                diagram.arrows().size(), diagram.differences().size(), drawing);
    }

    void sayItInAnInterview() {
        Story.section("Saying it in a design interview");
        Story.say("""
                "Before any table, I list the questions with their rates and latency targets. The
                busiest one picks the partition key: what it names. Its order picks the sort key, so the
                read stops at the limit. Every other busy question gets a table shaped like it, written
                alongside, with one table as the source of truth the others can be rebuilt from. Rare
                questions reuse a key or run as batch jobs; text search goes to a search index. A bucket
                in the key caps partitions that grow without end, as wide as the busiest one's rate
                allows under 100,000 rows or 100 MB, whichever it reaches first. Then I prove it: each
                busy pattern reads one partition, measured, not assumed." """);
        Story.say("""
                The checker runs on any class implementing workshop.kit.catalogue.Catalogue:
                ./jbang catalogue fixtures/src/main/java/workshop/fixtures/chat/ChatCatalogue.java checks this
                lesson's, and ./jbang catalogue path/to/YourCatalogue.java checks one of yours against
                the cluster. Write the patterns first, plans and no code: ./jbang catalogue --plan
                reviews them before any table exists.""");
    }

    /** The catalogue's questions whose ids start with the prefix, with their rates and targets. */
    void printQuestions(String prefix) {
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
}
