package workshop.kit.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A relationship type between two entity types, with its cardinality and its own attributes (a
 * rating, the time a show was followed). Built as {@code Relationship.of("follows", "Listener",
 * Cardinality.MANY_TO_MANY, "Show").attributes("since timestamp")}. One-to-many reads from the
 * one side: a show has many episodes.
 */
public record Relationship(String name, String from, Cardinality cardinality, String to, List<Attribute> attributes) {

    public enum Cardinality {
        ONE_TO_ONE("1:1"), ONE_TO_MANY("1:n"), MANY_TO_MANY("m:n");

        private final String label;

        Cardinality(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public Relationship {
        attributes = List.copyOf(attributes);
    }

    public static Relationship of(String name, String from, Cardinality cardinality, String to) {
        return new Relationship(name, from, cardinality, to, List.of());
    }

    public Relationship attributes(String... declarations) {
        List<Attribute> more = new ArrayList<>(attributes);
        for (String declaration : declarations) {
            more.add(Attribute.parse(declaration, false));
        }
        return new Relationship(name, from, cardinality, to, more);
    }

    public boolean joins(String entity) {
        return from.equals(entity) || to.equals(entity);
    }
}
