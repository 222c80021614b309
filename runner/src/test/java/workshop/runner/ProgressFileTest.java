package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressFileTest {

    @Test
    void statesMoveFromNotStartedThroughFailingToPassedAndSurviveARestart(@TempDir Path dir) {
        Path file = dir.resolve(".workshop/progress.properties");
        ProgressFile progress = new ProgressFile(file);
        assertEquals(LessonState.NOT_STARTED, progress.state("naive-table"));
        progress.recordCheck("naive-table", false);
        assertEquals(LessonState.FAILING, progress.state("naive-table"));
        progress.recordCheck("naive-table", true);
        progress.recordHintShown("naive-table", 2);

        ProgressFile reopened = new ProgressFile(file);
        assertEquals(LessonState.PASSED, reopened.state("naive-table"));
        assertEquals(2, reopened.hintsShown("naive-table"));
        assertEquals(LessonState.NOT_STARTED, reopened.state("partition-by-conversation"));
    }

    @Test
    void aPassedLessonCanFailAgain(@TempDir Path dir) {
        ProgressFile progress = new ProgressFile(dir.resolve("p.properties"));
        progress.recordCheck("x", true);
        progress.recordCheck("x", false);
        assertEquals(LessonState.FAILING, progress.state("x"));
    }

    @Test
    void aResetLessonIsNotStartedAgainAndOthersKeepTheirState(@TempDir Path dir) {
        Path file = dir.resolve("p.properties");
        ProgressFile progress = new ProgressFile(file);
        progress.recordCheck("x", true);
        progress.recordHintShown("x", 2);
        progress.recordCheck("y", true);
        progress.clear("x");
        ProgressFile reopened = new ProgressFile(file);
        assertEquals(LessonState.NOT_STARTED, reopened.state("x"));
        assertEquals(0, reopened.hintsShown("x"));
        assertEquals(LessonState.PASSED, reopened.state("y"));
    }
}
