package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KeyspacesTest {

    @AfterEach
    void noNamespace() {
        System.clearProperty("workshop.namespace");
    }

    @Test
    void withoutANamespaceNamesAreTheWorkshops() {
        assertEquals("lesson01", Keyspaces.name(Optional.empty(), "lesson01"));
    }

    @Test
    void aNamespacePrefixesEveryName() {
        System.setProperty("workshop.namespace", "alice");
        assertEquals(Optional.of("alice"), Keyspaces.namespace());
        assertEquals("alice_lesson01", Keyspaces.name("lesson01"));
    }

    @Test
    void aLongNameKeepsTheNamespaceAndItsEnd() {
        String testClass = "t_workshop_lesson01_conversationmessagestest_abcdefghij"; // 56 characters
        String name = Keyspaces.name(Optional.of("alice"), testClass);
        assertEquals(Keyspaces.MAX_NAME, name.length());
        assertTrue(name.startsWith("alice_") && name.endsWith("messagestest_abcdefghij"), name);
    }

    @Test
    void aNamespaceThatCannotBePartOfAKeyspaceNameIsRefusedWithASuggestion() {
        System.setProperty("workshop.namespace", "Alice Smith");
        ClusterException e = assertThrows(ClusterException.class, Keyspaces::namespace);
        assertEquals("export WORKSHOP_NAMESPACE=alice_smith", e.fix());
    }
}
