package workshop.room.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The load tools read a grade as the runner writes it (the format docs/exercises.md describes), never its sentences. */
class GradeFileTest {

    @Test
    void aFailedGradeGivesItsCountsItsFirstFailureAndExitCodeOne(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("01.json"), """
                { "lesson" : "01", "id" : "naive-table", "status" : "failed", "passed" : 0, "failed" : 5, "seconds" : 6.9,
                  "checkedAt" : "2026-12-05T18:22:50Z", "tasks" : [ ],
                  "failures" : [ { "kind" : "NOT_WRITTEN", "task" : 0, "test" : "latest reads one partition",
                    "source" : "ConversationMessagesTest.onePartition", "message" : "not written yet:\\nTODO" },
                    { "kind" : "NOT_WRITTEN", "task" : 0, "test" : "newest first", "source" : "x", "message" : "y" } ],
                  "compileErrors" : [ ], "leftThreads" : [ ], "room" : "recorded" }
                """);
        GradeFile grade = GradeFile.read(file);
        assertEquals(new GradeFile("failed", 0, 5, Optional.of("recorded"), Optional.of("latest reads one partition"),
                Optional.of("not written yet:\nTODO")), grade);
        assertEquals(1, grade.exitCode());
        assertEquals("0 passed, 5 failed", grade.counts());
    }

    @Test
    void eachStatusHasTheExitCodeOfTheCheck(@TempDir Path dir) throws IOException {
        for (var status : List.of(List.of("passed", "0"), List.of("withheld", "3"), List.of("does-not-compile", "4"))) {
            Path file = Files.writeString(dir.resolve(status.get(0) + ".json"), "{ \"status\" : \"" + status.get(0)
                    + "\", \"passed\" : 8, \"failed\" : 0, \"failures\" : [ ], \"room\" : null }");
            GradeFile grade = GradeFile.read(file);
            assertEquals(Integer.parseInt(status.get(1)), grade.exitCode(), status.get(0));
            assertTrue(grade.room().isEmpty() && grade.firstTest().isEmpty(), "outside a room, nothing failed");
        }
        Path odd = Files.writeString(dir.resolve("odd.json"), "{ \"status\" : \"maybe\" }");
        assertThrows(IllegalStateException.class, () -> GradeFile.read(odd).exitCode());
    }

    @Test
    void gradingUnderLoadRefusesAnOptionItDoesNotKnow() {
        assertThrows(IllegalArgumentException.class, () -> GradeUnderLoad.Options.parse(List.of("--bogus", "1")));
        assertThrows(IllegalArgumentException.class, () -> GradeUnderLoad.Options.parse(List.of("--rounds", "1")));
        GradeUnderLoad.Options options = GradeUnderLoad.Options.parse(List.of("--lessons", "02", "--scratch", "/tmp/x"));
        assertEquals(3, options.rounds());
        assertEquals("02", options.lessons().get(0).number());
    }
}
