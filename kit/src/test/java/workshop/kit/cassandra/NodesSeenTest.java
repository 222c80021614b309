package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodesSeenTest {

    @Test
    void saysNothingWhenSeveralNodesCanShowThePoint() {
        assertEquals(Optional.empty(), NodesSeen.caveat(3, "a scan asking every node"));
        assertEquals(Optional.empty(), NodesSeen.caveat(2, "a scan asking every node"));
    }

    @Test
    void namesWhatOneNodeCannotShow() {
        String caveat = NodesSeen.caveat(1, "a scan asking every node").orElseThrow();
        assertTrue(caveat.contains("one node") && caveat.contains("a scan asking every node"), caveat);
        assertTrue(caveat.contains("./jbang up --nodes 3"), caveat);
    }

    @Test
    void aSentenceAboutOtherNodesIsSaidOnOneNodeOnly() {
        assertEquals(Optional.of("its own"), NodesSeen.onOneNode(1, "its own"));
        assertEquals(Optional.empty(), NodesSeen.onOneNode(3, "its own"));
    }
}
