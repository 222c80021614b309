package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.TableShape;

/**
 * DynamoDB tables read from the {@code Tables.keyed(table, "pk", ScalarAttributeType.S, "sk",
 * ScalarAttributeType.S)} calls in a piece of source text, without a store: so a deck can draw the
 * keys a lesson really defines. A key schema is all DynamoDB fixes, so a table is drawn as its item
 * collections: the partition key (K) names one, the sort key (C&#8593;, stored ascending) orders the
 * items inside it. A table is named after the call's first argument, the variable that holds its name.
 */
public final class KeyShapes {

    private static final Pattern KEYED = Pattern.compile(
            "Tables\\.keyed\\((\\w+),\\s*\"(\\w+)\",\\s*ScalarAttributeType\\.([SNB])(?:,\\s*\"(\\w+)\",\\s*ScalarAttributeType\\.([SNB]))?\\)");

    private KeyShapes() {}

    public static List<TableShape> parse(String source) {
        List<TableShape> tables = new ArrayList<>();
        Matcher keyed = KEYED.matcher(source);
        while (keyed.find()) {
            TableShape table = TableShape.table(keyed.group(1))
                    .partitionKey(keyed.group(2) + " " + keyed.group(3) + ", partition key");
            if (keyed.group(4) != null) {
                table = table.clustering(keyed.group(4) + " " + keyed.group(5) + ", sort key", Mark.ASCENDING);
            }
            tables.add(table);
        }
        return tables;
    }
}
