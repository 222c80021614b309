package workshop.kit;

/**
 * The versions of the stores the workshop runs, in one place. Files that cannot read Java (the
 * compose file, the Cassandra server's pom, the README, the docs) repeat them, and VersionsTest
 * fails when one of them drifts from these.
 */
public final class Versions {

    /** Apache Cassandra: the embedded nodes (kit/cassandra-server/pom.xml) and the compose image. */
    public static final String CASSANDRA = "5.0.6";

    /** moto, the DynamoDB emulator: pip's pin, the graded workflow's and the compose image. */
    public static final String MOTO = "5.1.4";

    private Versions() {}

    /** What pip installs: moto with its server, at the pinned version. */
    public static String motoRequirement() {
        return "moto[server]==" + MOTO;
    }
}
