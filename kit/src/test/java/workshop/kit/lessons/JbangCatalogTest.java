package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

class JbangCatalogTest {

    @Test
    void catalogMatchesTheLessonList() throws Exception {
        assertEquals(JbangCatalog.render(), Files.readString(JbangCatalog.file()),
                "jbang-catalog.json differs from the lesson list: regenerate it with ./jbang generate");
    }

    @Test
    void gradingSetupsAndSourceRootsMatchTheLessonList() throws Exception {
        for (GeneratedFile file : java.util.stream.Stream.concat(GradingSetups.files().stream(), SourceRoots.files().stream()).toList()) {
            assertEquals(file.content(), Files.readString(file.file()),
                    file.path() + " differs from the lesson list: regenerate it with ./jbang generate");
            assertEquals(file.executable(), Files.isExecutable(file.file()), file.path() + " executable");
        }
    }

    /** jbang runs a file or folder of the working directory before a catalog alias of the same name. */
    @Test
    void noCommandIsAlsoTheNameOfSomethingAtTheRoot() {
        for (JbangCatalog.Tool tool : JbangCatalog.TOOLS) {
            assertFalse(Files.exists(Workshop.root().resolve(tool.alias())), "./jbang " + tool.alias()
                    + " would run the root's " + tool.alias() + " instead of its command: rename that folder or file");
        }
    }

    @Test
    void editorTasksMatchTheLessonList() throws Exception {
        assertEquals(EditorTasks.render(), Files.readString(EditorTasks.file()),
                ".vscode/tasks.json differs from the lesson list: regenerate it with ./jbang generate");
    }

    @Test
    void everyLessonScriptExistsAndNamesItsMainClass() throws Exception {
        for (Lesson lesson : Lessons.ALL) {
            var script = Workshop.root().resolve(lesson.script());
            assertTrue(Files.exists(script), lesson.script() + " is listed but missing");
            assertTrue(Files.readString(script).contains("\n//MAIN "),
                    lesson.script() + " needs a //MAIN line: the kit it sources has other main classes");
        }
    }

    @Test
    void everyLessonTakesSomeMinutesAndTheReadmeTableShowsThem() throws Exception {
        String readme = Files.readString(Workshop.root().resolve("README.md"));
        for (Lesson lesson : Lessons.ALL) {
            assertTrue(lesson.minutes() > 0, "lesson " + lesson.number() + ": give it .taking(minutes, level) in Lessons.ALL");
            String row = "| " + lesson.number() + " | `./jbang " + lesson.alias() + "` | " + lesson.minutes() + " | ";
            assertTrue(readme.contains(row), "README.md's lesson table needs the row \"" + row + "...\"");
        }
    }

    @Test
    void idsAndNumbersAreUnique() {
        assertEquals(Lessons.ALL.size(), Lessons.ALL.stream().map(Lesson::id).distinct().count());
        assertEquals(Lessons.ALL.size(), Lessons.ALL.stream().map(Lesson::number).distinct().count());
    }

    @Test
    void findsLessonsByNumberOrIdAndListsThemWhenUnknown() {
        assertEquals("naive-table", Lessons.require("1").id());
        assertEquals("01", Lessons.require("naive-table").number());
        var error = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Lessons.require("O1"));
        assertTrue(error.getMessage().contains("01 (naive-table)"), error.getMessage());
    }
}
