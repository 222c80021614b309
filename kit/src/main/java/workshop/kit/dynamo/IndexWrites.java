package workshop.kit.dynamo;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * What a table write costs on one global secondary index, by AWS's rules (CostRecorder bills the
 * table only): an item lacking any of the index's key attributes is not in the index; one that
 * enters, leaves or changes its projected attributes costs one write of its index entry (the keys
 * and the projected attributes, 1 KB per unit); one whose index key changes costs two, the old
 * entry deleted and the new one put; one whose entry did not change costs nothing.
 */
public final class IndexWrites {

    private final String name;
    private final List<String> indexKeys;
    private final List<String> tableKeys;
    private final ProjectionType projection;
    private final Set<String> included;

    public IndexWrites(GlobalSecondaryIndex index, List<String> tableKeys) {
        this.name = index.indexName();
        this.indexKeys = index.keySchema().stream().map(KeySchemaElement::attributeName).toList();
        this.tableKeys = List.copyOf(tableKeys);
        this.projection = index.projection().projectionType();
        this.included = new HashSet<>(index.projection().hasNonKeyAttributes() ? index.projection().nonKeyAttributes() : List.of());
    }

    public String name() {
        return name;
    }

    /** Whether the item appears in the index at all: only if it carries every index key attribute. */
    public boolean indexes(Map<String, AttributeValue> item) {
        return item != null && indexKeys.stream().allMatch(item::containsKey);
    }

    /** The index's copy of the item: its table and index keys plus what the index projects. */
    public Map<String, AttributeValue> entry(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> entry = new HashMap<>();
        item.forEach((attribute, value) -> {
            boolean key = tableKeys.contains(attribute) || indexKeys.contains(attribute);
            if (key || projection == ProjectionType.ALL || projection == ProjectionType.INCLUDE && included.contains(attribute)) {
                entry.put(attribute, value);
            }
        });
        return entry;
    }

    /** Write units the index spends when the item goes from before to after (null: no item). */
    public double units(Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
        Map<String, AttributeValue> old = indexes(before) ? entry(before) : null;
        Map<String, AttributeValue> now = indexes(after) ? entry(after) : null;
        if (old == null && now == null || old != null && old.equals(now)) {
            return 0;
        }
        if (old == null || now == null) {
            return CapacityUnits.write(ItemSize.of(old == null ? now : old), false);
        }
        boolean keyMoved = indexKeys.stream().anyMatch(k -> !old.get(k).equals(now.get(k)));
        return keyMoved ? CapacityUnits.write(ItemSize.of(old), false) + CapacityUnits.write(ItemSize.of(now), false)
                : CapacityUnits.write(Math.max(ItemSize.of(old), ItemSize.of(now)), false);
    }

    /** Write units a new item costs on the index. */
    public double units(Map<String, AttributeValue> put) {
        return units(null, put);
    }
}
