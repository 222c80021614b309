package workshop.testkit;

/** The DynamoDB table names a test class owns: all start with its prefix, so classes never share a table. */
public record TableNames(String prefix) {

    public String of(String name) {
        return prefix + name;
    }

    /** The name a test gave a table, without the class's prefix: what a drawing shows. */
    public String shortName(String table) {
        return table.startsWith(prefix) ? table.substring(prefix.length()) : table;
    }
}
