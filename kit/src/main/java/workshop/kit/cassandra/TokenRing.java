package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.TokenRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The ring as the driver sees it: the token ranges the nodes own, as slices a batch job can scan. */
public final class TokenRing {

    private final TokenMap tokens;
    private final CqlIdentifier keyspace;

    private TokenRing(TokenMap tokens, CqlIdentifier keyspace) {
        this.tokens = tokens;
        this.keyspace = keyspace;
    }

    /** The ring for a keyspace (replication decides which node holds which range). */
    public static TokenRing of(CqlSession session, String keyspace) {
        TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow(() -> new IllegalStateException(
                "The driver has no token map (token metadata is disabled in its configuration)."));
        return new TokenRing(tokens, CqlIdentifier.fromInternal(keyspace));
    }

    /**
     * Every range the nodes own, each cut into `piecesPerRange` slices, in token order. The range
     * that wraps past the end of the ring is cut in two, so no slice wraps and each lies on one node.
     */
    public List<TokenSlice> slices(int piecesPerRange) {
        List<TokenSlice> slices = new ArrayList<>();
        for (TokenRange range : tokens.getTokenRanges()) {
            long start = valueOf(range.getStart());
            long end = valueOf(range.getEnd());
            List<TokenSlice> unwrapped = start < end ? List.of(new TokenSlice(start, end))
                    : end == Long.MIN_VALUE ? List.of(new TokenSlice(start, Long.MAX_VALUE))
                    : List.of(new TokenSlice(start, Long.MAX_VALUE), new TokenSlice(Long.MIN_VALUE, end));
            unwrapped.forEach(slice -> slices.addAll(slice.split(piecesPerRange)));
        }
        slices.sort(Comparator.comparingLong(TokenSlice::startExclusive));
        return slices;
    }

    /** The node holding the partitions of this token (the first replica). */
    public Node owner(long token) {
        return tokens.getReplicas(keyspace, tokens.parse(Long.toString(token))).iterator().next();
    }

    /** The node holding a partition, from its key's serialized value (as the driver routes it). */
    public Node owner(java.nio.ByteBuffer partitionKey) {
        return tokens.getReplicas(keyspace, tokens.newToken(partitionKey)).iterator().next();
    }

    /** The node holding a slice: slices() never lets one cross a node boundary. */
    public Node owner(TokenSlice slice) {
        return owner(slice.endInclusive());
    }

    private long valueOf(com.datastax.oss.driver.api.core.metadata.token.Token token) {
        return Long.parseLong(tokens.format(token));
    }
}
