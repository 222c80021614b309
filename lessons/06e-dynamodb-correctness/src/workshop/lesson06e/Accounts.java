package workshop.lesson06e;

import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06e (tests: Task1UniqueValuesTest, Task2OptimisticLockingTest, Task3MemberCountTest):
 * accounts and groups in one DynamoDB table, correct under concurrent writers. DynamoDB checks a
 * condition on one item at a time and applies a TransactWriteItems all or nothing: every rule
 * below must be kept by a condition or a transaction, never by a read before a write.
 *
 * The tests give you a client and a table name of your own. workshop.kit.dynamo.Tables.keyed and
 * Tables.create save typing.
 */
public class Accounts {

    private final DynamoDbClient client;
    private final String table;

    public Accounts(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** Creates the table and waits until it exists. */
    public void createTable() {
        // TODO: create the table (generic key names such as PK and SK leave room for every item type)
        throw new UnsupportedOperationException("TODO: create the accounts table");
    }

    /**
     * Task 1: stores a new account at version 1. No two accounts share a user id, a username or an
     * email, even when two people register at the same moment.
     *
     * @throws TakenException naming the field another account holds; nothing is written then
     */
    public void register(Account account) {
        // TODO: the account and one item per unique value, all in one TransactWriteItems, each put
        //  refused when its key exists; tell from the cancellation reasons which value was taken
        throw new UnsupportedOperationException("TODO: register an account");
    }

    /** Task 1: the account as stored, in one read; empty for an unknown id. */
    public Optional<Profile> profile(String userId) {
        // TODO: one GetItem
        throw new UnsupportedOperationException("TODO: read a profile");
    }

    /**
     * Task 2: sets the display name and moves the version on by one, only if the profile is still
     * at expectedVersion.
     *
     * @return false, changing nothing, when another change came first (or there is no such account)
     */
    public boolean rename(String userId, long expectedVersion, String displayName) {
        // TODO: one write that checks the version itself
        throw new UnsupportedOperationException("TODO: rename with optimistic locking");
    }

    /**
     * Task 3: makes the user a member of the group and counts the member, together.
     *
     * @return false, changing nothing, when the user is a member already
     */
    public boolean join(String groupId, String userId) {
        // TODO: the membership and the count in one TransactWriteItems
        throw new UnsupportedOperationException("TODO: join a group");
    }

    /** Task 3: how many members the group has, in one read of one item; 0 for a group nobody joined. */
    public long memberCount(String groupId) {
        // TODO: one GetItem of the count
        throw new UnsupportedOperationException("TODO: read a group's member count");
    }
}
