package workshop.kit.chat;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.util.List;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Growth;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.TableShape;

/**
 * The chat app's catalogue: Q1-Q4 of the chat app and P1-P4 of its channels, on one set of tables
 * ({@link ChatTables}) loaded with {@link ChatData}. Lesson 09 builds it step by step; check it on
 * its own with ./jbang catalogue kit/src/main/java/workshop/kit/chat/ChatCatalogue.java.
 */
public final class ChatCatalogue implements Catalogue {

    /** Lesson 03's big group: the messages its chat gains a month, of about this many bytes each. */
    public static final int BIG_GROUP_MESSAGES_A_MONTH = 500_000;
    public static final int BYTES_A_MESSAGE = 100;
    /** The big group's partition growth, as Q1 declares it. */
    public static final Growth BIG_GROUP = Growth.perMonth(BIG_GROUP_MESSAGES_A_MONTH, BYTES_A_MESSAGE);

    /** The most 10-day buckets a read of a chat's newest messages walks back through. */
    public static final int WALK = 4;
    public static final String EXPORT_JOB = "a monthly export job scans every partition and keeps one sender's messages of one year";

    private final ChatData data = ChatData.generate();
    private ChatTables chat;

    @Override
    public String name() {
        return "chat app";
    }

    @Override
    public void setUp(CqlSession session) {
        chat = new ChatTables(session, WALK);
        chat.createTables();
        chat.load(data);
    }

    public ChatData data() {
        return data;
    }

    public ChatTables tables() {
        return chat;
    }

    /** A message with plenty of its chat's messages on both sides in the same bucket. */
    long middleOfLastBucket(String chatId) {
        List<Long> inBucket = data.messages().stream().filter(m -> m.conversationId().equals(chatId))
                .map(Message::messageId).filter(id -> ChatTables.bucketOf(id) == ChatTables.currentBucket() - 1).toList();
        return inBucket.get(inBucket.size() / 2);
    }

    /** The tables as the design draws them before ChatTables creates them: the diagram holds the schema to it. */
    @Override
    public List<TableShape> plannedTables() {
        return List.of(
                TableShape.table("messages").partitionKey("conversation_id text", "bucket int")
                        .clustering("message_id bigint", Mark.DESCENDING).columns("sender_id text", "body text"),
                TableShape.table("chat_lists").partitionKey("user_id text")
                        .clustering("last_message_at timestamp", Mark.DESCENDING).clustering("conversation_id text", Mark.ASCENDING),
                TableShape.table("message_lookup").partitionKey("message_id bigint").columns("conversation_id text"),
                TableShape.table("members").partitionKey("conversation_id text").clustering("user_id text", Mark.ASCENDING));
    }

    public AccessPattern pattern(String id) {
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
                        .plan(newestFirst).growing(BIG_GROUP.bucketedBy(Duration.ofDays(10)))
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
