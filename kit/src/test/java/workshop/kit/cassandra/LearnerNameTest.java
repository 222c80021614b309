package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workshop.kit.WorkshopException;

/** A room learner's default namespace: readable, stable, told apart from a namesake, always a valid namespace. */
class LearnerNameTest {

    @Test
    void readableStableAndDistinct() {
        String ana = LearnerName.of("Ana María O'Brien-Smith", "ana@example.org|ana|laptop1");
        assertTrue(ana.matches("ana_mar_a_o_brie_[0-9a-f]{3}"), ana);
        assertEquals(ana, LearnerName.of("Ana María O'Brien-Smith", "ana@example.org|ana|laptop1"));
        assertNotEquals(ana, LearnerName.of("Ana María O'Brien-Smith", "other@example.org|ana|laptop2"));
    }

    @Test
    void everyNameBecomesAValidNamespace() {
        for (String name : new String[] {"李雷", "42 Bob", "___", "A Very Long Name Indeed Longer Than Twenty", "x"}) {
            String namespace = LearnerName.of(name, "id");
            System.setProperty("workshop.namespace", namespace);
            try {
                assertEquals(namespace, Keyspaces.namespace().orElseThrow(), name);
                assertTrue(namespace.length() <= 20, namespace);
            } finally {
                System.clearProperty("workshop.namespace");
            }
        }
    }

    @Test
    void aRoomNameIsCheckedAndSetByWorkshopRoom() {
        assertEquals("monday-a", Room.from(Map.of("WORKSHOP_ROOM", " monday-a ")).orElseThrow().name());
        assertTrue(Room.from(Map.of("WORKSHOP_ROOM", " ")).isEmpty());
        WorkshopException bad = assertThrows(WorkshopException.class, () -> new Room("Monday Room"));
        assertTrue(bad.fix().contains("export WORKSHOP_ROOM=monday-room"), bad.fix());
    }
}
