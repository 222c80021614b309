package workshop.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.MotoServer;
import workshop.kit.dynamo.Tables;

/**
 * Gives a test class DynamoDB tables of its own on the shared emulator. The emulator is found or
 * started once per JVM and left running for the next module; when this test run had to start it,
 * a marker file asks the grading step at the end of the build to stop it again. Test and
 * lifecycle methods can ask for a {@link MeteredClient} (to measure what a call cost), a
 * {@link DynamoDbClient} (the metered one, for the code under test) or the class's {@link TableNames}.
 */
public final class DynamoExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(DynamoExtension.class);
    private static Dynamo dynamo;

    /** Written when tests started the emulator, so the end of the build knows to stop it. */
    public static Path startedByTestsMarker() {
        return MotoServer.standard().home().resolve("started-by-tests");
    }

    private static synchronized Dynamo dynamo() {
        if (dynamo == null) {
            boolean wasRunning = MotoServer.standard().running().isPresent();
            dynamo = Dynamo.findOrStart();
            if (!wasRunning && dynamo.target() == Dynamo.Target.EMBEDDED) {
                try {
                    Files.writeString(startedByTestsMarker(), "the test run started this emulator\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return dynamo;
    }

    /** One table prefix per test class, named after it. */
    static String prefixOf(Class<?> testClass) {
        return "t_" + testClass.getName().replace('.', '_').toLowerCase(Locale.ROOT) + "_";
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Dynamo store = dynamo();
        TableNames tables = new TableNames(store.table(prefixOf(context.getRequiredTestClass())));
        MeteredClient client = store.meteredClient();
        Tables.deleteAll(store, client.plain(), tables.prefix()); // left by a run that stopped half-way
        context.getStore(NAMESPACE).put(MeteredClient.class, client);
        context.getStore(NAMESPACE).put(TableNames.class, tables);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        MeteredClient client = context.getStore(NAMESPACE).get(MeteredClient.class, MeteredClient.class);
        if (client == null) {
            return; // beforeAll failed, and said why
        }
        try (client) {
            Tables.deleteAll(dynamo(), client.plain(), context.getStore(NAMESPACE).get(TableNames.class, TableNames.class).prefix());
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == MeteredClient.class || type == DynamoDbClient.class || type == TableNames.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(NAMESPACE); // finds the class's entries from a method too
        Class<?> type = parameter.getParameter().getType();
        if (type == TableNames.class) {
            return store.get(TableNames.class, TableNames.class);
        }
        MeteredClient client = store.get(MeteredClient.class, MeteredClient.class);
        return type == MeteredClient.class ? client : client.client();
    }
}
