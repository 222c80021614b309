///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/concurrent/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/dining/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/h2/*.java
//MAIN booking_in_dynamodb
//DESCRIPTION Appendix to lesson 07: the same booking in DynamoDB, a conditional UpdateItem

import static workshop.fixtures.dining.SampleRestaurants.HALF_SEVEN;
import static workshop.fixtures.dining.SampleRestaurants.LE_SEPT;
import static workshop.fixtures.dining.SampleRestaurants.TABLE_SEVEN;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import workshop.fixtures.concurrent.Contenders;
import workshop.fixtures.dining.DynamoSlots;
import workshop.fixtures.dining.SampleRestaurants;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class booking_in_dynamodb {

    public static void main(String... args) {
        Failures.guard(booking_in_dynamodb::run);
    }

    static void run() {
        Story.title("07b", "appendix: the same booking in DynamoDB, a conditional write");
        LocalDate evening = LocalDate.now(Clock.systemUTC().withZone(SampleRestaurants.PARIS)).plusDays(3);
        Story.say("""
                DynamoDB tests a condition and applies the write as one step inside the partition that holds
                the item, with no extra round trip. The slots table keeps the same layout: pk "<restaurant>#<date>"
                (one partition per restaurant and day, so "open slots on a date" is one Query), sk
                "<time>#<table>". A booking is an UpdateItem with ConditionExpression
                attribute_exists(pk) AND attribute_not_exists(reservation_id) AND seats >= :party.""");
        Dynamo dynamo = Dynamo.findOrStart();
        try (MeteredClient db = dynamo.meteredClient()) {
            DynamoSlots slots = DynamoSlots.recreate(dynamo, db, dynamo.table("lesson07b_slots"), LE_SEPT);
            slots.open(evening);
            Metered<Boolean> plain = db.measure(() -> {
                slots.assign(evening, HALF_SEVEN, 8, 99);
                return true;
            });
            // Measured as a whole: the two requests overlap, so neither can be timed apart from the other.
            Metered<List<Boolean>> race = db.measure(() -> Contenders.race(2,
                    d -> () -> slots.book(evening, HALF_SEVEN, TABLE_SEVEN, 100 + d, 2)));
            TextTable.of("diner", "UpdateItem ... ConditionExpression on table 7")
                    .row("Ana", race.value().get(0) ? "applied" : "ConditionalCheckFailedException")
                    .row("Ben", race.value().get(1) ? "applied" : "ConditionalCheckFailedException")
                    .print();
            TextTable.of("write", "requests", "items written", "write units (formula)")
                    .row("plain UpdateItem (table 8)", plain.cost().requestsText(), plain.cost().itemsWritten(),
                            plain.cost().writeUnitsText())
                    .row("Ana and Ben, conditional, racing", race.cost().requestsText(), race.cost().itemsWritten(),
                            race.cost().writeUnitsText())
                    .print();
            Story.say("""
                    Ana and Ben were released at the same moment: %d write applied, the other came back as
                    ConditionalCheckFailedException, which is the 409. Each attempt costs what the plain write
                    costs: one request, billed by the larger of the slot item before and after it (under 1 KB,
                    so one write unit). The loser pays its unit too: a failed condition is still billed for the
                    item it tested. Where Cassandra's lightweight transaction needs several Paxos round trips,
                    the condition here is evaluated by the partition's leader, which orders writes to its items.""",
                    race.value().stream().filter(a -> a).count());
            LocalTime nine = LocalTime.of(21, 0);
            Metered<List<Boolean>> crowd = db.measure(() -> Contenders.race(12,
                    d -> () -> slots.book(evening, nine, TABLE_SEVEN, 300 + d, 2)));
            long won = crowd.value().stream().filter(a -> a).count();
            Story.say("""
                    12 diners released at once on table 7 at 21:00: %d applied, %d refused; the slot holds user
                    %s. All 12 attempts together: %s, %s write units.""", won, 12 - won,
                    slots.holder(evening, nine, TABLE_SEVEN), crowd.cost().requestsText(), crowd.cost().writeUnitsText());
            Recap.measured()
                    .line("a plain UpdateItem: %s, %s write unit(s)", plain.cost().requestsText(), plain.cost().writeUnitsText())
                    .line("two racing conditional writes: %d applied, both billed (%s write units)",
                            race.value().stream().filter(a -> a).count(), race.cost().writeUnitsText())
                    .line("DynamoDB: a ConditionExpression, one request per attempt; of 12 diners racing, %d won", won)
                    .print("./jbang lesson08");
        }
    }
}
