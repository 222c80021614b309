///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//MAIN conceptual_to_physical
//DESCRIPTION Lesson 09a: conceptual model to logical to physical, by Chebotko's mapping rules

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.PlanReview;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.SchemaShapes;
import workshop.kit.catalogue.Verdict;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.DiagramFiles;
import workshop.kit.diagram.TextDiagram;
import workshop.kit.model.ConceptualModel;
import workshop.kit.model.Entity;
import workshop.kit.model.LogicalModel;
import workshop.kit.model.LogicalTable;
import workshop.kit.model.MappingRules;
import workshop.kit.model.PhysicalTables;
import workshop.kit.model.Query;
import workshop.kit.model.Relationship;
import workshop.kit.model.Relationship.Cardinality;
import workshop.kit.model.Rule;
import workshop.kit.model.Violation;
import workshop.kit.model.Workflow;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/** A podcast app walked from its conceptual model and workflow to tables on the cluster, by the mapping rules. */
class conceptual_to_physical {

    static final String KS = "lesson09a";
    static final Duration P99 = Duration.ofMillis(20);
    static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    static final int SHOWS = 40;
    static final int EPISODES = 30;
    static final int LISTENERS = 150;
    static final int FOLLOWS = 4;
    static final int PLAYS = 12;
    static final int PAGE = 20;
    static final List<String> CATEGORIES = List.of("news", "comedy", "science", "history");

    // tag::conceptual[]
    static final ConceptualModel PODCASTS = ConceptualModel.of("podcast app")
            .with(Entity.of("Show").key("show_id text").attributes("show_title text", "publisher text", "category text"))
            .with(Entity.of("Episode").key("episode_id text").attributes("episode_title text", "published timestamp",
                    "duration_s int"))
            .with(Entity.of("Listener").key("listener_id text").attributes("name text", "country text"))
            .with(Relationship.of("has", "Show", Cardinality.ONE_TO_MANY, "Episode"))
            .with(Relationship.of("Follow", "Listener", Cardinality.MANY_TO_MANY, "Show").attributes("followed_at timestamp"))
            .with(Relationship.of("Play", "Listener", Cardinality.MANY_TO_MANY, "Episode")
                    .attributes("played_at timestamp", "position_s int"));
    // end::conceptual[]

    // tag::workflow[]
    static final Workflow WORKFLOW = Workflow.of("podcast app",
            Query.of("Q1", "A show's page").finds("Show").equal("show_id").table("shows")
                    .rate(Rate.perSecond(2_000)).p99(P99),
            Query.of("Q2", "A show's episodes, newest first").finds("Episode").equal("show_id")
                    .orderBy("published", Mark.DESCENDING).table("episodes_by_show").after("Q1")
                    .rate(Rate.perSecond(2_000)).p99(P99),
            Query.of("Q3", "The shows a listener follows, newest follow first").finds("Follow").equal("listener_id")
                    .orderBy("followed_at", Mark.DESCENDING).shows("show_title", "publisher").table("shows_by_listener")
                    .rate(Rate.perSecond(1_000)).p99(P99),
            Query.of("Q4", "A listener's plays in a time range, newest first").finds("Play").equal("listener_id")
                    .range("played_at").orderBy("played_at", Mark.DESCENDING).shows("episode_title")
                    .table("plays_by_listener").after("Q3").rate(Rate.perSecond(500)).p99(P99),
            Query.of("Q5", "The shows of a category, by title").finds("Show").equal("category")
                    .orderBy("show_title", Mark.ASCENDING).table("shows_by_category")
                    .rate(Rate.perSecond(100)).p99(P99));
    // end::workflow[]

    public static void main(String... args) {
        Failures.guard(conceptual_to_physical::run);
    }

    static void run() {
        Story.title("09a", "conceptual model to logical to physical, by the mapping rules");
        Story.say("""
                Lesson 09 started from a list of questions and drew the tables that answer them. This
                lesson adds the step before: what the data is (the conceptual model: entities, their
                keys, relationships and cardinalities), then what the application asks (the workflow:
                each query with what it fixes by =, what it searches by range, the order it wants, and
                its rate). From those two, Chebotko's mapping rules give the logical model, table by
                table; the physical model adds types and goes on the cluster. The rules are code here
                (workshop.kit.model), the same a test holds to a published design.""");
        conceptual_to_physical lesson = new conceptual_to_physical();
        lesson.theConceptualModel();
        lesson.theWorkflow();
        LogicalModel logical = lesson.theMappingRules();
        lesson.aDraftChecked();
        lesson.reviewedBeforeAnyTable(logical);
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession admin = cassandra.connect()) {
            Keyspaces.recreate(admin, KS);
        }
        try (CqlSession session = cassandra.connect(Keyspaces.name(KS))) {
            lesson.thePhysicalTables(session, logical);
            lesson.whatTheKeyKeeps(session);
            lesson.checkedOnTheStore(CatalogueCheck.on(session), logical);
        }
        lesson.sayItInAReview();
        lesson.recap.print("./jbang check 09a (a bike-share brief, lessons/09a-conceptual-to-physical/src), then ./jbang lesson10");
    }

    private final Recap recap = Recap.measured();
    private final Random random = new Random(9);
    private final List<Map<String, Object>> shows = new ArrayList<>();
    private final List<Map<String, Object>> episodes = new ArrayList<>();
    private final List<Map<String, Object>> follows = new ArrayList<>();
    private final List<Map<String, Object>> plays = new ArrayList<>();

    void theConceptualModel() {
        Story.section("Step 1: the conceptual model, what the data is");
        TextTable entities = TextTable.of("entity", "key", "other attributes");
        for (Entity entity : PODCASTS.entities()) {
            entities.row(entity.name(), names(entity.keyAttributes()),
                    names(entity.attributes().stream().filter(a -> !a.key()).toList()));
        }
        entities.print();
        TextTable relationships = TextTable.of("relationship", "between", "cardinality", "its own attributes");
        for (Relationship relationship : PODCASTS.relationships()) {
            relationships.row(relationship.name(), relationship.from() + " - " + relationship.to(), relationship.cardinality().toString(),
                    relationship.attributes().isEmpty() ? "-" : names(relationship.attributes()));
        }
        relationships.print();
        Story.say("""
                Nothing here says how the data is asked for. The keys say what tells one show, one
                episode, one listener apart; the cardinalities say how many of one go with one of the
                other: a show has many episodes, a listener follows many shows and a show has many
                followers. Each attribute's type is what the physical model will use.""");
    }

    private static String names(List<workshop.kit.model.Attribute> attributes) {
        return String.join(", ", attributes.stream().map(workshop.kit.model.Attribute::name).toList());
    }

    void theWorkflow() {
        Story.section("Step 2: the application workflow, what is asked and how often");
        TextTable queries = TextTable.of("id", "finds", "fixes =; range; order", "rate", "after");
        for (Query query : WORKFLOW.queries()) {
            queries.row(query.id(), query.rows(), query.searches(), query.rate().toString(), query.after().orElse("-"));
        }
        queries.print();
        WORKFLOW.queries().forEach(q -> System.out.println("  " + q.id() + ": " + q.question()));
        Story.say("""
                The arrows of the workflow ("after") say where a query's values come from: a show's
                page leads to its episodes, the list of followed shows to what the listener played.
                A query names the entity or relationship it lists; for Q3 that is the Follow itself,
                whose key is a listener and a show together.""");
    }

    LogicalModel theMappingRules() {
        Story.section("Step 3: the logical model, by the mapping rules");
        TextTable rules = TextTable.of("rule", "what it says");
        for (Rule rule : Rule.values()) {
            rules.row(rule + " " + rule.title(), rule.says());
        }
        rules.print();
        // tag::derive[]
        LogicalModel logical = MappingRules.derive(PODCASTS, WORKFLOW);
        // end::derive[]
        TextTable tables = TextTable.of("table", "key", "static", "answers");
        for (LogicalTable table : logical.tables()) {
            tables.row(table.name(), table.key(), table.statics().isEmpty() ? "-" : String.join(", ", table.statics()),
                    String.join(", ", table.queries()));
        }
        tables.print();
        Story.say("""
                Each query gets a table. What it fixes by = is the partition key (MR2): the show for
                Q2, the listener for Q3 and Q4, the category for Q5. The range Q4 searches and the
                order each wants become clustering columns with their direction (MR3, MR4). Then MR5
                adds the rows' own key where it is not there yet: episode_id behind published, so
                two episodes released in the same second are two rows, and show_id behind
                followed_at. The same rules, given the investment portfolio example's model and
                workflow, derive its six published tables (kit/src/test/.../MappingRulesTest).""");
        recap.line("the rules derived %d tables for %d queries", logical.tables().size(), WORKFLOW.queries().size());
        return logical;
    }

    void aDraftChecked() {
        Story.section("A first draft, checked by the same rules");
        // tag::draft[]
        LogicalModel draft = LogicalModel.of(
                LogicalTable.table("shows").partitionKey("show_id").columns("show_title", "publisher", "category").serves("Q1"),
                LogicalTable.table("episodes_by_show").partitionKey("show_id").clustering("published", Mark.DESCENDING)
                        .columns("episode_id", "episode_title", "duration_s").serves("Q2"),
                LogicalTable.table("shows_by_listener").partitionKey("listener_id").clustering("followed_at", Mark.DESCENDING)
                        .clustering("show_id", Mark.ASCENDING).columns("show_title", "publisher").serves("Q3"),
                LogicalTable.table("plays_by_listener").partitionKey("listener_id", "played_at").clustering("episode_id", Mark.ASCENDING)
                        .columns("position_s", "episode_title").serves("Q4"),
                LogicalTable.table("shows_by_category").partitionKey("category").clustering("show_title", Mark.ASCENDING)
                        .clustering("show_id", Mark.ASCENDING).columns("publisher").serves("Q5"));
        List<Violation> violations = MappingRules.check(PODCASTS, WORKFLOW, draft);
        // end::draft[]
        violations.forEach(v -> Story.wrap(v.toString(), 96).forEach(line -> System.out.println("  " + line)));
        Story.say("""
                Drafted by hand, two tables break a rule, and the check says which and what to
                change. Q4's time is in the partition key: each play would be a partition of its
                own, and no range of a partition key can be read. Q2's table has no episode_id in
                its key: a two-part release published in the same second keeps one episode. The
                derived model passes the same check with %d violations.""",
                MappingRules.check(PODCASTS, WORKFLOW, MappingRules.derive(PODCASTS, WORKFLOW)).size());
        recap.line("a hand-drawn draft broke %d rules: %s", violations.size(),
                String.join(", ", violations.stream().map(v -> v.rule() + " on " + v.table()).toList()));
    }

    void reviewedBeforeAnyTable(LogicalModel logical) {
        Story.section("The plan, reviewed and drawn before any table exists");
        // tag::review[]
        List<AccessPattern> patterns = logical.patterns(WORKFLOW);
        PlanReview.of(WORKFLOW.name(), patterns).print();
        Diagram planned = logical.diagram(PODCASTS, WORKFLOW);
        // end::review[]
        TextDiagram.lines(planned).forEach(System.out::println);
        Story.say("""
                The logical model, with the conceptual model's types, is the physical model's first
                draft: each query a pattern planned on its table (a point read when it names the
                whole primary key, else one partition's range), so lesson 09's plan review and
                Chebotko diagram take it as they are, with no cluster. A class extending
                workshop.kit.model.MappedCatalogue (a model, a workflow, sample rows) is reviewed so
                by ./jbang catalogue --plan, and built, loaded and checked by ./jbang catalogue.""");
    }

    void thePhysicalTables(CqlSession session, LogicalModel logical) {
        Story.section("Step 4: the physical tables on the cluster, and a little data");
        System.out.println(logical.table("plays_by_listener").orElseThrow().cql(PODCASTS).indent(2).stripTrailing());
        PhysicalTables.create(session, PODCASTS, logical);
        generate();
        List<Map<String, Object>> all = new ArrayList<>(shows);
        all.addAll(episodes);
        all.addAll(follows);
        all.addAll(plays);
        Map<String, Long> written = PhysicalTables.load(session, logical, "podcast data", all);
        TextTable counts = TextTable.of("table", "rows written");
        written.forEach(counts::row);
        counts.print();
        Story.say("""
                %d shows of %d episodes, %d listeners each following %d shows and with %d plays.
                Each fact is given once, by attribute name, and written to every table that holds it:
                a show to shows and to shows_by_category, a follow with its show's title and publisher.
                That copy is the price of one partition per query, paid on every write.""",
                SHOWS, EPISODES, LISTENERS, FOLLOWS, PLAYS);
        recap.line("%,d rows written to %d tables", written.values().stream().mapToLong(Long::longValue).sum(), written.size());
    }

    /** Two tables of one show's episodes: the draft's key and the rules' key, counted after the same writes. */
    void whatTheKeyKeeps(CqlSession session) {
        Story.section("What MR5 keeps: the draft's key against the rules' on the same writes");
        LogicalModel draft = LogicalModel.of(LogicalTable.table("episodes_draft").partitionKey("show_id")
                .clustering("published", Mark.DESCENDING).columns("episode_id", "episode_title", "duration_s").serves("Q2"));
        PhysicalTables.create(session, PODCASTS, draft);
        PhysicalTables.load(session, draft, "the draft's episodes", episodes);
        String show = (String) shows.get(0).get("show_id");
        long kept = count(session, "episodes_by_show", show);
        long draftKept = count(session, "episodes_draft", show);
        TextTable.of("table", "key", "episodes of " + show + " written", "rows read back")
                .row("episodes_by_show", "((show_id), published, episode_id)", EPISODES, kept)
                .row("episodes_draft", "((show_id), published)", EPISODES, draftKept)
                .print();
        session.execute(Keyspaces.schema("DROP TABLE episodes_draft"));
        Story.say("""
                Every show here released one two-part episode, both parts in the same second. With
                published alone as the clustering column, the second part's row has the first's
                primary key and replaces it: no error, %d episodes written, %d read back. The rules'
                key reads back all %d.""", EPISODES, draftKept, kept);
        recap.line("%s: %d episodes written, %d kept by the rules' key, %d by the draft's", show, EPISODES, kept, draftKept);
    }

    private static long count(CqlSession session, String table, String show) {
        return session.execute(session.prepare("SELECT count(*) FROM " + table + " WHERE show_id = ?").bind(show)).one().getLong(0);
    }

    void checkedOnTheStore(CatalogueCheck checker, LogicalModel logical) {
        Story.section("The physical model, checked on the store");
        CqlSession session = checker.session();
        String show = (String) shows.get(3).get("show_id");
        String listener = (String) follows.get(0).get("listener_id");
        Instant weekAgo = NOW.minus(Duration.ofDays(7));
        Map<String, Function<AccessPattern, AccessPattern>> served = new HashMap<>();
        served.put("Q1", p -> p.servedBy(show, () -> run(session, logical, "Q1", "", show)));
        served.put("Q2", p -> p.servedBy(show + ", a page", Answer.inOrder(newestEpisodes(show)),
                () -> column(run(session, logical, "Q2", " LIMIT " + PAGE, show), "episode_id")));
        served.put("Q3", p -> p.servedBy(listener, () -> run(session, logical, "Q3", " LIMIT " + PAGE, listener)));
        served.put("Q4", p -> p.servedBy(listener + ", last 7 days", Answer.inOrder(playsOf(listener, weekAgo)),
                () -> column(run(session, logical, "Q4", "", listener, weekAgo, NOW), "episode_id")));
        served.put("Q5", p -> p.servedBy("science, a page", () -> run(session, logical, "Q5", " LIMIT " + PAGE, "science")));
        // tag::check[]
        List<AccessPattern> patterns = logical.patterns(WORKFLOW).stream().map(p -> served.get(p.id()).apply(p)).toList();
        CatalogueReport report = checker.check(WORKFLOW.name(), patterns);
        report.print();
        // end::check[]
        Diagram built = Diagram.ofSchema(WORKFLOW.name(), patterns, logical.shapes(PODCASTS), SchemaShapes.of(session));
        Path drawing = DiagramFiles.write(built);
        Story.say("""
                %d runs green, %d explained, %d failed: each query reads one partition of its own
                table, measured by tracing, and Q2 and Q4 return what the generated data says they
                should. The schema on the cluster differs from the logical model in %d places.
                The Chebotko diagram with the workflow's arrows is in %s.""",
                report.count(Verdict.GREEN), report.count(Verdict.EXPLAINED), report.count(Verdict.FAILED),
                built.differences().size(), drawing);
        recap.line("the catalogue on the store: %d green, %d explained, %d failed; drawn in %s", report.count(Verdict.GREEN),
                report.count(Verdict.EXPLAINED), report.count(Verdict.FAILED), drawing);
    }

    private static List<Row> run(CqlSession session, LogicalModel logical, String id, String limit, Object... values) {
        PreparedStatement statement = session.prepare(logical.select(WORKFLOW.query(id).orElseThrow()) + limit);
        return session.execute(statement.bind(values)).all();
    }

    private static List<String> column(List<Row> rows, String name) {
        return rows.stream().map(r -> r.getString(name)).toList();
    }

    /** The oracle for Q2: the show's newest page of episodes, from the generated data. */
    private List<String> newestEpisodes(String show) {
        return episodes.stream().filter(e -> e.get("show_id").equals(show))
                .sorted(Comparator.comparing((Map<String, Object> e) -> (Instant) e.get("published")).reversed()
                        .thenComparing(e -> (String) e.get("episode_id")))
                .limit(PAGE).map(e -> (String) e.get("episode_id")).toList();
    }

    /** The oracle for Q4: the listener's plays since the given time, newest first, from the generated data. */
    private List<String> playsOf(String listener, Instant since) {
        return plays.stream().filter(p -> p.get("listener_id").equals(listener) && !((Instant) p.get("played_at")).isBefore(since))
                .sorted(Comparator.comparing((Map<String, Object> p) -> (Instant) p.get("played_at")).reversed()
                        .thenComparing(p -> (String) p.get("episode_id")))
                .map(p -> (String) p.get("episode_id")).toList();
    }

    void sayItInAReview() {
        Story.section("Saying it in a design review");
        Story.say("""
                "Before tables, I write the conceptual model: entities, keys, relationships and their
                cardinalities. Then the workflow: each query with what it fixes, what it searches by
                range, its order and its rate. The mapping rules give one table per query: equality
                attributes are the partition key, range and order are clustering columns in their
                direction, and the rows' key completes the primary key so no two rows collide. Then
                types, buckets where a partition grows, and the check on real data." """);
    }

    /** The podcast data, each row as the attributes it carries; the first episode pair of each show shares a second. */
    private void generate() {
        for (int s = 1; s <= SHOWS; s++) {
            String showId = String.format("show-%02d", s);
            Map<String, Object> show = Map.of("show_id", showId, "show_title", "Show " + s, "publisher", "publisher-" + (s % 7),
                    "category", CATEGORIES.get(s % CATEGORIES.size()));
            shows.add(show);
            for (int e = 1; e <= EPISODES; e++) {
                // episodes 1 and 2 are a two-part release, published in the same second
                Instant published = NOW.minus(Duration.ofDays(7L * (EPISODES - Math.max(e, 2)) + s));
                episodes.add(Map.of("show_id", showId, "episode_id", String.format("%s-e%02d", showId, e),
                        "episode_title", "Episode " + e + " of " + show.get("show_title"), "published", published,
                        "duration_s", 1_200 + random.nextInt(2_400)));
            }
        }
        for (int l = 1; l <= LISTENERS; l++) {
            String listenerId = String.format("listener-%03d", l);
            List<Map<String, Object>> followed = new ArrayList<>();
            while (followed.size() < FOLLOWS) {
                Map<String, Object> show = shows.get(random.nextInt(SHOWS));
                if (!followed.contains(show)) {
                    followed.add(show);
                    follows.add(Map.of("listener_id", listenerId, "show_id", show.get("show_id"), "show_title",
                            show.get("show_title"), "publisher", show.get("publisher"),
                            "followed_at", NOW.minus(Duration.ofMinutes(random.nextInt(525_600)))));
                }
            }
            for (int p = 0; p < PLAYS; p++) {
                String showId = (String) followed.get(random.nextInt(FOLLOWS)).get("show_id");
                Map<String, Object> episode = episodes.get(shows.indexOf(shows.stream().filter(s -> s.get("show_id").equals(showId))
                        .findFirst().orElseThrow()) * EPISODES + random.nextInt(EPISODES));
                plays.add(Map.of("listener_id", listenerId, "episode_id", episode.get("episode_id"), "episode_title",
                        episode.get("episode_title"), "played_at", NOW.minus(Duration.ofMinutes(random.nextInt(43_200))),
                        "position_s", random.nextInt(1_200)));
            }
        }
    }
}
