package workshop.kit.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.TableShape;

/** A diagram held against a built schema, and tables read from their definitions (the chat catalogue's own diagram is fixtures' ChatDiagramTest). */
class DiagramTest {

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
        assertTrue(SvgDiagram.render(diagram).contains("\u2260 readings.taken_at clustered descending"));
    }

    @Test
    void staticAndIndexedColumnsAreReadFromTheCreateStatements() {
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
}
