package workshop.lesson06e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-3")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Task3MemberCountTest {

    private static AccountsTable store;

    @BeforeEach
    void createOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (store == null) {
            store = AccountsTable.create(client, metered, tables);
        }
    }

    @Test
    @Order(1)
    @DisplayName("joining counts each member once; a second join changes nothing")
    void joinCountsOnce() {
        assertEquals(true, store.accounts().join("chess", "ana"), "ana's first join of chess");
        assertEquals(true, store.accounts().join("chess", "ben"), "ben's first join of chess");
        boolean again = store.accounts().join("chess", "ana");
        long count = store.accounts().memberCount("chess");
        if (again || count != 2) {
            fail(String.format("""
                    ana and ben joined chess, then ana joined again: that join returned %s and the count is %d.
                      A member joins once: the membership's put needs attribute_not_exists, and when it is
                      refused the count must not move either (both in one transaction).""", again, count));
        }
        assertEquals(0, store.accounts().memberCount("go"), "a group nobody joined");
    }

    @Test
    @Order(2)
    @DisplayName("a join is one TransactWriteItems of 2 items, and the count is one GetItem")
    void joinIsOneTransaction() {
        DynamoCost cost = store.meter().measure(() -> store.accounts().join("chess", "cy")).cost();
        int otherWrites = cost.requests("PutItem") + cost.requests("UpdateItem") + cost.requests("DeleteItem")
                + cost.requests("BatchWriteItem");
        if (cost.requests("TransactWriteItems") != 1 || otherWrites > 0 || cost.itemsWritten() != 2) {
            fail(String.format("""
                    join(chess, cy) made %s and wrote %d item(s); expected one TransactWriteItems of 2 items.
                      A count moved by a write of its own drifts from the memberships the first time the app
                      stops in between: write the membership and the count in the same TransactWriteItems.""",
                    cost.requestsText(), cost.itemsWritten()));
        }
        Metered<Long> count = store.meter().measure(() -> store.accounts().memberCount("chess"));
        assertEquals(3, count.value());
        CostExpectations.assertOneRead("memberCount(\"chess\")", count.cost(), 1);
    }

    @Test
    @Order(3)
    @DisplayName("the app stops after its first write and the join is retried: the count still matches the members")
    void countSurvivesACrash() {
        DynamoDbClient crashing = AroundWrites.stoppingBeforeWrite(store.dynamo(), 2);
        try {
            new Accounts(crashing, store.table()).join("poker", "dee");
        } catch (IllegalStateException stopped) {
            store.accounts().join("poker", "dee"); // the retry, as a client whose request failed would send it
        }
        long count = store.accounts().memberCount("poker");
        if (count != 1) {
            fail(String.format("""
                    dee joined poker once; the app stopped after its first write and retried the join. The
                      count is now %d. Written apart, the membership stayed and its count did not, and the
                      retry found dee a member already: write the membership and the count in the same
                      TransactWriteItems, so they happen together or not at all.""", count));
        }
    }
}
