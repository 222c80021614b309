package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.fixtures.chat.ChatCatalogue;
import workshop.fixtures.chat.ChatTables;
import workshop.kit.HeadlessChromium;
import workshop.kit.Workshop;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.SchemaShapes;
import workshop.kit.catalogue.TableShape;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.Difference;
import workshop.kit.diagram.SvgDiagram;

/**
 * Diagrams drawn from a real keyspace's schema: lesson 09's tables as ChatTables builds them match
 * the plan its catalogue declares, a reversed clustering order shows as a difference, and the
 * drawing renders in a real browser (a screenshot stays in testkit/target/diagrams/ to look at).
 */
@ExtendWith(CassandraExtension.class)
class DiagramOfTheSchemaTest {

    private static final ChatCatalogue CHAT = new ChatCatalogue();
    private static List<TableShape> built;

    @BeforeAll
    static void build(CqlSession plain) {
        new ChatTables(plain, ChatCatalogue.WALK).createTables();
        plain.execute(Keyspaces.schema("""
                CREATE TABLE readings (sensor_id text, taken_at timestamp, value double, site_name text static,
                  PRIMARY KEY ((sensor_id), taken_at))"""));
        plain.execute(Keyspaces.schema("CREATE INDEX readings_value ON readings (value)"));
        built = SchemaShapes.of(plain);
    }

    private static List<TableShape> chatTables() {
        return built.stream().filter(t -> !t.name().equals("readings")).toList();
    }

    @Test
    void lesson09sTablesAreBuiltAsTheirPlanSays() {
        assertEquals(List.of(), Difference.between(CHAT.plannedTables(), chatTables()));
        TableShape chatLists = chatTables().stream().filter(t -> t.name().equals("chat_lists")).findFirst().orElseThrow();
        assertEquals(List.of(Mark.PARTITION_KEY, Mark.DESCENDING, Mark.ASCENDING),
                chatLists.columns().stream().map(TableShape.Column::mark).toList());
        assertEquals("timestamp", chatLists.column("last_message_at").orElseThrow().type());
    }

    @Test
    void theSchemaMarksStaticAndIndexedColumnsAndAReversedOrderDiffersFromThePlan() {
        TableShape readings = built.stream().filter(t -> t.name().equals("readings")).findFirst().orElseThrow();
        assertEquals(Mark.STATIC, readings.column("site_name").orElseThrow().mark());
        assertEquals(Mark.INDEXED, readings.column("value").orElseThrow().mark());
        TableShape planned = TableShape.table("readings").partitionKey("sensor_id text")
                .clustering("taken_at timestamp", Mark.DESCENDING).columns("value double");
        assertEquals(List.of("readings.taken_at clustered descending (C desc) in the plan, clustered ascending (C asc) as built"),
                Difference.between(List.of(planned), List.of(readings)).stream().map(Difference::toString).toList());
    }

    @Test
    void lesson09sDiagramRendersInChromium() throws Exception {
        Path folder = Workshop.root().resolve("testkit/target/diagrams");
        Files.createDirectories(folder);
        Diagram diagram = Diagram.ofSchema(CHAT.name(), CHAT.patterns(), CHAT.plannedTables(), chatTables());
        Path svg = Files.writeString(folder.resolve(diagram.slug() + ".svg"), SvgDiagram.render(diagram));
        HeadlessChromium chromium = HeadlessChromium.find(Workshop.root().resolve("testkit/target/chromium"))
                .orElseGet(() -> HeadlessChromium.unavailable("The diagram", "No Chromium or Chrome found. Install one"
                        + " (Debian/Ubuntu: apt-get install chromium) or point CHROMIUM at its executable."));
        String dom = chromium.dumpDom(svg.toUri());
        assertFalse(dom.contains("parsererror") || dom.contains("This page contains the following errors"), dom);
        assertTrue(dom.contains("<svg"), dom);
        for (TableShape table : CHAT.plannedTables()) {
            assertTrue(dom.contains(">" + table.name() + "</text>"), table.name() + " is not drawn: " + dom);
        }
        for (String pattern : List.of("Q1", "Q2", "Q3", "Q3b", "Q4", "P1", "P2", "P3", "P4")) {
            assertTrue(dom.contains(">" + pattern + " ("), pattern + " is not drawn");
        }
        Path png = folder.resolve(diagram.slug() + ".png");
        chromium.screenshot(svg.toUri(), png, 1100, 1000);
        assertTrue(Files.size(png) > 10_000, "the screenshot of " + svg + " is blank");
    }
}
