package workshop.kit.model;

/**
 * Chebotko's five mapping rules from a conceptual model and a workflow to a logical model, as
 * Chebotko, Kashlev and Lu state them in "A Big Data Modeling Methodology for Apache Cassandra"
 * (IEEE BigData Congress 2015).
 */
public enum Rule {
    MR1("entities and relationships", "rows: one entity or relationship type; columns: its attributes"),
    MR2("equality search attributes", "= attributes first in the key, the partition key among them"),
    MR3("inequality search attributes", "the range attribute: the clustering column after the = ones"),
    MR4("ordering attributes", "the order: clustering columns, same order and direction"),
    MR5("key attributes", "the rows' key in the primary key: no row overwrites another");

    private final String title;
    private final String says;

    Rule(String title, String says) {
        this.title = title;
        this.says = says;
    }

    public String title() {
        return title;
    }

    public String says() {
        return says;
    }
}
