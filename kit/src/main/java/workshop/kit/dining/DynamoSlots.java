package workshop.kit.dining;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;

/**
 * One restaurant's slots in DynamoDB, laid out as in Cassandra: pk "restaurant#date" (one
 * partition per restaurant and day, so the open slots of a date are one Query), sk "time#table".
 * A booking is one UpdateItem whose condition the partition tests as it applies the write.
 */
public final class DynamoSlots {

    private final MeteredClient db;
    private final String table;
    private final long restaurant;

    private DynamoSlots(MeteredClient db, String table, long restaurant) {
        this.db = db;
        this.table = table;
        this.restaurant = restaurant;
    }

    /** Recreates the table empty. Set-up goes through the plain client; bookings are metered. */
    public static DynamoSlots recreate(Dynamo dynamo, MeteredClient db, String table, long restaurant) {
        Tables.recreate(dynamo, db.plain(), Tables.keyed(table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
        return new DynamoSlots(db, table, restaurant);
    }

    /** Every table of {@link SampleRestaurants} at every sitting of one day, free; returns the items written. */
    public int open(LocalDate date) {
        int perDay = SampleRestaurants.slotsPerDay();
        int tables = SampleRestaurants.tables();
        BatchLoader.put(db.plain(), table, "opening " + perDay + " slots", perDay, i -> {
            int table = (int) i % tables + 1;
            return Map.of("pk", fromS(partition(date)), "sk", fromS(sort(SampleRestaurants.SITTINGS.get((int) i / tables), table)),
                    "seats", fromN(Integer.toString(SampleRestaurants.seats(table))),
                    "zone", fromS(SampleRestaurants.PARIS.getId()));
        });
        return perDay;
    }

    /** A plain UpdateItem: writes the holder whatever the slot holds. */
    public void assign(LocalDate date, LocalTime time, int tableId, long user) {
        db.client().updateItem(u -> u.tableName(table).key(key(date, time, tableId))
                .updateExpression("SET reservation_id = :r, user_id = :u")
                .expressionAttributeValues(Map.of(":r", fromS(UUID.randomUUID().toString()), ":u", fromN(Long.toString(user)))));
    }

    /** Claims the slot if it exists, is free and seats the party; false when the condition failed. */
    public boolean book(LocalDate date, LocalTime time, int tableId, long user, int party) {
        try {
            // tag::conditional-update[]
            db.client().updateItem(u -> u.tableName(table).key(key(date, time, tableId))
                    .updateExpression("SET reservation_id = :r, user_id = :u")
                    .conditionExpression("attribute_exists(pk) AND attribute_not_exists(reservation_id) AND seats >= :party")
                    .expressionAttributeValues(Map.of(":r", fromS(UUID.randomUUID().toString()),
                            ":u", fromN(Long.toString(user)), ":party", fromN(Integer.toString(party)))));
            // end::conditional-update[]
            return true;
        } catch (ConditionalCheckFailedException taken) {
            return false;
        }
    }

    /** The user holding the slot, by a strongly consistent read. */
    public String holder(LocalDate date, LocalTime time, int tableId) {
        return db.plain().getItem(g -> g.tableName(table).key(key(date, time, tableId)).consistentRead(true))
                .item().get("user_id").n();
    }

    private Map<String, AttributeValue> key(LocalDate date, LocalTime time, int tableId) {
        return Map.of("pk", fromS(partition(date)), "sk", fromS(sort(time, tableId)));
    }

    private String partition(LocalDate date) {
        return restaurant + "#" + date;
    }

    /** Fixed width, so text order is time order, then table order. */
    private static String sort(LocalTime time, int tableId) {
        return String.format("%s#%02d", time, tableId);
    }
}
