package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadedDataTest {

    static final List<String> DDL = List.of("CREATE TABLE t (k int PRIMARY KEY, v text)");

    @Test
    void theSameTablesAndGeneratorGiveTheSameFingerprintWhateverTheParametersOrder() {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("messages", 120_000);
        one.put("worker", 1);
        Map<String, Object> other = new LinkedHashMap<>();
        other.put("worker", 1);
        other.put("messages", 120_000);
        assertEquals(LoadedData.fingerprint(DDL, one), LoadedData.fingerprint(DDL, other));
    }

    @Test
    void anotherGeneratorParameterChangesTheFingerprint() {
        assertNotEquals(LoadedData.fingerprint(DDL, Map.of("messages", 120_000)),
                LoadedData.fingerprint(DDL, Map.of("messages", 120_001)));
        assertNotEquals(LoadedData.fingerprint(DDL, Map.of("messages", 1)),
                LoadedData.fingerprint(DDL, Map.of("messages", 1, "worker", 1)));
    }

    @Test
    void anotherTableDefinitionChangesTheFingerprint() {
        assertNotEquals(LoadedData.fingerprint(DDL, Map.of()),
                LoadedData.fingerprint(List.of("CREATE TABLE t (k int PRIMARY KEY, v blob)"), Map.of()));
        assertNotEquals(LoadedData.fingerprint(DDL, Map.of()),
                LoadedData.fingerprint(List.of(DDL.get(0), "CREATE INDEX ON t (v)"), Map.of()));
    }

    @Test
    void aParameterCannotPassForATableDefinition() {
        assertNotEquals(LoadedData.fingerprint(List.of("a=1"), Map.of()), LoadedData.fingerprint(List.of(), Map.of("a", 1)));
    }
}
