package workshop.kit.tools;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import workshop.kit.Workshop;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.PlanReview;
import workshop.kit.catalogue.dynamo.DynamoCatalogue;
import workshop.kit.catalogue.dynamo.DynamoCatalogueCheck;
import workshop.kit.catalogue.dynamo.DynamoDiagrams;
import workshop.kit.catalogue.dynamo.DynamoPlanReview;
import workshop.kit.catalogue.dynamo.DynamoReport;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.DiagramFiles;
import workshop.kit.diagram.ItemCollections;
import workshop.kit.diagram.ItemCollectionsText;
import workshop.kit.diagram.TextDiagram;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.lessons.LessonFiles;
import workshop.kit.lessons.Lessons;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;

/**
 * ./jbang catalogue [--plan] [source files or folders]: compiles them, finds every class
 * implementing {@link Catalogue}, and checks each against the cluster in a keyspace of its own;
 * every class implementing {@link DynamoCatalogue} is checked on the DynamoDB emulator, its tables
 * created afresh. With --plan it reviews their plans alone, before any table exists, and needs no
 * store. With no files it checks the catalogue exercise of the capstone lesson.
 */
@Command(name = "./jbang catalogue", description = "Check a design's access patterns: its plans before any table exists"
        + " (--plan), or every pattern measured on the store (Cassandra, or DynamoDB for a DynamoCatalogue).")
public final class CatalogueTool implements Callable<Integer> {

    static final String CAPSTONE = "access-pattern-catalogue";

    @Option(names = "--plan", description = "Review the plans alone: no store, no table, no serving code run.")
    boolean planOnly;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Parameters(paramLabel = "SOURCE", arity = "0..*",
            description = "Java files or folders holding catalogue classes (default: lesson 09's exercise).")
    List<Path> paths = new ArrayList<>();

    private CatalogueTool() {}

    public static void main(String... arguments) {
        // Before a catalogue's own code touches the driver: its log lines stay out of the report.
        Cassandra.sendDriverLogToFile();
        System.exit(CommandLines.execute(commandLine(), arguments));
    }

    static CommandLine commandLine() {
        return new CommandLine(new CatalogueTool());
    }

    @Override
    public Integer call() {
        Path root = Workshop.root();
        List<Path> sources = paths.isEmpty() ? capstoneSources(root) : paths.stream().flatMap(CatalogueTool::expand).toList();
        if (sources.isEmpty()) {
            System.out.println("""
                    No Java sources in %s.
                    Usage: ./jbang catalogue [--plan] path/to/MyCatalogue.java [more files or folders]
                      A catalogue class implements workshop.kit.catalogue.Catalogue (Cassandra) or
                      workshop.kit.catalogue.dynamo.DynamoCatalogue (DynamoDB) and has a constructor without
                      arguments; fixtures/src/main/java/workshop/fixtures/chat/ChatCatalogue.java is one.""".formatted(paths));
            return CommandLines.USAGE;
        }
        Path classes = Workshop.stateDir().resolve("catalogue/classes");
        List<String> errors = JavaSources.compile(sources, classes);
        if (!errors.isEmpty()) {
            System.out.println("The sources do not compile:");
            errors.forEach(e -> Story.wrap(e, Failures.COLUMNS - 2).forEach(line -> System.out.println("  " + line)));
            return 1;
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, CatalogueTool.class.getClassLoader())) {
            List<Object> catalogues = catalogues(classes, loader);
            if (catalogues.isEmpty()) {
                print("No class in " + sources.size() + " source file(s) implements workshop.kit.catalogue.Catalogue"
                        + " (Cassandra) or workshop.kit.catalogue.dynamo.DynamoCatalogue (DynamoDB) with a constructor"
                        + " without arguments.");
                return CommandLines.USAGE;
            }
            List<String> compiled = JavaSources.classNames(classes);
            boolean passed = true;
            for (Object catalogue : catalogues) {
                try {
                    passed &= catalogue instanceof DynamoCatalogue dynamo ? (planOnly ? review(dynamo) : check(dynamo))
                            : planOnly ? review((Catalogue) catalogue) : check((Catalogue) catalogue);
                } catch (WorkshopException e) {
                    throw e;
                } catch (RuntimeException e) {
                    passed = false;
                    print(catalogue.getClass().getSimpleName() + " failed before its patterns could be checked: " + e
                            + (e instanceof UnsupportedOperationException ? ". A TODO is left: write the patterns first,"
                                    + " each with its rate, p99 target and plan."
                            : planOnly ? ". A plan review calls patterns() without setUp: build statements inside the"
                                    + " samples' lambdas, not in patterns() itself." : ""));
                    Stream.of(e.getStackTrace()).filter(frame -> compiled.contains(frame.getClassName()))
                            .forEach(frame -> System.out.println("  at " + frame));
                }
            }
            return passed ? 0 : 1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (WorkshopException e) {
            Failures.report(e, System.err);
            return 1;
        }
    }

    /** Reviews the catalogue's plans alone: no cluster, no tables, no serving code run. */
    static boolean review(Catalogue catalogue) {
        List<AccessPattern> patterns = catalogue.patterns();
        CatalogueReport report = PlanReview.of(catalogue.name(), patterns);
        report.print();
        show(Diagram.ofPlan(catalogue.name(), patterns, catalogue.plannedTables()));
        return report.passed();
    }

    /** Sets the catalogue up in a keyspace named after its class (recreated on every run) and prints the report. */
    static boolean check(Catalogue catalogue) {
        String keyspace = keyspaceOf(catalogue.getClass());
        print("Checking " + catalogue.getClass().getName() + " in keyspace " + Keyspaces.name(keyspace)
                + " (loading its data first)...");
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession admin = cassandra.connect()) {
            keyspace = Keyspaces.recreate(admin, keyspace); // its name on the cluster, in the learner's namespace
        }
        try (CqlSession session = cassandra.connect(keyspace)) {
            CatalogueReport report = CatalogueCheck.on(session).run(catalogue);
            System.out.println();
            report.print();
            Diagram diagram = Diagram.ofRun(report).orElseThrow();
            show(diagram);
            diagram.disagreement().ifPresent(CatalogueTool::print);
            return report.passed() && diagram.differences().isEmpty();
        }
    }

    /** Reviews a DynamoDB catalogue's plans alone: no emulator, no tables, no serving code run. */
    static boolean review(DynamoCatalogue catalogue) {
        DynamoReport report = DynamoPlanReview.of(catalogue);
        report.print();
        DynamoDiagrams.planned(catalogue).forEach(CatalogueTool::show);
        return report.passed();
    }

    /** Creates a DynamoDB catalogue's tables afresh on the emulator, loads them, checks every pattern and draws the tables as built. */
    static boolean check(DynamoCatalogue catalogue) {
        print("Checking " + catalogue.getClass().getName() + " on DynamoDB (creating its tables and loading its items first)...");
        try (DynamoCatalogueCheck checker = DynamoCatalogueCheck.on(Dynamo.findOrStart())) {
            DynamoReport report = checker.run(catalogue);
            System.out.println();
            report.print();
            DynamoDiagrams.built(catalogue, report, checker.plain()).forEach(CatalogueTool::show);
            return report.passed();
        }
    }

    /** A table's item collections in the terminal, and where their drawing was written. */
    private static void show(ItemCollections drawing) {
        System.out.println();
        ItemCollectionsText.lines(drawing).forEach(System.out::println);
        print("The drawing: " + DiagramFiles.write(drawing) + " (open it in a browser).");
    }

    /** The diagram in the terminal, and where its drawing was written. */
    private static void show(Diagram diagram) {
        System.out.println();
        TextDiagram.lines(diagram).forEach(System.out::println);
        print("The drawing: " + DiagramFiles.write(diagram) + " (open it in a browser).");
    }

    /** A message, wrapped to the terminal's width. */
    private static void print(String message) {
        Story.wrap(message, Failures.COLUMNS).forEach(System.out::println);
    }

    /** The workshop's name for the keyspace; Keyspaces.name adds the namespace and keeps it within Cassandra's limit. */
    static String keyspaceOf(Class<?> type) {
        return "catalogue_" + type.getSimpleName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    private static List<Path> capstoneSources(Path root) {
        LessonFiles capstone = Lessons.require(CAPSTONE).files(root);
        return Stream.of(capstone.stubs(), capstone.given()).flatMap(JavaSources::javaFiles).toList();
    }

    private static Stream<Path> expand(Path path) {
        return Files.isDirectory(path) ? JavaSources.javaFiles(path) : Stream.of(path).filter(Files::isRegularFile);
    }

    private static List<Object> catalogues(Path classes, ClassLoader loader) {
        List<Object> found = new ArrayList<>();
        for (String name : JavaSources.classNames(classes)) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                boolean catalogue = Catalogue.class.isAssignableFrom(type) || DynamoCatalogue.class.isAssignableFrom(type);
                if (catalogue && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
                    Constructor<?> constructor = type.getDeclaredConstructor();
                    constructor.setAccessible(true); // a catalogue nested in a jbang script is not public
                    found.add(constructor.newInstance());
                }
            } catch (NoSuchMethodException noDefault) {
                System.out.println("Skipping " + name + ": a catalogue class needs a constructor without arguments.");
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot create " + name + ": " + e, e);
            }
        }
        return found;
    }
}
