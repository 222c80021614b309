package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import workshop.kit.EphemeralPorts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClusterLayoutTest {

    private static final EphemeralPorts LINUX = new EphemeralPorts(32768, 60999);
    private static final Path HOME = Path.of("/tmp/workshop/cassandra");

    @Test
    void oneToThreeNodesAreAccepted() {
        for (int n = 1; n <= 3; n++) {
            assertEquals(n, ClusterLayout.validNodes(" " + n, "--nodes"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "4", "5", "-1", "three", ""})
    void otherCountsAreRefusedAndTheFixNeverRepeatsThem(String value) {
        ClusterException option = assertThrows(ClusterException.class, () -> ClusterLayout.validNodes(value, "--nodes"));
        assertTrue(option.fix().contains("--nodes 3"), option.fix());
        ClusterException env = assertThrows(ClusterException.class, () -> ClusterLayout.validNodes(value, "WORKSHOP_NODES"));
        assertTrue(env.fix().startsWith("export WORKSHOP_NODES=3"), env.fix());
        if (!value.isEmpty()) {
            assertFalse(option.fix().contains(value), option.fix());
            assertFalse(env.fix().contains(value), env.fix());
        }
    }

    @Test
    void theAssignedBasesDoNotOverlapTheDefaultCluster() {
        Set<Integer> shared = ports(ClusterLayout.at(9042, HOME));
        assertEquals(Set.of(7000, 7001, 7002, 9042, 9043, 9044, 7199, 7200, 7201), shared);
        for (int base : new int[] {19042, 29042}) {
            Set<Integer> mine = ports(ClusterLayout.at(base, HOME));
            assertEquals(9, mine.size());
            assertTrue(mine.stream().noneMatch(shared::contains), base + " overlaps: " + mine);
        }
        assertTrue(ports(ClusterLayout.at(19042, HOME)).stream().noneMatch(ports(ClusterLayout.at(29042, HOME))::contains));
    }

    @Test
    void theAdvisedBaseHasItsWholeRangeFreeAndIsNeverOurOwn() {
        ClusterLayout ours = ClusterLayout.at(19042, HOME);
        assertEquals(OptionalInt.of(29042), ours.freeBase(port -> false, LINUX));
        // node2's storage port of the first alternative is taken: the whole range must be free.
        assertEquals(OptionalInt.of(14042), ours.freeBase(port -> port == 27001, LINUX));
        assertEquals(OptionalInt.of(19042), ClusterLayout.at(9042, HOME).freeBase(port -> false, LINUX));
        assertEquals(OptionalInt.empty(), ours.freeBase(port -> true, LINUX));
    }

    @Test
    void everyAdvisedBaseKeepsItsPortsOutOfTheEphemeralRangeAndApartFromTheOthers() {
        // A machine whose ephemeral range starts low leaves fewer bases to advise, never one inside it.
        EphemeralPorts wide = new EphemeralPorts(20000, 65535);
        assertEquals(OptionalInt.of(19042), ClusterLayout.at(9042, HOME).freeBase(port -> false, wide));
        assertEquals(OptionalInt.of(14042), ClusterLayout.at(19042, HOME).freeBase(port -> false, wide));
        Set<Integer> seen = new HashSet<>(ports(ClusterLayout.at(9042, HOME)));
        ClusterLayout base = ClusterLayout.at(9042, HOME);
        for (int round = 0; round < 5; round++) {
            Set<Integer> taken = Set.copyOf(seen);
            int next = base.freeBase(taken::contains, LINUX).orElseThrow();
            Set<Integer> mine = ports(ClusterLayout.at(next, HOME));
            assertTrue(mine.stream().noneMatch(LINUX::contains), next + " reaches into " + LINUX);
            assertTrue(mine.stream().noneMatch(seen::contains), next + " overlaps another base");
            seen.addAll(mine);
        }
    }

    @Test
    void aBasePortOutsideTheUsableRangeIsRefused() {
        assertEquals(19042, ClusterLayout.parseBase("19042", LINUX));
        assertThrows(ClusterException.class, () -> ClusterLayout.parseBase("80", LINUX));
        assertThrows(ClusterException.class, () -> ClusterLayout.parseBase("65535", LINUX));
        assertThrows(ClusterException.class, () -> ClusterLayout.parseBase("nine", LINUX));
    }

    @Test
    void aBaseWhosePortsReachTheEphemeralRangeIsRefusedWithOneOutsideIt() {
        ClusterException refused = assertThrows(ClusterException.class, () -> ClusterLayout.parseBase("39042", LINUX));
        assertTrue(refused.problem().what().contains("(37000-39044) in this machine's ephemeral range (32768-60999)"),
                refused.problem().what());
        assertEquals("export WORKSHOP_CASSANDRA_PORT=19042 (or unset it for 9042)", refused.problem().fix());
        // The same base is fine where the range starts higher, as on macOS.
        assertEquals(39042, ClusterLayout.parseBase("39042", new EphemeralPorts(49152, 65535)));
    }

    @Test
    void whereTheEphemeralRangeLeavesNoBaseTheAdviceSaysSoInsteadOfNamingOneInsideIt() {
        ClusterException refused = assertThrows(ClusterException.class,
                () -> ClusterLayout.parseBase("9042", new EphemeralPorts(2000, 65535)));
        assertTrue(refused.problem().fix().startsWith("no port range of ours stays out of this machine's ephemeral range"
                + " (2000-65535)"), refused.problem().fix());
    }

    private static Set<Integer> ports(ClusterLayout layout) {
        return layout.ports().boxed().collect(Collectors.toSet());
    }
}
