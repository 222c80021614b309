package workshop.kit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The application workflow: the queries the application asks, in the order a person moves through
 * its screens, each arrow ({@link Query#after}) saying which answer hands the next query its values.
 */
public record Workflow(String name, List<Query> queries) {

    public Workflow {
        List<Query> all = List.copyOf(queries);
        for (Query query : all) {
            if (query.rows().isBlank()) {
                throw new IllegalArgumentException(query.id() + " says nothing of what it finds: .finds(\"Entity\")");
            }
            query.after().filter(before -> all.stream().noneMatch(q -> q.id().equals(before))).ifPresent(before -> {
                throw new IllegalArgumentException(query.id() + " follows " + before + ", which is no query of the workflow");
            });
        }
        queries = all;
    }

    public static Workflow of(String name, Query... queries) {
        return new Workflow(name, List.of(queries));
    }

    public Workflow then(Query query) {
        List<Query> more = new ArrayList<>(queries);
        more.add(query);
        return new Workflow(name, more);
    }

    public Optional<Query> query(String id) {
        return queries.stream().filter(q -> q.id().equals(id)).findFirst();
    }
}
