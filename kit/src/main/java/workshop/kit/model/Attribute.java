package workshop.kit.model;

/**
 * One attribute of an entity or a relationship in the conceptual model, with the CQL type it takes
 * in the physical model. Written "name type" ("trade_id timeuuid"), as a table's columns are.
 *
 * @param name its name, which becomes a column's name
 * @param type its CQL type
 * @param key  whether it is part of the key that tells one entity from another
 */
public record Attribute(String name, String type, boolean key) {

    static Attribute parse(String declaration, boolean key) {
        String[] parts = declaration.trim().split("\\s+", 2);
        if (parts.length < 2) {
            throw new IllegalArgumentException("an attribute is written \"name type\", as \"title text\"; got \"" + declaration + "\"");
        }
        return new Attribute(parts[0], parts[1], key);
    }

    @Override
    public String toString() {
        return name + " " + type + (key ? " (key)" : "");
    }
}
