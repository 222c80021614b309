package workshop.kit.chat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** Lesson 04's user and her 200 chats: 198 with one friend each, a team of 6 and a group of 100. */
public final class AnasChats {

    public static final String ANA = "ana";

    private AnasChats() {}

    /** Every chat Ana is in, with its members (Ana first). */
    public static Map<String, List<String>> generate() {
        Map<String, List<String>> chats = new LinkedHashMap<>();
        chats.put("ana-bo", List.of(ANA, "bo"));
        for (int friend = 1; friend < 198; friend++) {
            chats.put("ana-f" + friend, List.of(ANA, "f" + friend));
        }
        chats.put("team", List.of(ANA, "bo", "cy", "di", "ed", "flo"));
        List<String> everyone = new ArrayList<>(List.of(ANA));
        IntStream.range(1, 100).mapToObj(i -> "staff" + i).forEach(everyone::add);
        chats.put("all-hands", List.copyOf(everyone));
        return chats;
    }
}
