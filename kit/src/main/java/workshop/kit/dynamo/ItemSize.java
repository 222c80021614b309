package workshop.kit.dynamo;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size in bytes by the rules AWS publishes for DynamoDB: each attribute's name in
 * UTF-8 plus its value. Strings count their UTF-8 bytes, binaries their raw bytes, a number one
 * byte per two significant digits plus one, a boolean or null one byte, a set the sum of its
 * members, and a list or map 3 bytes plus each element and one byte per element.
 */
public final class ItemSize {

    private ItemSize() {}

    public static long of(Map<String, AttributeValue> item) {
        if (item == null) {
            return 0;
        }
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            bytes += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return bytes;
    }

    static long value(AttributeValue value) {
        return switch (value.type()) {
            case S -> utf8(value.s());
            case N -> number(value.n());
            case B -> value.b().asByteArray().length;
            case BOOL, NUL -> 1;
            case SS -> value.ss().stream().mapToLong(ItemSize::utf8).sum();
            case NS -> value.ns().stream().mapToLong(ItemSize::number).sum();
            case BS -> value.bs().stream().mapToLong(b -> b.asByteArray().length).sum();
            case L -> 3 + value.l().stream().mapToLong(element -> value(element) + 1).sum();
            case M -> 3 + value.m().entrySet().stream().mapToLong(e -> utf8(e.getKey()) + value(e.getValue()) + 1).sum();
            case UNKNOWN_TO_SDK_VERSION -> throw new IllegalArgumentException("An attribute type this SDK does not know: " + value);
        };
    }

    static long number(String number) {
        BigDecimal decimal = new BigDecimal(number);
        int significantDigits = decimal.signum() == 0 ? 1 : decimal.stripTrailingZeros().precision();
        return (significantDigits + 1) / 2 + 1;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
