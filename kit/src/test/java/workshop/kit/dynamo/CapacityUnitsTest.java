package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import workshop.kit.dynamo.CapacityUnits.Read;

/** The formula lessons and tests bill by, checked against AWS's published rules. */
class CapacityUnitsTest {

    @Test
    void itemSizeCountsNamesAndValues() {
        assertEquals(2 + 5, ItemSize.of(Map.of("pk", AttributeValue.fromS("hello"))));
        assertEquals(1 + 3, ItemSize.of(Map.of("é", AttributeValue.fromS("ab"))), "names and strings count UTF-8 bytes");
        assertEquals(1 + 4, ItemSize.of(Map.of("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[4])))));
        assertEquals(1 + 1 + 1 + 1, ItemSize.of(Map.of("t", AttributeValue.fromBool(true), "n", AttributeValue.fromNul(true))));
    }

    @Test
    void numbersCostOneBytePerTwoSignificantDigitsPlusOne() {
        assertEquals(2, ItemSize.number("7"));
        assertEquals(3, ItemSize.number("123"));
        assertEquals(3, ItemSize.number("1230000"), "trailing zeros are trimmed");
        assertEquals(3, ItemSize.number("-0.00123"), "and so are leading ones");
        assertEquals(20, ItemSize.number("12345678901234567890123456789012345678"));
    }

    @Test
    void listsAndMapsAddThreeBytesAndOnePerElement() {
        assertEquals(1 + 3, ItemSize.of(Map.of("l", AttributeValue.fromL(List.of()))));
        assertEquals(1 + 3 + (1 + 1) + (2 + 1), ItemSize.of(Map.of("l",
                AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromS("bc"))))));
        assertEquals(1 + 3 + (1 + 2 + 1), ItemSize.of(Map.of("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("vv"))))));
    }

    @Test
    void readUnitsRoundUpTo4KbAndHalveWhenEventuallyConsistent() {
        assertEquals(1, CapacityUnits.read(0, Read.STRONGLY_CONSISTENT), "even a read of nothing costs the smallest unit");
        assertEquals(1, CapacityUnits.read(4_096, Read.STRONGLY_CONSISTENT));
        assertEquals(2, CapacityUnits.read(4_097, Read.STRONGLY_CONSISTENT));
        assertEquals(1, CapacityUnits.read(4_097, Read.EVENTUALLY_CONSISTENT));
        assertEquals(4, CapacityUnits.read(4_097, Read.TRANSACTIONAL));
    }

    @Test
    void writeUnitsRoundUpTo1KbAndDoubleInTransactions() {
        assertEquals(1, CapacityUnits.write(1_024, false));
        assertEquals(2, CapacityUnits.write(1_025, false));
        assertEquals(2, CapacityUnits.write(100, true));
    }
}
