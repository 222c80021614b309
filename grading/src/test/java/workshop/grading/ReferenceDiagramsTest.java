package workshop.grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workshop.bonus.leaderboard.LeaderboardCatalogue;
import workshop.kit.Workshop;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.PlanReview;
import workshop.kit.catalogue.TableShape;
import workshop.kit.diagram.Arrow;
import workshop.kit.diagram.CqlShapes;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.Difference;
import workshop.kit.diagram.ItemCollections;
import workshop.kit.diagram.SvgDiagram;
import workshop.kit.diagram.SvgItemCollections;
import workshop.kit.dynamo.MeteredClient;
import workshop.lesson04d.SocialFeed;
import workshop.lesson06d.Order;
import workshop.lesson06d.OrderQuestions;
import workshop.lesson06d.OrderStatus;
import workshop.lesson06d.OrderSystem;
import workshop.lesson06d.OrderWithLines;
import workshop.lesson06d.Shop;
import workshop.lesson07d.TicketBooking;
import workshop.lesson08d.EventLog;
import workshop.lesson09.SensorCatalogue;
import workshop.testkit.DynamoExtension;
import workshop.kit.HeadlessChromium;
import workshop.testkit.SingleTableDrawing;
import workshop.testkit.TableNames;

/**
 * The reference designs a learner's own are compared with, lesson 09's sensors, the leaderboard
 * bonus and the Cassandra design tasks (04d, 07d, 08d), reviewed and drawn as {@code ./jbang catalogue} does: the
 * plans pass the review with no table created, the tables come from the solutions' own CREATE TABLE statements, the drawing
 * renders in Chromium with every table, key mark and question, and a clustering order reversed in
 * the schema shows as a difference. Design an Order System (06d), one DynamoDB table, is drawn from
 * the reference's table on the emulator. Screenshots stay in grading/target/diagrams/ to look at.
 */
@ExtendWith(DynamoExtension.class)
class ReferenceDiagramsTest {

    /** A reference catalogue and the source file whose CREATE TABLE statements build its tables. */
    record Design(Catalogue catalogue, String tablesSource) {
        List<TableShape> tables() throws Exception {
            return CqlShapes.parse(Files.readString(Workshop.root().resolve(tablesSource)));
        }

        @Override
        public String toString() {
            return catalogue.name();
        }
    }

    static Stream<Design> designs() {
        return Stream.of(
                new Design(new SensorCatalogue(), "lessons/09-access-pattern-catalogue/.meta/solution/workshop/lesson09/SensorStore.java"),
                new Design(new LeaderboardCatalogue(), "solutions/src/main/java/workshop/bonus/leaderboard/LeaderboardCatalogue.java"),
                new Design(new SocialFeed(), "lessons/04d-social-feed/.meta/solution/workshop/lesson04d/SocialFeed.java"),
                new Design(new TicketBooking(), "lessons/07d-ticket-booking/.meta/solution/workshop/lesson07d/TicketBooking.java"),
                new Design(new EventLog(), "lessons/08d-terminal-event-log/.meta/solution/workshop/lesson08d/EventLog.java"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void thePlanPassesTheReviewBeforeAnyTableExists(Design design) {
        CatalogueReport review = PlanReview.of(design.catalogue().name(), design.catalogue().patterns());
        assertTrue(review.passed(), review.render());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void everyTableTheQuestionsReadIsBuiltAndAReversedOrderShowsAsADifference(Design design) throws Exception {
        List<TableShape> tables = design.tables();
        List<String> read = design.catalogue().patterns().stream().flatMap(p -> p.plan().tables().stream())
                .distinct().filter(name -> tables.stream().noneMatch(t -> t.name().equals(name))).toList();
        // A batch job or a search index may name a table outside the keyspace (the sensor registry).
        assertTrue(read.stream().allMatch(name -> design.catalogue().patterns().stream()
                .filter(p -> p.plan().tables().contains(name)).allMatch(p -> !p.plan().keyed())), "not built: " + read);
        // The plan: the tables the catalogue declares as planned, which the build must match; else its own CREATE TABLEs.
        List<TableShape> plan = design.catalogue().plannedTables().isEmpty() ? tables : design.catalogue().plannedTables();
        assertEquals(List.of(), Difference.between(plan, tables));
        String source = Files.readString(Workshop.root().resolve(design.tablesSource()));
        String reversed = source.replaceFirst("(CLUSTERING ORDER BY \\(\\w+) DESC", "$1 ASC");
        List<Difference> differences = Difference.between(plan, CqlShapes.parse(reversed));
        assertEquals(1, differences.size(), differences.toString());
        assertTrue(differences.get(0).toString().contains("clustered descending (C desc) in the plan, clustered ascending"),
                differences.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void theDrawingRendersInChromiumWithEveryTableMarkAndQuestion(Design design) throws Exception {
        Catalogue catalogue = design.catalogue();
        List<TableShape> tables = design.tables();
        Diagram diagram = Diagram.of(catalogue.name(), "the reference solution's CREATE TABLE statements", tables,
                catalogue.patterns().stream().map(Arrow::of).toList());
        String dom = rendered(diagram.slug(), SvgDiagram.render(diagram));
        for (TableShape table : tables) {
            assertTrue(dom.contains(">" + table.name() + "</text>"), table.name() + " is not drawn");
            for (TableShape.Column column : table.columns()) {
                assertTrue(dom.contains(">" + column.name() + "</text>"), table.name() + "." + column.name() + " is not drawn");
            }
        }
        for (Mark mark : List.of(Mark.PARTITION_KEY, Mark.DESCENDING)) {
            long expected = tables.stream().flatMap(t -> t.columns().stream()).filter(c -> c.mark() == mark).count();
            assertTrue(occurrences(dom, ">" + glyph(mark) + "</text>") >= expected, mark + ": fewer than " + expected + " drawn");
        }
        for (AccessPattern pattern : catalogue.patterns()) {
            assertTrue(dom.contains(">" + pattern.id() + " ("), pattern.id() + " is not drawn");
        }
    }

    /**
     * Design an Order System (06d) is one DynamoDB table: the reference is loaded with the brief's
     * sample data and each question asked once, measured, and the table is drawn as its item
     * collections, each question an arrow into what its requests named.
     */
    @Test
    void theOrderSystemsTableIsDrawnAsItsItemCollectionsWithAnArrowPerQuestion(MeteredClient meter, TableNames names) throws Exception {
        String table = names.of("shop");
        OrderSystem loader = new OrderSystem(meter.plain(), table);
        loader.createTable();
        Shop.customers().forEach(loader::addCustomer);
        Shop.orders().forEach(loader::placeOrder);
        OrderSystem shop = new OrderSystem(meter.client(), table);
        Order placed = Shop.orders().stream().map(OrderWithLines::order).filter(o -> o.status() == OrderStatus.PLACED)
                .findFirst().orElseThrow();
        SingleTableDrawing drawing = SingleTableDrawing.of("order system", OrderQuestions.values(), OrderQuestions::brief);
        drawing.served("O1", meter.measure(() -> shop.accountPage(placed.customerId())).cost(), names);
        drawing.served("O2", meter.measure(() -> shop.orderHistory(placed.customerId(), null)).cost(), names);
        drawing.served("O3", meter.measure(() -> shop.order(placed.orderId())).cost(), names);
        drawing.served("O4", meter.measure(shop::pickList).cost(), names);
        drawing.served("O5", meter.measure(() -> shop.changeStatus(placed.orderId(), OrderStatus.PLACED, OrderStatus.SHIPPED))
                .cost(), names);
        ItemCollections collections = drawing.read(meter.plain(), table, names).orElseThrow();

        assertEquals(List.of("shop", "by_customer", "awaiting"), collections.views().stream().map(ItemCollections.View::name).toList());
        assertEquals(List.of(List.of("by_customer"), List.of("by_customer"), List.of("shop"), List.of("awaiting"), List.of("shop")),
                collections.arrows().stream().map(Arrow::tables).toList(), "each question into the table or index it queried");
        assertEquals(List.of("CUST#<id>", "ORDER#<id>"), shapes(collections, "shop"));
        assertEquals(List.of("CUST#<id>"), shapes(collections, "by_customer"));
        assertEquals(List.of("PLACED"), shapes(collections, "awaiting"));
        assertEquals(List.of("ORDER#<n>#<id>", "PROFILE"), collections.view("by_customer").orElseThrow().collections().get(0)
                .members().stream().map(ItemCollections.Member::sortShape).toList());

        String dom = rendered(collections.slug(), SvgItemCollections.render(collections));
        for (ItemCollections.View view : collections.views()) {
            assertTrue(dom.contains(">" + view.name() + "</text>"), view.name() + " is not drawn");
            for (ItemCollections.Collection collection : view.collections()) {
                assertTrue(dom.contains(">" + xml(collection.partitionShape()) + "</text>"), collection.partitionShape() + " is not drawn");
                for (ItemCollections.Member member : collection.members()) {
                    assertTrue(dom.contains(">" + xml(member.label()) + "</text>"), member.label() + " is not drawn");
                }
            }
        }
        for (OrderQuestions question : OrderQuestions.values()) {
            assertTrue(dom.contains(">" + question.name() + " ("), question + " is not drawn");
        }
        assertEquals(OrderQuestions.values().length, occurrences(dom, "marker-end=\"url(#served)\""), "an arrow per question");
    }

    private static List<String> shapes(ItemCollections collections, String view) {
        return collections.view(view).orElseThrow().collections().stream().map(ItemCollections.Collection::partitionShape).toList();
    }

    /** Text as the browser serializes it. */
    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /**
     * Writes the drawing to grading/target/diagrams/, fails if Chromium cannot parse it, keeps a
     * screenshot beside it for a person to look at, and returns the page as Chromium holds it.
     */
    private static String rendered(String slug, String drawing) throws Exception {
        Path folder = Files.createDirectories(Workshop.root().resolve("grading/target/diagrams"));
        Path svg = Files.writeString(folder.resolve(slug + ".svg"), drawing);
        HeadlessChromium chromium = HeadlessChromium.find(Workshop.root().resolve("grading/target/chromium"))
                .orElseGet(() -> HeadlessChromium.unavailable("The reference diagrams", "No Chromium or Chrome found. Install"
                        + " one (Debian/Ubuntu: apt-get install chromium) or point CHROMIUM at its executable."));
        String dom = chromium.dumpDom(svg.toUri());
        assertFalse(dom.contains("parsererror") || dom.contains("This page contains the following errors"), dom);
        Path png = folder.resolve(slug + ".png");
        chromium.screenshot(svg.toUri(), png, 1100, 900);
        assertTrue(Files.size(png) > 10_000, "the screenshot of " + svg + " is blank");
        return dom;
    }

    /** The mark as the browser's DOM holds it: the SVG's character references resolved. */
    private static String glyph(Mark mark) {
        return mark.svg().replace("&#8593;", "\u2191").replace("&#8595;", "\u2193");
    }

    private static long occurrences(String text, String part) {
        return (text.length() - text.replace(part, "").length()) / part.length();
    }
}
