package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeConfigTest {

    @Test
    void tokensAreEvenlySpacedAndDealtRoundRobin() {
        List<BigInteger> all = new ArrayList<>();
        for (int node = 1; node <= 3; node++) {
            NodeConfig.tokens(node, 3).forEach(t -> all.add(new BigInteger(t)));
        }
        all.sort(null);
        assertEquals(12, all.size());
        assertEquals(BigInteger.TWO.pow(63).negate(), all.get(0));
        BigInteger step = all.get(1).subtract(all.get(0));
        for (int i = 1; i < all.size(); i++) {
            assertEquals(step, all.get(i).subtract(all.get(i - 1)));
        }
        assertEquals(List.of(all.get(0).toString(), all.get(3).toString(), all.get(6).toString(), all.get(9).toString()),
                NodeConfig.tokens(1, 3));
    }

    @Test
    void portsFollowTheNodeNumber() {
        ClusterLayout layout = new ClusterLayout(7000, 9042, 7199, java.nio.file.Path.of("/tmp/x"));
        assertEquals(9044, layout.node(3).nativePort());
        assertEquals("node2", layout.nameOfPort(7001));
        assertEquals("node2", layout.nameOfPort(9043));
        assertEquals(null, layout.nameOfPort(7005));
    }

    @Test
    void aLaptopsNodeRunsTheQuickCompilerAloneAndARoomsNodeBoth() {
        assertEquals(List.of("-XX:TieredStopAtLevel=1"), NodeConfig.compilers(Optional.empty()));
        assertEquals(List.of(), NodeConfig.compilers(Optional.of(new RoomCluster(RoomCluster.LOCAL))));
    }
}
