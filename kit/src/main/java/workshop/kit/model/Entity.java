package workshop.kit.model;

import java.util.ArrayList;
import java.util.List;

/**
 * An entity type of the conceptual model: its key attributes, which tell one entity from another,
 * and its other attributes. Built as {@code Entity.of("Episode").key("show_id text", "number int")
 * .attributes("title text", "published timestamp")}.
 */
public record Entity(String name, List<Attribute> attributes) {

    public Entity {
        attributes = List.copyOf(attributes);
    }

    public static Entity of(String name) {
        return new Entity(name, List.of());
    }

    /** The key's attributes, in order: together they tell one entity from every other. */
    public Entity key(String... declarations) {
        return with(true, declarations);
    }

    public Entity attributes(String... declarations) {
        return with(false, declarations);
    }

    private Entity with(boolean key, String... declarations) {
        List<Attribute> more = new ArrayList<>(attributes);
        for (String declaration : declarations) {
            more.add(Attribute.parse(declaration, key));
        }
        return new Entity(name, more);
    }

    public List<Attribute> keyAttributes() {
        return attributes.stream().filter(Attribute::key).toList();
    }
}
