package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeyPathTest {

    @Test
    void aPrefixMatchesItsLevelAndBelowButNotANeighbourSharingItsStart() {
        String sanJose = KeyPath.of("STATE", "CA", "CITY", "San Jose", "GROUP", "g1");
        assertEquals("STATE#CA#CITY#San Jose#GROUP#g1", sanJose);
        assertTrue(sanJose.startsWith(KeyPath.prefix("STATE", "CA")));
        assertTrue(sanJose.startsWith(KeyPath.prefix("STATE", "CA", "CITY", "San Jose")));
        assertFalse(sanJose.startsWith(KeyPath.prefix("STATE", "CA", "CITY", "San")));
    }

    @Test
    void aPartHoldingTheSeparatorIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> KeyPath.of("CITY", "a#b"));
    }
}
