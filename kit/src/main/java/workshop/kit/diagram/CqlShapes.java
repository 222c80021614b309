package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.TableShape;

/**
 * Tables read from the CREATE TABLE statements in a piece of source text, without a store: so a
 * deck can draw the schema a lesson really creates, from the lesson's own code. Knows the forms the
 * workshop writes: a column's inline PRIMARY KEY, a PRIMARY KEY clause with a composite partition
 * key, STATIC columns, WITH CLUSTERING ORDER BY, and CREATE INDEX ... ON table (column).
 */
public final class CqlShapes {

    private static final Pattern TABLE = Pattern.compile(
            "CREATE TABLE (?:IF NOT EXISTS )?(\\w+)\\s*\\((.*?)\\)\\s*(?:WITH CLUSTERING ORDER BY \\(([^)]*)\\))?\\s*(?:\"|;|$)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL | Pattern.MULTILINE);
    private static final Pattern KEY = Pattern.compile("PRIMARY KEY\\s*\\((.*)\\)\\s*$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern INDEX = Pattern.compile("CREATE (?:CUSTOM )?INDEX (?:IF NOT EXISTS )?\\w*\\s*ON (\\w+)\\s*\\((\\w+)\\)",
            Pattern.CASE_INSENSITIVE);

    private CqlShapes() {}

    public static List<TableShape> parse(String source) {
        Map<String, List<String>> indexed = new HashMap<>();
        Matcher index = INDEX.matcher(source);
        while (index.find()) {
            indexed.computeIfAbsent(index.group(1), t -> new ArrayList<>()).add(index.group(2));
        }
        List<TableShape> tables = new ArrayList<>();
        Matcher table = TABLE.matcher(source);
        while (table.find()) {
            tables.add(shape(table.group(1), table.group(2), table.group(3) == null ? "" : table.group(3),
                    indexed.getOrDefault(table.group(1), List.of())));
        }
        return tables;
    }

    private static TableShape shape(String name, String body, String order, List<String> indexed) {
        String definitions = body.replaceAll("\\s+", " ").trim();
        List<String> partitionKey = new ArrayList<>();
        List<String> clustering = new ArrayList<>();
        Matcher key = KEY.matcher(definitions);
        if (key.find()) {
            String inside = key.group(1).trim();
            definitions = definitions.substring(0, key.start()).trim();
            if (inside.startsWith("(")) {
                int close = inside.indexOf(')');
                partitionKey.addAll(names(inside.substring(1, close)));
                clustering.addAll(names(inside.substring(close + 1)));
            } else {
                List<String> all = names(inside);
                partitionKey.add(all.get(0));
                clustering.addAll(all.subList(1, all.size()));
            }
        }
        Map<String, String> types = new LinkedHashMap<>();
        List<String> statics = new ArrayList<>();
        for (String column : definitions.split(",")) {
            String[] parts = column.trim().split(" ");
            if (parts.length < 2) {
                continue;
            }
            String rest = String.join(" ", List.of(parts).subList(1, parts.length));
            if (rest.toUpperCase().endsWith(" PRIMARY KEY")) {
                partitionKey.add(parts[0]);
                rest = rest.substring(0, rest.length() - " PRIMARY KEY".length());
            }
            if (rest.toUpperCase().endsWith(" STATIC")) {
                statics.add(parts[0]);
                rest = rest.substring(0, rest.length() - " STATIC".length());
            }
            types.put(parts[0], rest);
        }
        Map<String, Mark> orders = new HashMap<>();
        for (String clause : order.split(",")) {
            String[] parts = clause.trim().split("\\s+");
            if (parts.length == 2) {
                orders.put(parts[0], parts[1].equalsIgnoreCase("DESC") ? Mark.DESCENDING : Mark.ASCENDING);
            }
        }
        TableShape shape = TableShape.table(name);
        for (String column : partitionKey) {
            shape = shape.partitionKey(column + " " + types.get(column));
        }
        for (String column : clustering) {
            shape = shape.clustering(column + " " + types.get(column), orders.getOrDefault(column, Mark.ASCENDING));
        }
        for (Map.Entry<String, String> column : types.entrySet()) {
            String declaration = column.getKey() + " " + column.getValue();
            if (partitionKey.contains(column.getKey()) || clustering.contains(column.getKey())) {
                continue;
            }
            shape = statics.contains(column.getKey()) ? shape.staticColumns(declaration)
                    : indexed.contains(column.getKey()) ? shape.indexed(declaration) : shape.columns(declaration);
        }
        return shape;
    }

    private static List<String> names(String list) {
        return List.of(list.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
