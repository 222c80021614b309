package workshop.kit.chat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import workshop.kit.ids.Snowflake;

/**
 * The month before NOW of a chat app, the same on every run: one loud public group, small groups
 * and many quiet direct chats.
 */
public record ChatData(List<Message> messages, Map<String, List<String>> members) {

    public static final Instant NOW = Instant.parse("2025-01-03T12:00:00Z");
    public static final Duration HISTORY = Duration.ofDays(30);
    public static final int USERS = 120;
    public static final String BUSY_CHAT = "town-square";
    public static final int BUSY_MEMBERS = 60;
    public static final int BUSY_MESSAGES = 2_000;
    public static final int GROUPS = 10;
    public static final int GROUP_SIZE = 6;
    public static final int GROUP_MESSAGES = 40;
    public static final int DIRECT_CHATS = 80;
    public static final int DIRECT_MESSAGES = 20;

    public static ChatData generate() {
        Random random = new Random(9);
        List<String> users = IntStream.rangeClosed(1, USERS).mapToObj(i -> String.format("u%03d", i)).toList();
        Map<String, List<String>> members = new LinkedHashMap<>();
        Map<String, Integer> sizes = new LinkedHashMap<>();
        members.put(BUSY_CHAT, users.subList(0, BUSY_MEMBERS));
        sizes.put(BUSY_CHAT, BUSY_MESSAGES);
        for (int g = 1; g <= GROUPS; g++) {
            members.put(String.format("group-%02d", g), pick(users, GROUP_SIZE, random));
            sizes.put(String.format("group-%02d", g), GROUP_MESSAGES);
        }
        for (int d = 1; d <= DIRECT_CHATS; d++) {
            members.put(String.format("dm-%03d", d), pick(users, 2, random));
            sizes.put(String.format("dm-%03d", d), DIRECT_MESSAGES);
        }
        record Draft(String chat, String sender, long sentAt) {}
        List<Draft> drafts = new ArrayList<>();
        long start = NOW.minus(HISTORY).toEpochMilli();
        sizes.forEach((chat, count) -> {
            for (int i = 0; i < count; i++) {
                List<String> in = members.get(chat);
                drafts.add(new Draft(chat, in.get(random.nextInt(in.size())), start + (long) (random.nextDouble() * HISTORY.toMillis())));
            }
        });
        drafts.sort(Comparator.comparingLong(Draft::sentAt));
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            Draft draft = drafts.get(i);
            // The low bits keep two messages of the same millisecond apart, in the order they were drawn.
            long id = Snowflake.firstIdAt(Instant.ofEpochMilli(draft.sentAt())) + i % 4096;
            messages.add(new Message(draft.chat(), id, draft.sender(), "message " + i + " from " + draft.sender()));
        }
        return new ChatData(List.copyOf(messages), members);
    }

    private static List<String> pick(List<String> users, int count, Random random) {
        List<String> shuffled = new ArrayList<>(users);
        Collections.shuffle(shuffled, random);
        return List.copyOf(shuffled.subList(0, count));
    }

    public List<String> membersOf(String chat) {
        return members.get(chat);
    }

    public List<String> chatsOf(String user) {
        return members.entrySet().stream().filter(e -> e.getValue().contains(user)).map(Map.Entry::getKey).toList();
    }

    public String userInMostChats() {
        return members.values().stream().flatMap(List::stream).distinct()
                .max(Comparator.comparingInt((String u) -> chatsOf(u).size()).thenComparing(Comparator.reverseOrder())).orElseThrow();
    }

    public String busiestSender() {
        Map<String, Long> sent = new TreeMap<>();
        messages.forEach(m -> sent.merge(m.senderId(), 1L, Long::sum));
        return sent.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    public String directChat() {
        return "dm-007";
    }

    public String groupChat() {
        return "group-03";
    }

    /** The chat's n-th message, oldest first. */
    public Message messageOf(String chat, int n) {
        return messages.stream().filter(m -> m.conversationId().equals(chat)).skip(n).findFirst().orElseThrow();
    }

    /** The id of each chat's last message: chat_lists' sort key, as a rebuild from messages finds it. */
    public Map<String, Long> lastMessageIds() {
        Map<String, Long> last = new LinkedHashMap<>();
        messages.forEach(m -> last.merge(m.conversationId(), m.messageId(), Math::max));
        return last;
    }
}
