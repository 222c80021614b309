package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * A single DynamoDB table drawn as NoSQL Workbench shows it: the table and each of its indexes as
 * item collections, read from the real table (its key schema and indexes from DescribeTable, the
 * items from a bounded sample). Key values are shortened to their shape: a segment between "#"s in
 * capitals stays as written (a type tag such as CUST or PROFILE), a date or time becomes
 * {@code <time>}, digits {@code <n>}, anything else {@code <id>}; so {@code CUST#cust-007} reads
 * {@code CUST#<id>}. Each question is an arrow into the table or index its requests named, when a
 * run measured them; a question not measured is listed without one.
 *
 * @param title  the design's name
 * @param source where the shapes come from ("a sample of 290 items of shop")
 * @param views  the table first, then its indexes
 * @param arrows one per question; an arrow's tables are views' names, empty when not measured
 */
public record ItemCollections(String title, String source, List<View> views, List<Arrow> arrows) {

    /** Shapes shown per view at most; the rest are counted. */
    static final int MOST_SHAPES = 8;

    public ItemCollections {
        views = List.copyOf(views);
        arrows = List.copyOf(arrows);
    }

    /**
     * The table or one of its indexes.
     *
     * @param name         the name shown: the table's, or the index's
     * @param kind         "table", "global secondary index" or "local secondary index"
     * @param partitionKey the partition key's attribute
     * @param sortKey      the sort key's attribute, or empty
     * @param projection   what an index holds of an item ("ALL", "KEYS_ONLY", "INCLUDE a, b"); empty for the table
     * @param items        items of the sample the view holds (an index holds only those carrying its keys)
     * @param collections  item collections by the shape of their partition key, in key order
     * @param moreShapes   shapes left out, past {@link #MOST_SHAPES}
     */
    public record View(String name, String kind, String partitionKey, String sortKey, String projection, int items,
                       List<Collection> collections, int moreShapes) {

        public View {
            collections = List.copyOf(collections);
        }

        public String keys() {
            return partitionKey + (sortKey.isEmpty() ? "" : ", " + sortKey);
        }
    }

    /**
     * The collections whose partition keys share one shape.
     *
     * @param partitionShape the shape, such as {@code CUST#<id>}
     * @param count          how many collections of this shape the sample holds
     * @param members        the items of one collection, by the shape of their sort key
     */
    public record Collection(String partitionShape, int count, List<Member> members) {

        public Collection {
            members = List.copyOf(members);
        }
    }

    /**
     * Items of one sort key shape.
     *
     * @param sortShape  the shape, such as {@code ORDER#<time>#<id>}; empty for a table without a sort key
     * @param entity     what the items are, from the type tag of their own key in the table
     * @param items      how many the sample holds
     * @param attributes the other attributes they carry, as the view holds them
     */
    public record Member(String sortShape, String entity, int items, List<String> attributes) {

        public Member {
            attributes = List.copyOf(attributes);
        }

        /** "-> #ORDER", or "-> <n>#<id>, ORDER items" when the shape does not name what the items are. */
        public String label() {
            String sort = sortShape.isEmpty() ? "(no sort key)" : sortShape;
            return "\u2192 " + sort + (List.of(sortShape.split("#")).contains(entity) ? "" : ", " + entity + " items");
        }
    }

    /** Reads the table's keys and indexes, and at most {@code most} of its items, through a client that should not be metered. */
    public static ItemCollections read(DynamoDbClient client, String table, String title, String shownAs, int most) {
        TableDescription description = client.describeTable(d -> d.tableName(table)).table();
        List<Map<String, AttributeValue>> items = client.scanPaginator(s -> s.tableName(table).limit(100)).items().stream()
                .limit(most).toList();
        return of(title, shownAs, description, items);
    }

    /**
     * A table as planned, before it exists: its key schema and indexes from the request that will
     * create it, and the items a catalogue will load. No store.
     */
    public static ItemCollections planned(String title, CreateTableRequest table, List<Map<String, AttributeValue>> items) {
        TableDescription description = TableDescription.builder().tableName(table.tableName()).keySchema(table.keySchema())
                .globalSecondaryIndexes(table.globalSecondaryIndexes().stream().map(index -> GlobalSecondaryIndexDescription.builder()
                        .indexName(index.indexName()).keySchema(index.keySchema()).projection(index.projection()).build()).toList())
                .localSecondaryIndexes(table.localSecondaryIndexes().stream().map(index -> LocalSecondaryIndexDescription.builder()
                        .indexName(index.indexName()).keySchema(index.keySchema()).projection(index.projection()).build()).toList())
                .build();
        ItemCollections drawn = of(title, table.tableName(), description, items);
        return new ItemCollections(title, String.format("the plan of %s and the %,d item(s) it will load", table.tableName(),
                items.size()), drawn.views(), List.of());
    }

    /** The table described and its items, drawn; no store. */
    static ItemCollections of(String title, String shownAs, TableDescription description, List<Map<String, AttributeValue>> items) {
        Key tableKey = Key.of(description.keySchema());
        List<View> views = new ArrayList<>();
        views.add(view(shownAs, "table", tableKey, "", tableKey, items));
        description.globalSecondaryIndexes().forEach(index -> views.add(view(index.indexName(), "global secondary index",
                Key.of(index.keySchema()), projection(index.projection()), tableKey, items)));
        description.localSecondaryIndexes().forEach(index -> views.add(view(index.indexName(), "local secondary index",
                Key.of(index.keySchema()), projection(index.projection()), tableKey, items)));
        String source = String.format("DescribeTable and a sample of %,d item(s) of %s", items.size(), shownAs);
        return new ItemCollections(title, source, views, List.of());
    }

    /** The same drawing with these questions: arrows into views by name. */
    public ItemCollections withArrows(List<Arrow> questions) {
        return new ItemCollections(title, source, views, questions);
    }

    public List<Arrow> measured() {
        return arrows.stream().filter(a -> !a.tables().isEmpty()).toList();
    }

    public List<Arrow> notMeasured() {
        return arrows.stream().filter(a -> a.tables().isEmpty()).toList();
    }

    public Optional<View> view(String name) {
        return views.stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /** The drawing's file name, as a catalogue's: "order system" becomes "order-system". */
    public String slug() {
        return Diagram.slug(title);
    }

    private record Key(String partition, String sort) {

        static Key of(List<KeySchemaElement> schema) {
            String hash = schema.stream().filter(k -> k.keyType() == KeyType.HASH).findFirst().orElseThrow().attributeName();
            String range = schema.stream().filter(k -> k.keyType() == KeyType.RANGE).map(KeySchemaElement::attributeName)
                    .findFirst().orElse("");
            return new Key(hash, range);
        }

        boolean carriedBy(Map<String, AttributeValue> item) {
            return item.containsKey(partition) && (sort.isEmpty() || item.containsKey(sort));
        }

        Set<String> names() {
            return sort.isEmpty() ? Set.of(partition) : Set.of(partition, sort);
        }
    }

    private static String projection(Projection projection) {
        return projection.projectionType() == ProjectionType.INCLUDE
                ? "INCLUDE " + String.join(", ", projection.nonKeyAttributes()) : projection.projectionTypeAsString();
    }

    private static View view(String name, String kind, Key key, String projection, Key tableKey,
                             List<Map<String, AttributeValue>> items) {
        Map<String, Set<String>> collections = new TreeMap<>(); // the partition key values of each shape
        Map<String, Map<String, Shaped>> members = new TreeMap<>();
        int held = 0;
        for (Map<String, AttributeValue> item : items) {
            if (!key.carriedBy(item)) {
                continue; // a sparse index holds only the items that carry its keys
            }
            held++;
            String partition = shape(item.get(key.partition()));
            String sort = key.sort().isEmpty() ? "" : shape(item.get(key.sort()));
            collections.computeIfAbsent(partition, p -> new TreeSet<>()).add(value(item.get(key.partition())));
            Shaped shaped = members.computeIfAbsent(partition, p -> new TreeMap<>()).computeIfAbsent(sort, s -> new Shaped());
            shaped.items++;
            shaped.entities.add(entity(item, tableKey));
            item.keySet().stream().filter(a -> !key.names().contains(a) && !tableKey.names().contains(a))
                    .filter(a -> projected(projection, a)).forEach(shaped.attributes::add);
        }
        List<Collection> drawn = new ArrayList<>();
        int shapes = 0;
        int left = 0;
        for (var partition : members.entrySet()) {
            List<Member> kept = new ArrayList<>();
            for (var sort : partition.getValue().entrySet()) {
                if (shapes++ < MOST_SHAPES) {
                    Shaped s = sort.getValue();
                    kept.add(new Member(sort.getKey(), String.join(" / ", s.entities), s.items, List.copyOf(s.attributes)));
                } else {
                    left++;
                }
            }
            if (!kept.isEmpty()) {
                drawn.add(new Collection(partition.getKey(), collections.get(partition.getKey()).size(), kept));
            }
        }
        return new View(name, kind, key.partition(), key.sort(), projection, held, drawn, left);
    }

    private static boolean projected(String projection, String attribute) {
        return projection.isEmpty() || projection.equals("ALL")
                || projection.startsWith("INCLUDE ") && List.of(projection.substring(8).split(", ")).contains(attribute);
    }

    /** Items of one sort key shape in one partition key shape. */
    private static final class Shaped {
        int items;
        final Set<String> entities = new TreeSet<>();
        final Set<String> attributes = new TreeSet<>();
    }

    private static final Pattern TAG = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}(T.*)?");
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    /** A key value's shape: {@code ORDER#2025-06-01T08:00:00Z#o-17} reads {@code ORDER#<time>#<id>}. */
    public static String shape(AttributeValue value) {
        if (value.s() == null) {
            return value.n() != null ? "<n>" : "<binary>";
        }
        List<String> segments = new ArrayList<>();
        for (String segment : value.s().split("#", -1)) {
            segments.add(segmentShape(segment));
        }
        return String.join("#", segments);
    }

    private static String segmentShape(String segment) {
        if (segment.isEmpty() || TAG.matcher(segment).matches()) {
            return segment;
        }
        if (TIME.matcher(segment).matches()) {
            return segment.contains("T") ? "<time>" : "<date>";
        }
        return DIGITS.matcher(segment).matches() ? "<n>" : "<id>";
    }

    /** The item's type: the first tag of its sort key in the table, else of its partition key; "item" when neither has one. */
    private static String entity(Map<String, AttributeValue> item, Key tableKey) {
        for (String attribute : List.of(tableKey.sort(), tableKey.partition())) {
            AttributeValue value = attribute.isEmpty() ? null : item.get(attribute);
            if (value != null && value.s() != null) {
                for (String segment : value.s().split("#")) {
                    if (TAG.matcher(segment).matches()) {
                        return segment;
                    }
                }
            }
        }
        return "item";
    }

    private static String value(AttributeValue value) {
        return value.s() != null ? value.s() : value.n() != null ? value.n() : String.valueOf(value.b());
    }
}
