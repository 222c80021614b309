package workshop.kit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;
import workshop.kit.diagram.Diagram;
import workshop.kit.model.Relationship.Cardinality;

/**
 * The mapping rules against published Chebotko-methodology designs. The whole-model test is
 * DataStax Academy's "Investment Portfolio Data Modeling" example (conceptual model, workflow
 * Q1 to Q3.5, and the six tables of its CQL schema: accounts_by_user, positions_by_account,
 * trades_by_a_d, trades_by_a_td, trades_by_a_std, trades_by_a_sd). The digital library example
 * of Chebotko, Kashlev and Lu, "A Big Data Modeling Methodology for Apache Cassandra" (IEEE
 * BigData Congress 2015), is tested on the one table the paper works through rule by rule,
 * artifacts_by_venue; its other tables are drawn in the paper's figures only.
 */
class MappingRulesTest {

    private static final Duration P99 = Duration.ofMillis(20);

    static final ConceptualModel PORTFOLIO = ConceptualModel.of("investment portfolio")
            .with(Entity.of("User").key("username text").attributes("name text"))
            .with(Entity.of("Account").key("account_number text").attributes("cash_balance decimal"))
            .with(Entity.of("Instrument").key("symbol text"))
            // The trade date is carried by the trade's TIMEUUID, as in the published schema.
            .with(Entity.of("Trade").key("trade_id timeuuid").attributes("type text", "shares decimal", "price decimal", "amount decimal"))
            .with(Relationship.of("owns", "User", Cardinality.ONE_TO_MANY, "Account"))
            .with(Relationship.of("places", "Account", Cardinality.ONE_TO_MANY, "Trade"))
            .with(Relationship.of("trades", "Instrument", Cardinality.ONE_TO_MANY, "Trade"))
            .with(Relationship.of("Position", "Account", Cardinality.MANY_TO_MANY, "Instrument").attributes("quantity decimal"));

    static final Workflow PORTFOLIO_WORKFLOW = Workflow.of("investment portfolio",
            query("Q1", "Find all accounts of a user", "Account").equal("username").shows("name").table("accounts_by_user"),
            query("Q2", "Find all positions in an account; order by symbol", "Position").equal("account_number")
                    .orderBy("symbol", Mark.ASCENDING).table("positions_by_account").after("Q1"),
            query("Q3.1", "Find all trades of an account; newest first", "Trade").equal("account_number")
                    .orderBy("trade_id", Mark.DESCENDING).table("trades_by_a_d").after("Q1"),
            query("Q3.2", "Find the trades of an account in a date range; newest first", "Trade").equal("account_number")
                    .range("trade_id").orderBy("trade_id", Mark.DESCENDING).table("trades_by_a_d").after("Q1"),
            query("Q3.3", "Find the trades of an account of a type in a date range; newest first", "Trade")
                    .equal("account_number", "type").range("trade_id").orderBy("trade_id", Mark.DESCENDING).table("trades_by_a_td")
                    .after("Q1"),
            query("Q3.4", "Find the trades of an account in an instrument of a type in a date range; newest first", "Trade")
                    .equal("account_number", "symbol", "type").range("trade_id").orderBy("trade_id", Mark.DESCENDING)
                    .table("trades_by_a_std").after("Q1"),
            query("Q3.5", "Find the trades of an account in an instrument in a date range; newest first", "Trade")
                    .equal("account_number", "symbol").range("trade_id").orderBy("trade_id", Mark.DESCENDING)
                    .table("trades_by_a_sd").after("Q1"));

    /** The published CQL calls the account's number account_number in accounts_by_user and account in the other five tables. */
    private static final UnaryOperator<String> SAME_ATTRIBUTE = c -> c.equals("account") ? "account_number" : c;

    /** The published schema's six tables, as its CREATE TABLE statements key them. */
    private static final List<LogicalTable> PUBLISHED = List.of(
            LogicalTable.table("accounts_by_user").partitionKey("username").clustering("account_number", Mark.ASCENDING)
                    .statics("name").columns("cash_balance"),
            LogicalTable.table("positions_by_account").partitionKey("account").clustering("symbol", Mark.ASCENDING).columns("quantity"),
            trades("trades_by_a_d").clustering("trade_id", Mark.DESCENDING).columns("type", "symbol"),
            trades("trades_by_a_td").clustering("type", Mark.ASCENDING).clustering("trade_id", Mark.DESCENDING).columns("symbol"),
            trades("trades_by_a_std").clustering("symbol", Mark.ASCENDING).clustering("type", Mark.ASCENDING)
                    .clustering("trade_id", Mark.DESCENDING),
            trades("trades_by_a_sd").clustering("symbol", Mark.ASCENDING).clustering("trade_id", Mark.DESCENDING).columns("type"));

    private static LogicalTable trades(String name) {
        return LogicalTable.table(name).partitionKey("account").columns("shares", "price", "amount");
    }

    private static Query query(String id, String question, String rows) {
        return Query.of(id, question).finds(rows).rate(Rate.perSecond(100)).p99(P99);
    }

    /** A table as compared: its name, its key with orders, its static columns and all its columns. */
    private static String described(LogicalTable table) {
        UnaryOperator<List<String>> named = list -> list.stream().map(SAME_ATTRIBUTE).toList();
        String clustering = String.join(", ", table.clustering().stream()
                .map(c -> SAME_ATTRIBUTE.apply(c.column()) + " " + c.order()).toList());
        return table.name() + " K " + named.apply(table.partitionKey()) + " C [" + clustering + "] S " + new TreeSet<>(named.apply(table.statics()))
                + " all " + new TreeSet<>(named.apply(table.allColumns()));
    }

    @Test
    @DisplayName("the rules derive the investment portfolio example's six published tables from its model and workflow")
    void reproducesTheInvestmentPortfolioTables() {
        LogicalModel derived = MappingRules.derive(PORTFOLIO, PORTFOLIO_WORKFLOW);
        assertEquals(PUBLISHED.stream().map(MappingRulesTest::described).toList(),
                derived.tables().stream().map(MappingRulesTest::described).toList());
        assertEquals(List.of("Q3.1", "Q3.2"), derived.table("trades_by_a_d").orElseThrow().queries(),
                "two queries with one key share one table");
    }

    @Test
    @DisplayName("the digital library's artifacts_by_venue, the paper's worked example of MR1 to MR5")
    void reproducesArtifactsByVenue() {
        ConceptualModel library = ConceptualModel.of("digital library")
                .with(Entity.of("Venue").key("venue_name text", "year int").attributes("country text", "homepage text"))
                .with(Entity.of("Artifact").key("artifact_id int").attributes("title text", "authors list<text>", "keywords set<text>"))
                .with(Relationship.of("features", "Venue", Cardinality.ONE_TO_MANY, "Artifact"));
        Workflow workflow = Workflow.of("digital library", query("Q1", "Find artifacts of a venue after a year; newest first", "Artifact")
                .equal("venue_name").range("year").orderBy("year", Mark.DESCENDING).table("artifacts_by_venue"));
        LogicalTable table = MappingRules.derive(library, workflow).tables().get(0);
        assertEquals("((venue_name), year desc, artifact_id asc)", table.key());
        assertEquals(Set.of("venue_name", "year", "artifact_id", "title", "authors", "keywords"), Set.copyOf(table.allColumns()));
    }

    @Test
    @DisplayName("the derived model keeps every rule, and so does the published one")
    void derivedModelKeepsEveryRule() {
        assertEquals(List.of(), MappingRules.check(PORTFOLIO, PORTFOLIO_WORKFLOW, MappingRules.derive(PORTFOLIO, PORTFOLIO_WORKFLOW)));
        List<LogicalTable> published = PUBLISHED.stream().map(MappingRulesTest::renamed).toList();
        Map<String, List<String>> serves = Map.of("accounts_by_user", List.of("Q1"), "positions_by_account", List.of("Q2"),
                "trades_by_a_d", List.of("Q3.1", "Q3.2"), "trades_by_a_td", List.of("Q3.3"), "trades_by_a_std", List.of("Q3.4"),
                "trades_by_a_sd", List.of("Q3.5"));
        LogicalModel model = new LogicalModel(published.stream().map(t -> t.serves(serves.get(t.name()).toArray(String[]::new))).toList());
        assertEquals(List.of(), MappingRules.check(PORTFOLIO, PORTFOLIO_WORKFLOW, model));
    }

    private static LogicalTable renamed(LogicalTable table) {
        LogicalTable copy = LogicalTable.table(table.name()).partitionKey(table.partitionKey().stream().map(SAME_ATTRIBUTE).toArray(String[]::new));
        for (LogicalTable.Clustering column : table.clustering()) {
            copy = copy.clustering(SAME_ATTRIBUTE.apply(column.column()), column.order());
        }
        return copy.statics(table.statics().toArray(String[]::new)).columns(table.columns().toArray(String[]::new));
    }

    private static List<Violation> violationsOf(LogicalTable table, String queryId) {
        return MappingRules.check(PORTFOLIO, PORTFOLIO_WORKFLOW, LogicalModel.of(table.serves(queryId))).stream()
                .filter(v -> v.query().equals(queryId)).toList();
    }

    private static void assertBreaks(Rule rule, List<Violation> violations, String... words) {
        assertTrue(!violations.isEmpty() && violations.get(0).rule() == rule, () -> "expected " + rule + " first: " + violations);
        for (String word : words) {
            assertTrue(violations.get(0).message().contains(word), () -> "\"" + word + "\" not in: " + violations.get(0));
        }
    }

    @Test
    @DisplayName("a range attribute in the partition key breaks MR3")
    void rangeInThePartitionKey() {
        assertBreaks(Rule.MR3, violationsOf(LogicalTable.table("t").partitionKey("account_number", "trade_id")
                .columns("type", "symbol", "shares", "price", "amount"), "Q3.2"), "matched whole, by =", "make trade_id a clustering column");
    }

    @Test
    @DisplayName("a table without the rows' key breaks MR5: rows overwrite each other")
    void keyMissing() {
        assertBreaks(Rule.MR5, violationsOf(LogicalTable.table("t").partitionKey("username").columns("account_number", "cash_balance", "name"),
                "Q1"), "overwrite each other", "add account_number");
    }

    @Test
    @DisplayName("an equality attribute behind an unfixed clustering column breaks MR2")
    void equalityAfterRange() {
        assertBreaks(Rule.MR2, violationsOf(LogicalTable.table("t").partitionKey("account_number").clustering("trade_id", Mark.DESCENDING)
                .clustering("type", Mark.ASCENDING).columns("symbol", "shares", "price", "amount"), "Q3.3"), "move type up");
    }

    @Test
    @DisplayName("a partition key the query gives no value for breaks MR2")
    void partitionKeyNotGiven() {
        assertBreaks(Rule.MR2, violationsOf(LogicalTable.table("t").partitionKey("account_number", "symbol")
                .clustering("trade_id", Mark.DESCENDING).columns("type", "shares", "price", "amount"), "Q3.1"), "gives no value for it");
    }

    @Test
    @DisplayName("an order the clustering does not keep breaks MR4; the whole order reversed does not")
    void orderNotKept() {
        LogicalTable typeFirst = LogicalTable.table("t").partitionKey("account_number").clustering("type", Mark.ASCENDING)
                .clustering("trade_id", Mark.DESCENDING).columns("symbol", "shares", "price", "amount");
        assertBreaks(Rule.MR4, violationsOf(typeFirst, "Q3.1"), "trade_id desc", "keeps them by type asc");
        LogicalTable ascending = LogicalTable.table("t").partitionKey("account_number").clustering("trade_id", Mark.ASCENDING)
                .columns("type", "symbol", "shares", "price", "amount");
        assertEquals(List.of(), violationsOf(ascending, "Q3.1"), "a clustering order read backwards is still one slice");
    }

    @Test
    @DisplayName("a missing column, an unknown column and no table at all break MR1")
    void entitiesAndRelationships() {
        assertBreaks(Rule.MR1, violationsOf(LogicalTable.table("t").partitionKey("account_number").clustering("symbol", Mark.ASCENDING),
                "Q2"), "has no column quantity");
        assertBreaks(Rule.MR1, violationsOf(LogicalTable.table("t").partitionKey("account_number").clustering("symbol", Mark.ASCENDING)
                .columns("quantity", "colour"), "Q2"), "colour is no attribute");
        assertBreaks(Rule.MR1, MappingRules.check(PORTFOLIO, PORTFOLIO_WORKFLOW, LogicalModel.of()), "no table answers it");
    }

    @Test
    @DisplayName("a query finding rows by an entity the model does not relate to them breaks MR1")
    void unrelatedEntity() {
        Workflow byUser = Workflow.of("w", query("Q9", "Trades by user", "Trade").equal("username"));
        LogicalTable table = MappingRules.derive(PORTFOLIO, byUser).tables().get(0);
        assertBreaks(Rule.MR1, MappingRules.check(PORTFOLIO, byUser, LogicalModel.of(table)), "relates no User to Trade");
    }

    @Test
    @DisplayName("a query that fixes nothing has no partition key to derive")
    void nothingFixed() {
        Workflow all = Workflow.of("w", query("Q9", "Every trade", "Trade"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> MappingRules.derive(PORTFOLIO, all));
        assertTrue(refused.getMessage().contains("batch job"), refused.getMessage());
    }

    @Test
    @DisplayName("the physical model: typed CQL, the plans, the diagram and the statements")
    void physicalModel() {
        LogicalModel derived = MappingRules.derive(PORTFOLIO, PORTFOLIO_WORKFLOW);
        assertEquals("""
                CREATE TABLE IF NOT EXISTS accounts_by_user (
                  username text,
                  account_number text,
                  name text STATIC,
                  cash_balance decimal,
                  PRIMARY KEY ((username), account_number))
                WITH CLUSTERING ORDER BY (account_number ASC)""", derived.table("accounts_by_user").orElseThrow().cql(PORTFOLIO));
        assertEquals(List.of(Plan.range("accounts_by_user"), Plan.range("positions_by_account")),
                derived.patterns(PORTFOLIO_WORKFLOW).subList(0, 2).stream().map(p -> p.plan()).toList());
        Diagram diagram = derived.diagram(PORTFOLIO, PORTFOLIO_WORKFLOW);
        assertEquals(6, diagram.tables().size());
        assertEquals(7, diagram.arrows().size());
        assertEquals(List.of(), diagram.missing());
        assertEquals("SELECT account_number, type, trade_id, shares, price, amount, symbol FROM trades_by_a_td"
                + " WHERE account_number = ? AND type = ? AND trade_id >= ? AND trade_id < ?",
                derived.select(PORTFOLIO_WORKFLOW.query("Q3.3").orElseThrow()));
        assertEquals(Set.of("Q1"), PORTFOLIO_WORKFLOW.queries().stream().flatMap(q -> q.after().stream()).collect(Collectors.toSet()));
    }

    @Test
    @DisplayName("the conceptual model refuses an attribute declared twice and a relationship to nothing")
    void conceptualModelIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> ConceptualModel.of("m").with(Entity.of("A").key("id int"))
                .with(Entity.of("B").key("id int")));
        assertThrows(IllegalArgumentException.class, () -> ConceptualModel.of("m").with(Entity.of("A").key("id int"))
                .with(Relationship.of("r", "A", Cardinality.ONE_TO_MANY, "C")));
    }

    /** The investment portfolio as a catalogue: what ./jbang catalogue --plan reviews and draws with no cluster. */
    public static final class Portfolio extends MappedCatalogue {

        @Override
        public ConceptualModel conceptual() {
            return PORTFOLIO;
        }

        @Override
        public Workflow workflow() {
            return PORTFOLIO_WORKFLOW;
        }

        @Override
        protected List<Map<String, Object>> rows() {
            return List.of();
        }

        @Override
        protected List<Object> sample(Query query) {
            return List.of("joe001");
        }
    }

    @Test
    @DisplayName("a mapped catalogue is reviewed and drawn from its plan before any table exists")
    void mappedCatalogueIsReviewedByPlan() {
        Portfolio catalogue = new Portfolio();
        workshop.kit.catalogue.CatalogueReport review = workshop.kit.catalogue.PlanReview.of(catalogue.name(), catalogue.patterns());
        assertEquals(7, review.count(workshop.kit.catalogue.Verdict.PLANNED), review::render);
        Diagram drawn = Diagram.ofPlan(catalogue.name(), catalogue.patterns(), catalogue.plannedTables());
        assertEquals(List.of("accounts_by_user", "positions_by_account", "trades_by_a_d", "trades_by_a_td", "trades_by_a_std",
                "trades_by_a_sd"), drawn.tables().stream().map(workshop.kit.catalogue.TableShape::name).toList());
    }
}
