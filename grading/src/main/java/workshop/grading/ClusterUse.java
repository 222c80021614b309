package workshop.grading;

/** What a lesson's checks ask of the build's Cassandra cluster: it decides which lessons may be graded beside them. */
enum ClusterUse {
    /** No Cassandra at all (the DynamoDB lessons): beside any lesson, even one that holds the nodes. */
    NONE,
    /** One node, shared with the other lessons of one node. */
    SHARED,
    /**
     * Three nodes, and held: its tests freeze a node and read replicas (lesson 10), so no other
     * Cassandra lesson is graded beside it.
     */
    HELD;

    /** The nodes the build's cluster has while such a lesson is graded; 0 when it does not matter. */
    int nodes() {
        return switch (this) {
            case NONE -> 0;
            case SHARED -> 1;
            case HELD -> 3;
        };
    }
}
