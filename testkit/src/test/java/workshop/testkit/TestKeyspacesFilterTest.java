package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import workshop.kit.cassandra.Keyspaces;

/**
 * A check JVM keeps the schema metadata of the test keyspaces only: every test class's keyspace,
 * shortened or not, in a namespace or not, must pass that filter, or a test that reads the
 * metadata finds no table (lesson 09's did, in a 10-letter namespace).
 */
class TestKeyspacesFilterTest {

    private static final List<String> LONGEST_TEST_CLASSES = List.of(
            "workshop.bonus.leaderboard.LeaderboardCatalogueTest",
            "workshop.lesson07.Task2UserReservationsViewTest",
            "workshop.lesson09.SensorCatalogueTest");

    @ParameterizedTest(name = "namespace ''{0}''")
    @ValueSource(strings = {"", "robustness", "a_twenty_letter_name"})
    void everyTestKeyspacePassesTheMetadataFilter(String namespace) {
        System.setProperty("workshop.namespace", namespace);
        try {
            String filter = CassandraExtension.testKeyspacesFilter();
            Pattern pattern = Pattern.compile(filter.substring(1, filter.length() - 1));
            for (String testClass : LONGEST_TEST_CLASSES) {
                String keyspace = Keyspaces.name(CassandraExtension.keyspaceOf(testClass));
                assertTrue(pattern.matcher(keyspace).matches(), keyspace + " does not pass " + filter);
            }
        } finally {
            System.clearProperty("workshop.namespace");
        }
    }
}
