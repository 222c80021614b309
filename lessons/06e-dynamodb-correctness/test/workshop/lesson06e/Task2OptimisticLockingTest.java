package workshop.lesson06e;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-2")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Task2OptimisticLockingTest {

    private static AccountsTable store;

    @BeforeEach
    void createOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (store == null) {
            store = AccountsTable.create(client, metered, tables,
                    new Account("u1", "ana", "ana@example.com", "Ana"),
                    new Account("u2", "ben", "ben@example.com", "Ben"), new Account("u3", "cy", "cy@example.com", "Cy"));
        }
    }

    @Test
    @Order(1)
    @DisplayName("a rename at the current version is applied and moves the version on; at an old one it changes nothing")
    void renameMovesTheVersionOn() {
        assertEquals(true, store.accounts().rename("u1", 1, "Ana B."), "rename(u1, version 1) of an account at version 1");
        assertEquals(Optional.of(new Profile("u1", "ana", "ana@example.com", "Ana B.", 2)), store.accounts().profile("u1"));
        assertEquals(false, store.accounts().rename("u1", 1, "Ana C."), "rename(u1, version 1) of an account now at version 2");
        assertEquals(Optional.of(new Profile("u1", "ana", "ana@example.com", "Ana B.", 2)), store.accounts().profile("u1"));
        assertEquals(false, store.accounts().rename("ghost", 1, "Ghost"), "rename of an account that does not exist");
        assertEquals(Optional.empty(), store.accounts().profile("ghost"), "a rename must not create an account");
    }

    @Test
    @Order(2)
    @DisplayName("another writer commits between the read of version 1 and the write: the second writer is rejected")
    void staleWriterIsRejected() {
        long read = store.accounts().profile("u2").orElseThrow().version();
        Accounts racing = new Accounts(AroundWrites.otherWriteFirst(store.dynamo(), () -> store.accounts().rename("u2", read, "Ben (by the other writer)")), store.table());
        boolean applied = racing.rename("u2", read, "Ben (by this writer)");
        Profile now = store.accounts().profile("u2").orElseThrow();
        if (applied || !now.displayName().equals("Ben (by the other writer)") || now.version() != read + 1) {
            fail(String.format("""
                    Both writers read ben at version %d. The other one renamed him first; this one's
                      rename(u2, %d, ...) then returned %s, and the profile is now "%s" at version %d.
                      The other writer's change was lost. A version read before an unconditional write is
                      stale by the time the write lands: Put the version check in the write itself
                      (ConditionExpression version = :expected) and return false when it fails.""",
                    read, read, applied, now.displayName(), now.version()));
        }
    }

    @Test
    @Order(3)
    @DisplayName("a rename is one write request and no read")
    void renameIsOneWrite() {
        long version = store.accounts().profile("u3").orElseThrow().version();
        DynamoCost cost = store.meter().measure(() -> store.accounts().rename("u3", version, "Cy D.")).cost();
        int writes = cost.requests("UpdateItem") + cost.requests("PutItem") + cost.requests("TransactWriteItems");
        if (cost.requests() != 1 || writes != 1) {
            fail(String.format("""
                    rename(u3, ...) made %s.
                      One conditional write decides on its own, where a read before it only adds a request
                      and a window for another writer: Put the version check in the write itself.""", cost.requestsText()));
        }
    }
}
