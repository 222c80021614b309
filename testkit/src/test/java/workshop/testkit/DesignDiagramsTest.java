package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.AssertionFailedError;
import workshop.kit.Workshop;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.TableShape;
import workshop.kit.diagram.DiagramFiles;

/**
 * What a design task's check draws with no code of its own: the assertions on a whole run's report
 * write the design as built to .workshop/diagrams/, once however often they are called, and hand
 * the drawing to the grading JVM; a schema that differs from the planned tables fails, in one line
 * with the differences under it. Patterns checked on their own draw nothing.
 */
@ExtendWith(CassandraExtension.class)
class DesignDiagramsTest {

    /** docs/catalogue.md's example, its table planned with another partition key than it builds. */
    static final class MisplannedProfiles extends ProfileCatalogue {
        @Override
        public String name() {
            return "profiles as misplanned";
        }

        @Override
        public List<TableShape> plannedTables() {
            return List.of(TableShape.table("profiles").partitionKey("name text").columns("user_id text"));
        }
    }

    @BeforeEach
    void nothingDrawnYet() {
        DesignDiagrams.take();
    }

    @Test
    void aWholeRunIsDrawnOnceAndHandedToTheGradingJvm(CqlSession plain) throws Exception {
        CatalogueReport report = CatalogueCheck.on(plain).run(new ProfileCatalogue());
        CostExpectations.assertCatalogueHolds(report);
        CostExpectations.assertPatternHolds(report, "A1");
        Path expected = Workshop.root().toAbsolutePath().relativize(DiagramFiles.folder().toAbsolutePath().resolve("profiles.svg"));
        assertEquals(List.of(expected), DesignDiagrams.take(), "drawn once, however often the report is asserted on");
        String svg = Files.readString(Workshop.root().resolve(expected));
        assertTrue(svg.contains(">profiles</text>") && svg.contains(">A1 (") && svg.contains(">A2 ("), svg);
        assertEquals(List.of(), DesignDiagrams.take(), "taken once");
    }

    @Test
    void aSchemaThatDiffersFromThePlanIsDrawnAndFails(CqlSession plain) {
        CatalogueReport report = CatalogueCheck.on(plain).run(new MisplannedProfiles());
        AssertionFailedError failed = assertThrows(AssertionFailedError.class, () -> CostExpectations.assertCatalogueHolds(report));
        assertEquals("""
                The schema differs from the plan in 1 place(s), marked != in the diagram: change the table or its plannedTables() until they agree.
                  profiles partition key (name) in the plan, (user_id) as built""", failed.getMessage());
        assertEquals(1, DesignDiagrams.take().size(), "drawn before it failed");
    }

    @Test
    void patternsCheckedOnTheirOwnDrawNothing(CqlSession plain) {
        ProfileCatalogue profiles = new ProfileCatalogue();
        CatalogueCheck checker = CatalogueCheck.on(plain);
        profiles.setUp(checker.session());
        CostExpectations.assertCatalogueHolds(checker.check("some patterns", profiles.patterns()));
        assertEquals(List.of(), DesignDiagrams.take());
    }
}
