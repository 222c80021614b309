package workshop.testkit;

/** The DynamoDB table names a test class owns: all start with its prefix, so classes never share a table. */
public record TableNames(String prefix) {

    public String of(String name) {
        return prefix + name;
    }
}
