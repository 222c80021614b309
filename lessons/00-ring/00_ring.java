///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//MAIN ring
//DESCRIPTION Lesson 00: start the cluster and see the ring

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.QueryCost;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class ring {

    static final String KS = "lesson00";

    public static void main(String... args) {
        Failures.guard(ring::run);
    }

    static void run() {
        Story.title("00", "the ring");
        Story.say("""
                A partitioned store hashes each row's partition key to a token, a number on a ring from
                -2^63 to 2^63-1. Each node owns some slices of that ring, and a row lives on the node
                that owns its token (and on its replicas, when there are more copies).""");

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            String keyspace = Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("CREATE TABLE chats (conversation_id text PRIMARY KEY, title text)"));
            TokenMap tokens = session.getMetadata().getTokenMap()
                    .orElseThrow(() -> new IllegalStateException("the driver has no token map yet"));

            Story.section("The nodes");
            TextTable nodes = TextTable.of("node", "address", "datacenter", "state", "slices of the ring");
            Map<Node, List<TokenRange>> owned = new TreeMap<>(Comparator.comparing(cassandra::nameOf));
            for (TokenRange range : tokens.getTokenRanges()) {
                for (Node owner : tokens.getReplicas(keyspace, range)) {
                    owned.computeIfAbsent(owner, n -> new java.util.ArrayList<>()).add(range);
                }
            }
            owned.forEach((node, ranges) -> nodes.row(cassandra.nameOf(node), node.getEndPoint().toString(),
                    node.getDatacenter(), node.getState().toString(), ranges.size()));
            nodes.print();

            Story.section("Who owns which slice");
            TextTable slices = TextTable.of("from token (exclusive)", "to token (inclusive)", "owner");
            tokens.getTokenRanges().stream()
                    .sorted(Comparator.comparing(TokenRange::getEnd))
                    .forEach(range -> slices.row(tokens.format(range.getStart()), tokens.format(range.getEnd()),
                            tokens.getReplicas(keyspace, range).stream().map(cassandra::nameOf).collect(Collectors.joining(", "))));
            slices.print();

            Story.section("Where a few keys land: predicted from the token map, then measured");
            Story.say("""
                    For each chat id the driver hashes the key and looks up the owner. Then we write the row
                    and read it back with tracing on: the trace says which node actually read it.""");
            PreparedStatement insert = session.prepare("INSERT INTO chats (conversation_id, title) VALUES (?, ?)");
            PreparedStatement read = session.prepare("SELECT title FROM chats WHERE conversation_id = ?");
            CostProbe probe = new CostProbe(session);
            TextTable keys = TextTable.of("conversation_id", "token", "owner (token map)", "node that read it (trace)");
            List<List<String>> placements = new java.util.ArrayList<>(); // (predicted, read) per key
            // tag::where-a-key-lands[]
            for (String chat : List.of("c1", "c2", "c3", "alice-bob", "team-42")) {
                session.execute(insert.bind(chat, "chat " + chat));
                var token = tokens.newToken(TypeCodecs.TEXT.encode(chat, ProtocolVersion.DEFAULT));
                String predicted = tokens.getReplicas(keyspace, token).stream().map(cassandra::nameOf).collect(Collectors.joining(", "));
                QueryCost cost = probe.read(read.bind(chat)).cost();
                String readBy = String.join(", ", cost.nodesRead());
                keys.row(chat, tokens.format(token), predicted, readBy);
                placements.add(List.of(predicted, readBy));
            }
            keys.print();
            // end::where-a-key-lands[]
            Story.say("""
                    The partition key alone decides the node. Every table in this workshop is designed so the
                    busy questions name their partition key, and so go to one node.""");
            NodesSeen.caveat(session, "keys landing on different nodes").ifPresent(Story::say);
            long matches = placements.stream().filter(p -> p.get(0).equals(p.get(1))).count();
            long nodesUsed = placements.stream().map(p -> p.get(0)).distinct().count();
            Recap.measured()
                    .line("the session sees %d node(s) up; each owns %s slice(s) of the ring", NodesSeen.up(session),
                            owned.values().stream().map(r -> String.valueOf(r.size())).distinct()
                                    .collect(Collectors.joining(" or ")))
                    .line("%d chat ids hashed to tokens landed on %d different node(s)", placements.size(), nodesUsed)
                    .line("the token map's prediction matched the node the trace saw read the row: %d of %d",
                            matches, placements.size())
                    .print("./jbang lesson01");
        }
    }
}
