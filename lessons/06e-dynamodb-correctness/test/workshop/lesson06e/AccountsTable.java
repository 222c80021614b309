package workshop.lesson06e;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.TableNames;

/**
 * The accounts table a task's tests share: created by the learner's own code on the class's first
 * test, with the accounts the task starts from, and reused by the tests after it (they run in order).
 */
record AccountsTable(MeteredClient meter, DynamoDbClient dynamo, String table, Accounts accounts) {

    static AccountsTable create(DynamoDbClient client, MeteredClient metered, TableNames tables, Account... registered) {
        String table = tables.of("accounts");
        Accounts accounts = new Accounts(client, table);
        accounts.createTable();
        for (Account account : registered) {
            accounts.register(account);
        }
        return new AccountsTable(metered, client, table, accounts);
    }
}
