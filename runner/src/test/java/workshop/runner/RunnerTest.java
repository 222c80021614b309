package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.lessons.Hints;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Task;
import workshop.kit.terminal.Failures;
import workshop.kit.tools.JavaSources;

class RunnerTest {

    private static final Pattern TASK_TAG = Pattern.compile("@(?:org\\.junit\\.jupiter\\.api\\.)?Tag\\(\"task-(\\d+)\"\\)");

    @Test
    void nextStepFollowsTheLessonOrderAndProgress(@TempDir Path root) {
        List<Lesson> exercises = Overview.exercises();
        Overview overview = new Overview(root);
        assertTrue(overview.nextStep().contains("./jbang " + exercises.get(0).alias()), overview.nextStep());

        ProgressFile progress = new ProgressFile(root.resolve(".workshop/progress.properties"));
        progress.recordCheck(exercises.get(0).id(), false);
        assertTrue(new Overview(root).nextStep().contains("./jbang check " + exercises.get(0).number()));

        progress.recordCheck(exercises.get(0).id(), true);
        if (exercises.size() > 1) {
            assertTrue(new Overview(root).nextStep().contains("lesson " + exercises.get(1).number()));
        }
        exercises.forEach(l -> progress.recordCheck(l.id(), true));
        assertTrue(new Overview(root).nextStep().startsWith("Every exercise passes"));
    }

    @Test
    void hintsAreSeparatedByRules(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hints.md");
        Files.writeString(file, "first hint\nstill first\n---\nsecond\n---\n\n");
        assertEquals(List.of("first hint\nstill first", "second"), Hints.read(file));
        assertEquals(List.of(), Hints.read(dir.resolve("none.md")));
    }

    @Test
    void aCompileErrorIsReportedWithItsLineAndDoesNotThrow(@TempDir Path dir) throws Exception {
        Path broken = dir.resolve("src/Broken.java");
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "class Broken {\n  int x = ;\n}\n");
        List<String> errors = JavaSources.compile(List.of(broken), dir.resolve("classes"));
        assertEquals(1, errors.stream().filter(e -> e.startsWith("Broken.java:2:")).count(), errors.toString());

        Path fine = dir.resolve("src/Fine.java");
        Files.writeString(fine, "class Fine {}\n");
        assertEquals(List.of(), JavaSources.compile(List.of(fine), dir.resolve("classes")));
        assertTrue(Files.exists(dir.resolve("classes/Fine.class")));
    }

    @Test
    void everyExerciseHasHints() {
        Path root = workshop.kit.Workshop.root();
        for (Lesson lesson : Overview.exercises()) {
            assertTrue(Hints.read(new ExerciseFiles(root, lesson).hintsFile()).size() >= 2,
                    "lesson " + lesson.number() + " needs at least two hints in " + lesson.folder() + "/hints.md");
            for (Task task : Task.read(new ExerciseFiles(root, lesson).hintsFile())) {
                assertTrue(task.hints().size() >= 2, "lesson " + lesson.number() + ", task " + task.number()
                        + " needs at least two hints (the principle, then the shape)");
            }
        }
    }

    /**
     * In an exercise of tasks, every test class is tagged with one task of the hints file
     * ({@code @Tag("task-2")}, which the check reads) and every task has tests; outside tasks, none is.
     */
    @Test
    void everyTaskHasItsTestsAndEveryTestItsTask() throws Exception {
        Path root = workshop.kit.Workshop.root();
        for (Lesson lesson : Overview.exercises()) {
            ExerciseFiles files = new ExerciseFiles(root, lesson);
            List<Integer> tasks = Task.read(files.hintsFile()).stream().map(Task::number).toList();
            List<Integer> tagged = new ArrayList<>();
            for (Path test : ExerciseFiles.javaFiles(files.testDir()).filter(f -> f.toString().endsWith("Test.java")).toList()) {
                List<Integer> tags = TASK_TAG.matcher(Files.readString(test)).results()
                        .map(tag -> Integer.parseInt(tag.group(1))).toList();
                assertEquals(tasks.isEmpty() ? 0 : 1, tags.size(), root.relativize(test)
                        + (tasks.isEmpty() ? ": a task tag, in an exercise without tasks" : ": tag the class with its task"));
                tagged.addAll(tags);
            }
            assertEquals(tasks, tagged.stream().distinct().sorted().toList(), "lesson " + lesson.number()
                    + ": the tasks of " + root.relativize(files.hintsFile()) + " and the task tags of its test classes");
        }
    }

    @Test
    void theReadmeGivesTheLevelsAsTheOverviewDoes() throws Exception {
        String readme = Files.readString(workshop.kit.Workshop.root().resolve("README.md"));
        assertTrue(readme.replace("\n", " ").contains(Overview.levels() + "."),
                "README.md's lesson section should say: " + Overview.levels() + ".");
    }

    @Test
    void theOverviewFitsTheTerminalWidth(@TempDir Path root) {
        new ProgressFile(ProgressFile.defaultFile(root)).recordCheck(Overview.exercises().get(0).id(), false);
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            new Overview(root).run();
        } finally {
            System.setOut(stdout);
        }
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.size() > Overview.exercises().size(), "one row per lesson");
        lines.forEach(line -> assertTrue(line.length() <= Failures.COLUMNS, line.length() + " columns: " + line));
    }

    @Test
    void anExerciseInTasksShowsTasksPassedAndTheTaskToWorkOn(@TempDir Path root) throws Exception {
        Lesson lesson = Overview.exercises().get(1);
        Path hints = new ExerciseFiles(root, lesson).hintsFile();
        Files.createDirectories(hints.getParent());
        Files.writeString(hints, "## Task 1: first\nh\n---\nh2\n## Task 2: second\nh\n");
        ProgressFile progress = new ProgressFile(ProgressFile.defaultFile(root));
        progress.recordCheck(Overview.exercises().get(0).id(), true);
        progress.recordCheck(lesson.id(), false);
        progress.recordTasks(lesson.id(), Map.of(1, LessonState.PASSED, 2, LessonState.FAILING));
        Overview overview = new Overview(root);
        assertEquals("1/2 tasks", overview.exerciseState(lesson));
        assertEquals("passed", overview.exerciseState(Overview.exercises().get(0)), "an exercise of one piece");
        assertTrue(overview.nextStep().contains("task 2 first (second)"), overview.nextStep());
    }
}
