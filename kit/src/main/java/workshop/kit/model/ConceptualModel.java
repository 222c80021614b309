package workshop.kit.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The conceptual model: what the application's data is, before any question or table. Entity
 * types with their attributes and keys, and the relationships between them with their
 * cardinalities. An attribute's name is its name across the whole model (the columns of every
 * table are named after them), so two entities never declare the same name.
 */
public record ConceptualModel(String name, List<Entity> entities, List<Relationship> relationships) {

    public ConceptualModel {
        entities = List.copyOf(entities);
        relationships = List.copyOf(relationships);
        Map<String, String> owners = new HashMap<>();
        for (Entity entity : entities) {
            if (entity.keyAttributes().isEmpty()) {
                throw new IllegalArgumentException("entity " + entity.name() + " has no key: which attributes tell one from another?");
            }
            entity.attributes().forEach(a -> declareOnce(owners, a, entity.name()));
        }
        for (Relationship relationship : relationships) {
            for (String end : List.of(relationship.from(), relationship.to())) {
                if (entities.stream().noneMatch(e -> e.name().equals(end))) {
                    throw new IllegalArgumentException("relationship " + relationship.name() + " joins " + end + ", which is no entity of the model");
                }
            }
            relationship.attributes().forEach(a -> declareOnce(owners, a, relationship.name()));
        }
    }

    private static void declareOnce(Map<String, String> owners, Attribute attribute, String owner) {
        String earlier = owners.putIfAbsent(attribute.name(), owner);
        if (earlier != null) {
            throw new IllegalArgumentException("attribute " + attribute.name() + " is declared by both " + earlier + " and " + owner
                    + ": an attribute names one column everywhere, so give one of them another name");
        }
    }

    public static ConceptualModel of(String name) {
        return new ConceptualModel(name, List.of(), List.of());
    }

    public ConceptualModel with(Entity entity) {
        List<Entity> more = new ArrayList<>(entities);
        more.add(entity);
        return new ConceptualModel(name, more, relationships);
    }

    public ConceptualModel with(Relationship relationship) {
        List<Relationship> more = new ArrayList<>(relationships);
        more.add(relationship);
        return new ConceptualModel(name, entities, more);
    }

    public Optional<Entity> entity(String entityName) {
        return entities.stream().filter(e -> e.name().equals(entityName)).findFirst();
    }

    public Optional<Relationship> relationship(String relationshipName) {
        return relationships.stream().filter(r -> r.name().equals(relationshipName)).findFirst();
    }

    /** The entity or relationship that declares the attribute. */
    public Optional<String> owner(String attribute) {
        for (Entity entity : entities) {
            if (entity.attributes().stream().anyMatch(a -> a.name().equals(attribute))) {
                return Optional.of(entity.name());
            }
        }
        return relationships.stream().filter(r -> r.attributes().stream().anyMatch(a -> a.name().equals(attribute)))
                .map(Relationship::name).findFirst();
    }

    public Optional<Attribute> attribute(String attributeName) {
        return allAttributes().stream().filter(a -> a.name().equals(attributeName)).findFirst();
    }

    public Attribute require(String attributeName) {
        return attribute(attributeName).orElseThrow(() -> new IllegalArgumentException(
                "no attribute " + attributeName + " in the conceptual model " + name));
    }

    private List<Attribute> allAttributes() {
        List<Attribute> all = new ArrayList<>();
        entities.forEach(e -> all.addAll(e.attributes()));
        relationships.forEach(r -> all.addAll(r.attributes()));
        return all;
    }

    /**
     * What tells one row apart when a table's rows are these entities or relationships: an
     * entity's key; for a many-to-many relationship the keys of both ends; for one-to-many the key
     * of the many end; for one-to-one the key of the first end.
     */
    public List<String> keyOf(String rows) {
        Optional<Entity> entity = entity(rows);
        if (entity.isPresent()) {
            return names(entity.get().keyAttributes());
        }
        Relationship relationship = requireRows(rows);
        List<String> key = new ArrayList<>();
        if (relationship.cardinality() != Relationship.Cardinality.ONE_TO_MANY) {
            key.addAll(keyOf(relationship.from()));
        }
        if (relationship.cardinality() != Relationship.Cardinality.ONE_TO_ONE) {
            key.addAll(keyOf(relationship.to()));
        }
        return key;
    }

    /**
     * The attributes a row of these entities or relationships carries: an entity's own, and the
     * key of each entity it belongs to by a one-to-many relationship (an episode carries its
     * show's key); a relationship's own, with both ends' keys first.
     */
    public List<String> attributesOf(String rows) {
        Optional<Entity> entity = entity(rows);
        if (entity.isPresent()) {
            Set<String> all = new LinkedHashSet<>(names(entity.get().attributes()));
            relationships.stream().filter(r -> r.cardinality() == Relationship.Cardinality.ONE_TO_MANY && r.to().equals(rows))
                    .forEach(r -> all.addAll(keyOf(r.from())));
            return List.copyOf(all);
        }
        Relationship relationship = requireRows(rows);
        Set<String> all = new LinkedHashSet<>(keyOf(relationship.from()));
        all.addAll(keyOf(relationship.to()));
        all.addAll(names(relationship.attributes()));
        return List.copyOf(all);
    }

    /** True when a row of {@code rows} can be found by an attribute of {@code owner}: the same type, an end of it, or related to it. */
    boolean reaches(String owner, String rows) {
        if (owner.equals(rows)) {
            return true;
        }
        Optional<Relationship> relationship = relationship(rows);
        if (relationship.isPresent()) {
            return relationship.get().joins(owner);
        }
        return relationships.stream().anyMatch(r -> r.joins(owner) && r.joins(rows) || r.name().equals(owner) && r.joins(rows));
    }

    private Relationship requireRows(String rows) {
        return relationship(rows).orElseThrow(() -> new IllegalArgumentException(
                rows + " is neither an entity nor a relationship of the conceptual model " + name));
    }

    private static List<String> names(List<Attribute> attributes) {
        return attributes.stream().map(Attribute::name).toList();
    }
}
