package workshop.kit.catalogue;

/**
 * What a column is to its table, as a Chebotko diagram marks it: K for the partition key, C with
 * an arrow for a clustering column and the order it keeps, S for a static column, IDX for a column
 * with a secondary index.
 */
public enum Mark {
    PARTITION_KEY("K", "K"),
    ASCENDING("C&#8593;", "C asc"),
    DESCENDING("C&#8595;", "C desc"),
    STATIC("S", "S"),
    INDEXED("IDX", "IDX"),
    NONE("", "");

    private final String svg;
    private final String text;

    Mark(String svg, String text) {
        this.svg = svg;
        this.text = text;
    }

    /** The mark as the drawing shows it (an XML character reference for the arrows). */
    public String svg() {
        return svg;
    }

    /** The mark in plain ASCII, for a terminal that may not show arrows. */
    public String text() {
        return text;
    }

    public boolean clustering() {
        return this == ASCENDING || this == DESCENDING;
    }

    /** Part of the primary key: partition key or clustering column. */
    public boolean key() {
        return this == PARTITION_KEY || clustering();
    }
}
