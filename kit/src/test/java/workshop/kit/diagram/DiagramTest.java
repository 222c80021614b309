package workshop.kit.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.TableShape;
import workshop.kit.chat.ChatCatalogue;

/** The diagram drawn from lesson 09's chat catalogue before any table exists, and held against a built schema. */
class DiagramTest {

    private static final ChatCatalogue CHAT = new ChatCatalogue();
    private static final Diagram PLAN = Diagram.ofPlan(CHAT.name(), CHAT.patterns(), CHAT.plannedTables());

    @Test
    void everyTableKeyMarkAndQuestionIsInTheText() {
        List<String> lines = TextDiagram.lines(PLAN);
        String text = String.join("\n", lines);
        for (TableShape table : CHAT.plannedTables()) {
            assertTrue(lines.contains("  " + table.name()), text);
        }
        assertTrue(text.contains("    conversation_id  text    K"), text);
        assertTrue(text.contains("    message_id       bigint  C desc"), text);
        assertTrue(text.contains("Q3b one message, from a link with its id only (1/s): point, then point -> message_lookup >"), text);
        assertTrue(text.contains("(20,000/s): range, walks <= 4 partitions -> messages"), text);
        String apart = text.substring(text.indexOf("No key serves"));
        assertTrue(apart.contains("Q4") && apart.contains("batch job") && apart.contains("P4"), text);
        assertTrue(lines.stream().allMatch(line -> line.length() <= 100), text);
    }

    @Test
    void theSvgIsWellFormedAndHoldsEveryTableMarkAndArrow() throws Exception {
        Document svg = parse(SvgDiagram.render(PLAN));
        String texts = allText(svg);
        for (TableShape table : CHAT.plannedTables()) {
            assertTrue(texts.contains(table.name()), table.name());
        }
        long keyMarks = CHAT.plannedTables().stream().flatMap(t -> t.columns().stream()).filter(c -> c.mark().key()).count();
        NodeList texts2 = svg.getElementsByTagName("text");
        long drawnMarks = 0;
        for (int i = 0; i < texts2.getLength(); i++) {
            String content = texts2.item(i).getTextContent();
            drawnMarks += content.equals("K") || content.equals("C\u2191") || content.equals("C\u2193") ? 1 : 0;
        }
        assertEquals(keyMarks, drawnMarks);
        long arrows = PLAN.arrows().stream().mapToLong(a -> a.tables().size()).sum();
        assertEquals(arrows, svg.getElementsByTagName("path").getLength() - 2, "one path per question and table it reads");
        assertTrue(texts.contains("No key serves these") && texts.contains("no key serves it: batch job"), texts);
        assertTrue(texts.contains("range, walks <= 4 partitions"), texts);
    }

    @Test
    void aReversedClusteringOrderAMissingKeyAndAnUnplannedTableShowAsDifferences() {
        TableShape planned = TableShape.table("readings").partitionKey("sensor_id text", "day date")
                .clustering("taken_at timestamp", Mark.DESCENDING).columns("value double");
        TableShape built = TableShape.table("readings").partitionKey("sensor_id text")
                .clustering("taken_at timestamp", Mark.ASCENDING).columns("day date", "value double");
        List<Difference> found = Difference.between(List.of(planned, TableShape.table("sensors").partitionKey("id text")),
                List.of(built, TableShape.table("readings_copy").partitionKey("sensor_id text")));
        assertEquals(List.of(
                "readings partition key (sensor_id, day) in the plan, (sensor_id) as built",
                "readings.taken_at clustered descending (C desc) in the plan, clustered ascending (C asc) as built",
                "sensors is in the plan but was not built",
                "readings_copy was built but the plan never names it"), found.stream().map(Difference::toString).toList());
        Diagram diagram = Diagram.ofSchema("sensors", List.of(), List.of(planned), List.of(built));
        assertEquals(1, diagram.differencesOf("readings", Optional.of("taken_at")).size());
        String text = String.join("\n", TextDiagram.lines(diagram));
        assertTrue(text.contains("taken_at   timestamp  C asc  != plan"), text);
        assertTrue(allText(parse(SvgDiagram.render(diagram))).contains("\u2260 readings.taken_at clustered descending"));
    }

    @Test
    void tablesAreReadFromTheCreateStatementsOfALessonsSource() throws Exception {
        String source = java.nio.file.Files.readString(workshop.kit.Workshop.root().resolve("kit/src/main/java/workshop/kit/chat/ChatTables.java"));
        List<TableShape> parsed = CqlShapes.parse(source);
        assertEquals(List.of("messages", "message_lookup", "members", "chat_lists"), parsed.stream().map(TableShape::name).toList());
        assertEquals(List.of(), Difference.between(CHAT.plannedTables(), parsed), "ChatTables builds what ChatCatalogue plans");
        TableShape sites = CqlShapes.parse("""
                CREATE TABLE sites (site text, sensor text, name text STATIC, kind text, PRIMARY KEY ((site), sensor))
                WITH CLUSTERING ORDER BY (sensor DESC)";
                CREATE INDEX sites_kind ON sites (kind)""").get(0);
        assertEquals(List.of(Mark.PARTITION_KEY, Mark.DESCENDING, Mark.STATIC, Mark.INDEXED),
                sites.columns().stream().map(TableShape.Column::mark).toList());
        assertEquals("text", sites.column("name").orElseThrow().type());
    }

    @Test
    void dynamoTablesAreReadFromTheirKeyDefinitions() {
        List<TableShape> parsed = KeyShapes.parse("""
                Tables.recreate(dynamo, client, Tables.keyed(orders, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
                Tables.create(client, Tables.keyed(messages, "pk", ScalarAttributeType.S, "message_id",
                        ScalarAttributeType.N).build());
                Tables.create(client, Tables.keyed(sessions, "session_id", ScalarAttributeType.S).build());""");
        assertEquals(List.of("orders", "messages", "sessions"), parsed.stream().map(TableShape::name).toList());
        TableShape messages = parsed.get(1);
        assertEquals(List.of("pk"), messages.partitionKeyNames());
        assertEquals(Mark.ASCENDING, messages.column("message_id").orElseThrow().mark());
        assertTrue(messages.column("message_id").orElseThrow().type().startsWith("N, sort key"));
        assertEquals(List.of(), parsed.get(2).clusteringColumns(), "a table keyed by a partition key alone");
    }

    @Test
    void noDifferencesWithoutAPlan() {
        assertEquals(List.of(), Difference.between(List.of(), List.of(TableShape.table("t").partitionKey("id int"))));
    }

    private static Document parse(String svg) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("the SVG is not well-formed XML: " + e.getMessage(), e);
        }
    }

    private static String allText(Document svg) {
        return svg.getDocumentElement().getTextContent();
    }
}
