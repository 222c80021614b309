package workshop.kit.dynamo;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.DefaultRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.paginators.ListTablesIterable;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClientBuilder;
import workshop.kit.Ports;

/**
 * Finds or starts DynamoDB and builds clients for it. In order: DYNAMODB_ENDPOINT if set (a
 * container or another emulator at that URL, or "aws" for real AWS with the default region and
 * credential chain; never started or stopped by us); else whatever answers DynamoDB requests on
 * the local port (our moto, or a container); else moto's server, started and left running.
 */
public final class Dynamo {

    /** Where the requests go. */
    public enum Target { EMBEDDED, LOCAL, ENDPOINT, AWS }

    /** Emulators accept any credentials; these keep the SDK from looking for real ones. */
    private static final StaticCredentialsProvider EMULATOR_CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("workshop", "workshop"));

    private final Target target;
    private final URI endpoint;
    private final String tablePrefix;
    private final boolean deletesAllowed;

    private Dynamo(Target target, URI endpoint, String tablePrefix, boolean deletesAllowed) {
        this.target = target;
        this.endpoint = endpoint;
        this.tablePrefix = tablePrefix;
        this.deletesAllowed = deletesAllowed;
    }

    /** DYNAMODB_ENDPOINT, when the learner points us somewhere else. */
    public static Optional<String> configuredEndpoint() {
        return Optional.ofNullable(System.getenv("DYNAMODB_ENDPOINT")).map(String::trim).filter(s -> !s.isEmpty());
    }

    public static Dynamo findOrStart() {
        Optional<String> configured = configuredEndpoint();
        if (configured.filter("aws"::equalsIgnoreCase).isPresent()) {
            // Real tables cost money and may hold someone's data: prefix ours, delete only on request.
            return new Dynamo(Target.AWS, null, System.getenv().getOrDefault("DYNAMODB_TABLE_PREFIX", "workshop_"),
                    "yes".equalsIgnoreCase(System.getenv("DYNAMODB_ALLOW_DELETE")));
        }
        String prefix = System.getenv().getOrDefault("DYNAMODB_TABLE_PREFIX", "");
        if (configured.isPresent()) {
            return new Dynamo(Target.ENDPOINT, URI.create(configured.get()), prefix, true);
        }
        MotoServer moto = MotoServer.standard();
        URI local = URI.create("http://127.0.0.1:" + moto.port());
        if (moto.running().isPresent()) {
            return new Dynamo(Target.EMBEDDED, local, prefix, true);
        }
        if (Ports.listening(moto.port())) {
            if (!answersDynamo(local)) {
                throw MotoServer.portHeld(moto.port());
            }
            return new Dynamo(Target.LOCAL, local, prefix, true); // a container, for example
        }
        System.err.println("Starting the DynamoDB emulator (moto); it keeps running for later lessons (./jbang down stops it)...");
        long started = System.nanoTime();
        moto.start();
        System.err.printf("Emulator up in %.1f s.%n", (System.nanoTime() - started) / 1e9);
        return new Dynamo(Target.EMBEDDED, local, prefix, true);
    }

    public Target target() {
        return target;
    }

    /** Whether requests go to real AWS, where ConsumedCapacity is worth printing. */
    public boolean realAws() {
        return target == Target.AWS;
    }

    /** The name a lesson's or test's table gets here: DYNAMODB_TABLE_PREFIX + name. */
    public String table(String name) {
        return tablePrefix + name;
    }

    public boolean deletesAllowed() {
        return deletesAllowed;
    }

    /** One line for the lesson's header: where the tables are. */
    public String describe() {
        return switch (target) {
            case EMBEDDED -> "moto's server on " + endpoint + " (ours)";
            case LOCAL -> "a DynamoDB emulator on " + endpoint + " (not ours: a container?)";
            case ENDPOINT -> "DYNAMODB_ENDPOINT " + endpoint;
            case AWS -> "real AWS DynamoDB, tables prefixed " + tablePrefix;
        };
    }

    /** A client with no metering, for set-up and for looking at what a measured call did. */
    public DynamoDbClient client() {
        return builder(target, endpoint).build();
    }

    /**
     * A client whose calls are costed, with a plain one beside it; the interceptors given see every
     * metered call too (a checker that reads each request's consistency and filter, say).
     */
    public MeteredClient meteredClient(ExecutionInterceptor... watching) {
        DynamoDbClient plain = client();
        CostRecorder recorder = new CostRecorder(new ItemImages(plain), realAws());
        ClientOverrideConfiguration.Builder configuration = ClientOverrideConfiguration.builder().addExecutionInterceptor(recorder);
        List.of(watching).forEach(configuration::addExecutionInterceptor);
        DynamoDbClient metered = builder(target, endpoint).overrideConfiguration(configuration.build()).build();
        return new MeteredClient(metered, plain, recorder);
    }

    /** A client for the tables' streams (DynamoDB Streams), at the same place as the tables. */
    public DynamoDbStreamsClient streamsClient() {
        DynamoDbStreamsClientBuilder builder = DynamoDbStreamsClient.builder().httpClientBuilder(UrlConnectionHttpClient.builder());
        return target == Target.AWS ? builder.build()
                : builder.endpointOverride(endpoint).region(emulatorRegion()).credentialsProvider(EMULATOR_CREDENTIALS).build();
    }

    /** How many tables the emulator at this URL holds, or empty when it does not answer. */
    public static Optional<Integer> tableCount(URI endpoint) {
        try (DynamoDbClient client = quickClient(endpoint)) {
            ListTablesIterable pages = client.listTablesPaginator();
            return Optional.of((int) pages.tableNames().stream().count());
        } catch (RuntimeException noAnswer) {
            return Optional.empty();
        }
    }

    static boolean answersDynamo(URI endpoint) {
        return tableCount(endpoint).isPresent();
    }

    /** No retries and short timeouts: for asking whether something answers at all. */
    private static DynamoDbClient quickClient(URI endpoint) {
        return builder(Target.LOCAL, endpoint)
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .retryStrategy(DefaultRetryStrategy.doNotRetry()).apiCallTimeout(Duration.ofSeconds(3)).build())
                .build();
    }

    private static Region emulatorRegion() {
        return Region.of(System.getenv().getOrDefault("AWS_REGION", "us-east-1"));
    }

    private static DynamoDbClientBuilder builder(Target target, URI endpoint) {
        DynamoDbClientBuilder builder = DynamoDbClient.builder().httpClientBuilder(UrlConnectionHttpClient.builder());
        if (target == Target.AWS) {
            return builder; // region and credentials from the SDK's default chains
        }
        return builder.endpointOverride(endpoint)
                .region(emulatorRegion())
                .credentialsProvider(EMULATOR_CREDENTIALS);
    }
}
