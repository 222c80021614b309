package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import workshop.fixtures.chat.ChatCatalogue;
import workshop.kit.Workshop;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.TableShape;
import workshop.kit.diagram.Arrow;
import workshop.kit.diagram.CqlShapes;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.KeyShapes;
import workshop.kit.diagram.SvgDiagram;
import workshop.kit.lessons.Lessons;

/**
 * The diagrams the decks show, drawn each time the decks are rendered from the code they picture:
 * the CREATE TABLE statements a lesson runs, the DynamoDB keys it defines, and the chat app's catalogue. So a picture never drifts
 * from the design. Written into diagrams/ beside the output's charts; a deck shows one as
 * image::diagrams/NAME.svg[] (its imagesdir is the charts folder).
 */
final class DeckDiagrams {

    static final String FOLDER = "diagrams";

    private DeckDiagrams() {}

    static Map<String, Diagram> all() {
        ChatCatalogue chat = new ChatCatalogue();
        return Map.of(
                "chat-app", Diagram.ofPlan(chat.name(), chat.patterns(), chat.plannedTables()),
                "lesson01-two-designs", lesson01(chat.pattern("Q1")),
                "lesson04-chat-lists", lesson04(chat.pattern("Q2")),
                "lesson06-item-collections", lesson06(),
                "lesson07-one-booking", lesson07());
    }

    /** Lesson 01's designs A and B, as its schemas tag creates them, and Q1 asked of each. */
    private static Diagram lesson01(AccessPattern q1) {
        List<TableShape> tables = CqlShapes.parse(tagged(Lessons.require("01").script(), "schemas"));
        String rate = q1.rate().toString();
        return Diagram.of("Lesson 01: one question, two designs", "lesson 01's CREATE TABLE statements", tables, List.of(
                new Arrow("A", q1.question(), rate, List.of("messages_by_id"), "every node, every partition scanned", false, ""),
                new Arrow("B", q1.question(), rate, List.of("messages_by_conversation"), "range", true, "")));
    }

    /** Lesson 04's Q2 before (a read per chat of the user's) and after (one partition of chat_lists). */
    private static Diagram lesson04(AccessPattern q2) {
        // chat_lists and its rebuilt twin are created by one formatted statement: named here as the lesson names them
        String source = read(Workshop.root().resolve("fixtures/src/main/java/workshop/fixtures/chat/ChatListTables.java"));
        List<TableShape> tables = CqlShapes.parse(source.replace("CREATE TABLE %s", "CREATE TABLE chat_lists")).stream()
                .filter(t -> List.of("user_chats", "messages", "chat_lists").contains(t.name())).toList();
        String rate = q2.rate().toString();
        return Diagram.of("Lesson 04: a user's chats, before and after", "lesson 04's CREATE TABLE statements", tables, List.of(
                new Arrow("before", q2.question(), rate, List.of("user_chats", "messages"),
                        "a read of every chat the user is in, sorted in the app", false, ""),
                new Arrow("after", q2.question(), rate, List.of("chat_lists"), "range", true, "")));
    }

    /** Lesson 06's customer page by Scan (before) and by Query (after), and a channel's page, on the keys the lesson defines. */
    private static Diagram lesson06() {
        List<TableShape> tables = KeyShapes.parse(tagged(Lessons.require("06").script(), "tables")).stream()
                .filter(t -> List.of("orders", "messages").contains(t.name())).toList();
        String page = "a customer page: the profile and the 20 newest orders";
        return Diagram.of("Lesson 06: item collections, Scan against Query", "lesson 06's key definitions", tables, List.of(
                new Arrow("before", page, "", List.of("orders"), "Scan with a filter: every item collection read, 20 items kept",
                        false, ""),
                new Arrow("after", page, "", List.of("orders"),
                        "Query: one item collection (pk CUST#id), newest first, stops at Limit", true, ""),
                new Arrow("paging", "a channel's newest 50 messages", "", List.of("messages"),
                        "Query per bucket (pk channel:bucket)", true, "walks back to the channel's first bucket")));
    }

    /** Lesson 07's booking before (reservations hash-partitioned by reservation_id) and after (the slot row, in Cassandra). */
    private static Diagram lesson07() {
        List<TableShape> tables = new ArrayList<>(CqlShapes.parse(read(Workshop.root().resolve(
                "fixtures/src/main/java/workshop/fixtures/dining/HashPartitioned.java"))));
        CqlShapes.parse(read(Lessons.require("07").files(Workshop.root()).solution().resolve("LwtSlotBooking.java"))).stream()
                .filter(t -> t.name().equals("slots")).forEach(tables::add);
        String book = "book a table at a sitting";
        return Diagram.of("Lesson 07: one booking, two designs", "HashPartitioned's and LwtSlotBooking's CREATE TABLE statements",
                tables, List.of(
                        new Arrow("before", book, "50/s", List.of("reservations"),
                                "check, then insert, in the diner's own partition", false, ""),
                        new Arrow("after", book, "50/s", List.of("slots"), "one conditional update of the slot row (LWT)", true, ""),
                        new Arrow("after", "open slots at a restaurant, on a date, for a party", "1,000/s", List.of("slots"),
                                "range", true, "")));
    }

    /** The lines between a source file's tag::NAME[] and end::NAME[], as the decks include them. */
    private static String tagged(String file, String tag) {
        String source = read(Workshop.root().resolve(file));
        int start = source.indexOf("tag::" + tag + "[]");
        int end = source.indexOf("end::" + tag + "[]");
        if (start < 0 || end < start) {
            throw new IllegalStateException(file + " has no tag::" + tag + "[] region for its deck's diagram");
        }
        return source.substring(start, end);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void write(Path out) {
        try {
            Files.createDirectories(out.resolve(FOLDER));
            for (Map.Entry<String, Diagram> diagram : all().entrySet()) {
                Files.writeString(out.resolve(FOLDER).resolve(diagram.getKey() + ".svg"), SvgDiagram.render(diagram.getValue()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
