package workshop.kit.cost;

import workshop.kit.terminal.TextTable;

/** A table of what reads cost, one row per query, in the columns the lessons compare. */
public final class ReadCosts {

    private final TextTable table = TextTable.of("query", "requests", "nodes asked", "partitions read", "rows read",
            "rows returned");

    public static ReadCosts table() {
        return new ReadCosts();
    }

    public ReadCosts row(String query, QueryCost cost) {
        table.row(query, cost.requests(), cost.nodesAsked(), cost.partitionsDescription(), cost.rowsRead(),
                cost.rowsReturned());
        return this;
    }

    public void print() {
        table.print();
    }
}
