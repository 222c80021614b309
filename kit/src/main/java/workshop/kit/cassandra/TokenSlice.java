package workshop.kit.cassandra;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A slice of the Murmur3 token ring: the partitions whose token t has startExclusive < t <= endInclusive.
 * Open at the start and closed at the end, so slices laid end to end hold every partition exactly once;
 * a query reads one with {@code WHERE token(pk) > ? AND token(pk) <= ?}.
 */
public record TokenSlice(long startExclusive, long endInclusive) {

    /** Every token Murmur3 hands out (it never gives a key Long.MIN_VALUE). */
    public static final TokenSlice WHOLE_RING = new TokenSlice(Long.MIN_VALUE, Long.MAX_VALUE);

    public TokenSlice {
        if (startExclusive >= endInclusive) {
            throw new IllegalArgumentException("an empty or reversed slice: (" + startExclusive + ", " + endInclusive + "]");
        }
    }

    public boolean contains(long token) {
        return token > startExclusive && token <= endInclusive;
    }

    /** Up to `pieces` slices of nearly equal width that together cover exactly this one. */
    public List<TokenSlice> split(int pieces) {
        if (pieces < 1) {
            throw new IllegalArgumentException("pieces must be at least 1, was " + pieces);
        }
        BigInteger start = BigInteger.valueOf(startExclusive);
        BigInteger width = BigInteger.valueOf(endInclusive).subtract(start); // up to 2^64 - 1: too wide for a long
        List<TokenSlice> slices = new ArrayList<>();
        long from = startExclusive;
        for (int i = 1; i <= pieces; i++) {
            long to = i == pieces ? endInclusive
                    : start.add(width.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(pieces))).longValueExact();
            if (to > from) {
                slices.add(new TokenSlice(from, to));
                from = to;
            }
        }
        return slices;
    }

    @Override
    public String toString() {
        return "(" + startExclusive + ", " + endInclusive + "]";
    }
}
