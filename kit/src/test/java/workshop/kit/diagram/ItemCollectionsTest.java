package workshop.kit.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** A single table drawn from its description and items, without a store: shapes, a sparse index, arrows and questions not measured. */
class ItemCollectionsTest {

    /** A customer, an order with two lines, and a sparse index of PLACED orders. */
    private static final TableDescription SHOP = TableDescription.builder()
            .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH), k -> k.attributeName("SK").keyType(KeyType.RANGE))
            .globalSecondaryIndexes(g -> g.indexName("awaiting")
                    .keySchema(k -> k.attributeName("queue").keyType(KeyType.HASH), k -> k.attributeName("queued_at").keyType(KeyType.RANGE))
                    .projection(p -> p.projectionType("KEYS_ONLY")))
            .build();
    private static final List<Map<String, AttributeValue>> ITEMS = List.of(
            Map.of("PK", fromS("CUST#cust-007"), "SK", fromS("PROFILE"), "name", fromS("Ada")),
            Map.of("PK", fromS("ORDER#o-1"), "SK", fromS("#ORDER"), "placed_at", fromS("2025-06-01T08:00:00Z"),
                    "queue", fromS("PLACED"), "queued_at", fromS("1748764800000#o-1")),
            Map.of("PK", fromS("ORDER#o-1"), "SK", fromS("LINE#0001"), "sku", fromS("sku-1"), "quantity", fromN("2")),
            Map.of("PK", fromS("ORDER#o-1"), "SK", fromS("LINE#0002"), "sku", fromS("sku-2"), "quantity", fromN("1")));
    private static final ItemCollections DRAWN = ItemCollections.of("order system", "shop", SHOP, ITEMS).withArrows(List.of(
            new Arrow("O3", "an order and its lines", "500/s", List.of("shop"), "1 Query per call", true, ""),
            new Arrow("O4", "the oldest PLACED orders", "5/s", List.of("awaiting"), "1 Query per call", true, ""),
            new Arrow("O5", "change an order's status", "100/s", List.of(), "not measured", false, "")));

    @Test
    void keyValuesAreShortenedToTheirShape() {
        assertEquals("CUST#<id>", ItemCollections.shape(fromS("CUST#cust-007")));
        assertEquals("ORDER#<time>#<id>", ItemCollections.shape(fromS("ORDER#2025-06-01T08:00:00Z#o-17")));
        assertEquals("<date>", ItemCollections.shape(fromS("2025-06-01")));
        assertEquals("#ORDER", ItemCollections.shape(fromS("#ORDER")));
        assertEquals("LINE#<n>", ItemCollections.shape(fromS("LINE#0001")));
        assertEquals("<n>", ItemCollections.shape(fromN("42")));
    }

    @Test
    void eachViewHoldsItsCollectionsAndASparseIndexOnlyTheItemsCarryingItsKeys() {
        ItemCollections.View table = DRAWN.view("shop").orElseThrow();
        assertEquals(4, table.items());
        assertEquals(List.of("CUST#<id>", "ORDER#<id>"), table.collections().stream().map(ItemCollections.Collection::partitionShape).toList());
        ItemCollections.Collection orders = table.collections().get(1);
        assertEquals(List.of("#ORDER", "LINE#<n>"), orders.members().stream().map(ItemCollections.Member::sortShape).toList());
        assertEquals(2, orders.members().get(1).items());
        assertEquals(List.of("quantity", "sku"), orders.members().get(1).attributes());
        ItemCollections.View awaiting = DRAWN.view("awaiting").orElseThrow();
        assertEquals(1, awaiting.items(), "only the PLACED order carries the index's keys");
        ItemCollections.Member queued = awaiting.collections().get(0).members().get(0);
        assertEquals("\u2192 <n>#<id>, ORDER items", queued.label(), "the items' type comes from their key in the table");
        assertEquals(List.of(), queued.attributes(), "KEYS_ONLY projects no other attribute");
    }

    @Test
    void theSvgIsWellFormedWithAnArrowPerMeasuredQuestionAndTheOthersListedApart() throws Exception {
        String svg = SvgItemCollections.render(DRAWN);
        Document parsed = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, parsed.getElementsByTagName("path").getLength() - 2, "O3 and O4 drawn, O5 not: nothing measured it");
        String texts = parsed.getDocumentElement().getTextContent();
        assertTrue(texts.contains("ORDER#<id>") && texts.contains("Not measured in this run"), texts);
        List<String> lines = ItemCollectionsText.lines(DRAWN);
        String text = String.join("\n", lines);
        assertTrue(text.contains("O4 the oldest PLACED orders (5/s): 1 Query per call -> awaiting"), text);
        assertTrue(text.contains("-> LINE#<n>, 2 item(s): quantity, sku"), text);
        assertFalse(text.substring(text.indexOf("Not measured")).contains("->"), text);
        assertTrue(lines.stream().allMatch(line -> line.length() <= 100), text);
    }
}
