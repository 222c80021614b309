package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.TableShape;

/**
 * A design drawn as a Chebotko diagram: a box per table with its key marks, and each question of
 * the catalogue an arrow into the tables that answer it. Drawn from the plan before any table
 * exists, or from the keyspace's schema once it does, with where the schema differs from the plan.
 *
 * @param title       the catalogue's name
 * @param source      what the boxes show: "the plan" or "the keyspace's schema"
 * @param tables      the tables, in the order the questions first reach them
 * @param missing     tables a question reads that the boxes do not hold (not planned, or not built)
 * @param arrows      one per question
 * @param differences where the schema differs from the plan; empty for a plan, or when none was declared
 */
public record Diagram(String title, String source, List<TableShape> tables, List<String> missing, List<Arrow> arrows,
                      List<Difference> differences) {

    public Diagram {
        tables = List.copyOf(tables);
        missing = List.copyOf(missing);
        arrows = List.copyOf(arrows);
        differences = List.copyOf(differences);
    }

    /** Before anything is built: the catalogue's plans and the tables it declares. */
    public static Diagram ofPlan(String title, List<AccessPattern> patterns, List<TableShape> planned) {
        return of(title, "the plan", patterns, planned, List.of());
    }

    /** After setUp: the tables as the schema holds them, compared with the planned ones if any were declared. */
    public static Diagram ofSchema(String title, List<AccessPattern> patterns, List<TableShape> planned, List<TableShape> built) {
        return of(title, "the keyspace's schema", patterns, built, Difference.between(planned, built));
    }

    /**
     * A whole run's design ({@link CatalogueReport#design()}), drawn as {@link #ofSchema} does but as
     * measured: a pattern whose run scanned is drawn as a scan. Empty when the report carries no design.
     */
    public static Optional<Diagram> ofRun(CatalogueReport report) {
        return report.design().map(design -> drawn(report.title(), "the keyspace's schema and the run",
                design.built(), design.patterns().stream().map(p -> Arrow.measured(p, report.resultsOf(p.id()))).toList(),
                Difference.between(design.planned(), design.built())));
    }

    private static Diagram of(String title, String source, List<AccessPattern> patterns, List<TableShape> shapes,
                              List<Difference> differences) {
        return drawn(title, source, shapes, patterns.stream().map(Arrow::of).toList(), differences);
    }

    /** Arrows written out, for a picture that compares designs of one question (a deck's before and after). */
    public static Diagram of(String title, String source, List<TableShape> shapes, List<Arrow> arrows) {
        return drawn(title, source, shapes, arrows, List.of());
    }

    private static Diagram drawn(String title, String source, List<TableShape> shapes, List<Arrow> arrows,
                              List<Difference> differences) {
        List<String> order = new ArrayList<>();
        arrows.forEach(a -> a.tables().stream().filter(t -> !order.contains(t)).forEach(order::add));
        List<TableShape> tables = shapes.stream().sorted(Comparator.comparingInt(t -> rank(order, t.name()))).toList();
        List<String> missing = order.stream().filter(name -> tables.stream().noneMatch(t -> t.name().equals(name))).toList();
        return new Diagram(title, source, tables, missing, arrows, differences);
    }

    /** Tables no question reaches go last, in their own order. */
    private static int rank(List<String> order, String table) {
        int at = order.indexOf(table);
        return at < 0 ? Integer.MAX_VALUE : at;
    }

    public List<Arrow> served() {
        return arrows.stream().filter(Arrow::served).toList();
    }

    public List<Arrow> unserved() {
        return arrows.stream().filter(a -> !a.served()).toList();
    }

    /** What a check says when the schema differs from the plan, in one line: where to look, and the fix. */
    public Optional<String> disagreement() {
        return differences.isEmpty() ? Optional.empty() : Optional.of("The schema differs from the plan in " + differences.size()
                + " place(s), marked != in the diagram: change the table or its plannedTables() until they agree.");
    }

    public List<Difference> differencesOf(String table, Optional<String> column) {
        return differences.stream().filter(d -> d.table().equals(table) && d.column().equals(column)).toList();
    }

    /** "chat app" becomes "chat-app": the drawing's file name. */
    public String slug() {
        return slug(title);
    }

    static String slug(String title) {
        String slug = title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "catalogue" : slug;
    }
}
