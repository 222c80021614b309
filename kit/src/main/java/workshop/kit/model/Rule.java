package workshop.kit.model;

/**
 * Chebotko's five mapping rules from a conceptual model and a workflow to a logical model, as
 * Chebotko, Kashlev and Lu state them in "A Big Data Modeling Methodology for Apache Cassandra"
 * (IEEE BigData Congress 2015).
 */
public enum Rule {
    MR1("entities and relationships", "a query's rows are one entity or relationship type, its attributes the columns"),
    MR2("equality search attributes", "attributes fixed by = come first in the primary key, the partition key among them"),
    MR3("inequality search attributes", "the attribute searched by range is the clustering column after the equality ones"),
    MR4("ordering attributes", "the wanted order is clustering columns in that order and direction"),
    MR5("key attributes", "the rows' key is in the primary key, so no two rows overwrite each other");

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
