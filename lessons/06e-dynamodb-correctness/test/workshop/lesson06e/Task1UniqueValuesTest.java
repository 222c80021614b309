package workshop.lesson06e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Optional;
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
import workshop.kit.dynamo.Tables;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-1")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Task1UniqueValuesTest {

    private static AccountsTable store;

    @BeforeEach
    void createOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (store == null) {
            store = AccountsTable.create(client, metered, tables,
                    new Account("u1", "ana", "ana@example.com", "Ana"));
        }
    }

    private static long items() {
        return Tables.count(store.meter().plain(), store.table(), null);
    }

    @Test
    @Order(1)
    @DisplayName("a registered account reads back at version 1, in one GetItem")
    void registersAndReadsBack() {
        Metered<Optional<Profile>> read = store.meter().measure(() -> store.accounts().profile("u1"));
        assertEquals(Optional.of(new Profile("u1", "ana", "ana@example.com", "Ana", 1)), read.value());
        CostExpectations.assertOneRead("profile(\"u1\")", read.cost(), 1);
        assertEquals(Optional.empty(), store.accounts().profile("nobody"));
    }

    @Test
    @Order(2)
    @DisplayName("a username, an email or a user id another account holds is refused, naming the field")
    void takenValuesAreRefused() {
        assertEquals("username", assertThrows(TakenException.class,
                () -> store.accounts().register(new Account("u2", "ana", "other@example.com", "Another Ana")),
                taken("the username ana")).field());
        assertEquals("email", assertThrows(TakenException.class,
                () -> store.accounts().register(new Account("u3", "ana2", "ana@example.com", "Ana's twin")),
                taken("the email ana@example.com")).field());
        assertEquals("user id", assertThrows(TakenException.class,
                () -> store.accounts().register(new Account("u1", "someone", "someone@example.com", "Someone")),
                taken("the user id u1")).field());
    }

    private static String taken(String value) {
        return "u1 holds " + value + ", yet a second registration of it was accepted. A condition sees only"
                + " the item its write names: give each unique value an item keyed by the value, put with"
                + " attribute_not_exists(PK) in the registration's transaction";
    }

    @Test
    @Order(3)
    @DisplayName("a refused registration writes nothing: its free username stays free")
    void refusedRegistrationWritesNothing() {
        long before = items();
        assertThrows(TakenException.class, () -> store.accounts().register(new Account("u4", "cy", "ana@example.com", "Cy")));
        long after = items();
        if (after != before) {
            fail(String.format("""
                    register(cy, ana@example.com) was refused for its email, yet it added %d item(s) to the table.
                      The username cy is now held by an account that does not exist: nobody can ever register it.
                      Every write of a registration belongs in its one TransactWriteItems, each put with
                      attribute_not_exists, so a refused value cancels them all.""", after - before));
        }
        store.accounts().register(new Account("u4", "cy", "cy@example.com", "Cy"));
        assertEquals("Cy", store.accounts().profile("u4").orElseThrow().displayName());
    }

    @Test
    @Order(4)
    @DisplayName("a registration is one TransactWriteItems of 3 items: the account, its username, its email")
    void registerIsOneTransaction() {
        DynamoCost cost = store.meter().measure(() -> store.accounts().register(new Account("u5", "dee", "dee@example.com", "Dee")));
        int otherWrites = cost.requests("PutItem") + cost.requests("UpdateItem") + cost.requests("DeleteItem")
                + cost.requests("BatchWriteItem");
        if (cost.requests("TransactWriteItems") != 1 || otherWrites > 0 || cost.itemsWritten() != 3) {
            fail(String.format("""
                    register(dee) made %s and wrote %d item(s); expected one TransactWriteItems of 3 items.
                      A marker written on its own stays behind when the next write is refused or the app stops:
                      every write of a registration belongs in its one TransactWriteItems.""",
                    cost.requestsText(), cost.itemsWritten()));
        }
    }

    @Test
    @Order(5)
    @DisplayName("another sign-up takes the email between this one's reads and its write: this one is refused")
    void interleavedRegistration() {
        Accounts racing = new Accounts(AroundWrites.otherWriteFirst(store.dynamo(), () -> store.accounts().register(
                new Account("first", "first", "shared@example.com", "First"))), store.table());
        String outcome;
        try {
            racing.register(new Account("second", "second", "shared@example.com", "Second"));
            outcome = "registered";
        } catch (TakenException taken) {
            outcome = "refused, " + taken.field() + " taken";
        }
        boolean both = store.accounts().profile("first").isPresent() && store.accounts().profile("second").isPresent();
        if (both || !outcome.equals("refused, email taken")) {
            fail(String.format("""
                    Another sign-up took shared@example.com after this one looked and before it wrote; this one was
                      %s%s. A check by a read before the write cannot see a value taken in between:
                      let the marker's own put, with attribute_not_exists(PK), decide.""",
                    outcome, both ? ", and both accounts now hold the email" : ""));
        }
    }
}
