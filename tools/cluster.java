///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN cluster
//DESCRIPTION The local stores (Cassandra cluster, DynamoDB emulator): up, down, status, doctor, room

/** Runs the kit's cluster commands; the jbang aliases up, down, status, doctor and room point here. */
class cluster {
    public static void main(String... args) {
        workshop.kit.tools.ClusterTool.main(args);
    }
}
