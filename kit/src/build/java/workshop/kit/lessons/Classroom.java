package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.Versions;
import workshop.kit.Workshop;
import workshop.kit.dynamo.MotoInstall;

/**
 * GitHub Classroom autograding, generated from the lesson list: one graded step per lesson with
 * an exercise (per task for an exercise in tasks), grading that lesson's check against stores started on the hosted runner
 * (the Cassandra cluster, and moto for the DynamoDB lessons). ClassroomTest checks that every
 * store a lesson's tests use is installed before the step that grades it.
 */
public final class Classroom {

    static final int POINTS_PER_LESSON = 10;
    static final int MINUTES_PER_LESSON = 10;

    // Actions pinned by commit (a tag can be moved; a commit cannot), with the tag it had.
    static final String CHECKOUT = "actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0";
    static final String SETUP_JAVA = "actions/setup-java@cf277c60eb25467037889841efdb72551f06f6c3 # v4.9.1";
    static final String CACHE = "actions/cache@0057852bfaa89a56745cba8c7296529d2fc39830 # v4";
    static final String COMMAND_GRADER =
            "classroom-resources/autograding-command-grader@d5b3fa6f50f7f629b7bfae0cc3e4c58852b412d5 # v1";
    static final String GRADING_REPORTER =
            "classroom-resources/autograding-grading-reporter@d13b5912daf5042ac1b71bc38bdb4a6bcd61d8ca # v1";

    /** What runs before every lesson's check: moto, then the cluster. */
    static final String SETUP = MotoInstall.shellCommand() + " && ./jbang up";

    private Classroom() {}

    static List<Lesson> graded() {
        return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).toList();
    }

    public static Path autogradingFile() {
        return Workshop.root().resolve(".github/classroom/autograding.json");
    }

    public static Path workflowFile() {
        return Workshop.root().resolve(".github/workflows/classroom.yml");
    }

    /**
     * One graded step of a lesson: the whole lesson, or one task of an exercise in tasks (points
     * per task, so 3 of 4 tasks done earn their share). A lesson's first step runs its check; the
     * steps of its later tasks read the grade that check wrote, so the lesson is graded once.
     */
    record Step(Lesson lesson, Optional<Task> task, int points) {
        String name() {
            return "Lesson " + lesson.number() + task.map(t -> ", task " + t.number()).orElse("");
        }

        String id() {
            return "lesson-" + lesson.number() + task.map(t -> "-task-" + t.number()).orElse("");
        }

        boolean runsTheCheck() {
            return task.map(t -> t.number() == 1).orElse(true);
        }

        String command() {
            String check = "./jbang check " + lesson.number();
            String taskPassed = task.map(t -> "test \"$(tools/grade-field .workshop/results/" + lesson.number()
                    + ".json task" + t.number() + ")\" = PASSED").orElse("");
            return task.isEmpty() ? check : runsTheCheck() ? check + "; " + taskPassed : taskPassed;
        }
    }

    /** Every graded step, lesson by lesson: a lesson's points shared among its tasks, the first tasks taking any remainder. */
    static List<Step> steps() {
        List<Step> steps = new ArrayList<>();
        for (Lesson lesson : graded()) {
            List<Task> tasks = lesson.tasks(Workshop.root());
            if (tasks.isEmpty()) {
                steps.add(new Step(lesson, Optional.empty(), POINTS_PER_LESSON));
            }
            for (Task task : tasks) {
                int points = POINTS_PER_LESSON / tasks.size() + (task.number() <= POINTS_PER_LESSON % tasks.size() ? 1 : 0);
                steps.add(new Step(lesson, Optional.of(task), points));
            }
        }
        return steps;
    }

    public static String autograding() {
        String tests = steps().stream().map(step -> String.format("""
                    {
                      "name": "%s: %s",
                      "setup": "%s",
                      "run": "%s",
                      "input": "",
                      "output": "",
                      "comparison": "included",
                      "timeout": %d,
                      "points": %d
                    }""", step.name(), step.task().map(Task::title).orElse(step.lesson().title()).replace("\"", "\\\""),
                step.runsTheCheck() ? SETUP.replace("\"", "\\\"") : "", step.command().replace("\"", "\\\""),
                MINUTES_PER_LESSON, step.points())).collect(Collectors.joining(",\n"));
        return "{\n  \"tests\": [\n" + tests + "\n  ]\n}\n";
    }

    public static String workflow() {
        StringBuilder yaml = new StringBuilder(String.format("""
                # Generated from the lesson list by ./jbang generate; edit Lessons.java, not this file.
                name: Autograding Tests
                'on': [push, repository_dispatch]
                permissions:
                  checks: write
                  actions: read
                  contents: read
                jobs:
                  run-autograding-tests:
                    runs-on: ubuntu-latest
                    if: github.actor != 'github-classroom[bot]'
                    steps:
                    - name: Checkout code
                      uses: %s
                    - name: Java 17, with the Maven libraries of the last run
                      uses: %s
                      with:
                        distribution: temurin
                        java-version: '17'
                        cache: maven
                    - name: jbang and moto as the last run left them
                      uses: %s
                      with:
                        path: |
                          ~/.jbang
                          .workshop/python
                        key: workshop-${{ runner.os }}-${{ hashFiles('kit/src/main/java/workshop/kit/Versions.java', 'jbang') }}
                    - name: moto %s, the DynamoDB emulator the DynamoDB lessons use
                      run: '[ -x .workshop/python/bin/moto_server ] || { %s; }'
                    - name: Start the local Cassandra cluster once for every lesson
                      run: ./jbang up
                """, CHECKOUT, SETUP_JAVA, CACHE, Versions.MOTO, MotoInstall.shellCommand().replace("'", "''")));
        for (Step step : steps()) {
            yaml.append(String.format("""
                        - name: %1$s
                          id: %2$s
                          uses: %3$s
                          with:
                            test-name: %1$s
                            setup-command: ''
                            command: '%4$s'
                            timeout: %5$d
                            max-score: %6$d
                    """, step.name(), step.id(), COMMAND_GRADER, step.command().replace("'", "''"), MINUTES_PER_LESSON,
                    step.points()));
        }
        // The step summary is the first page a learner opens: each lesson's grade and tasks, and the failure to fix first.
        yaml.append(String.format("""
                    - name: Grades and the first failure, in the summary
                      if: always()
                      run: tools/grade-summary >> "$GITHUB_STEP_SUMMARY"
                    - name: Autograding Reporter
                      uses: %s
                      env:
                """, GRADING_REPORTER));
        for (Step step : steps()) {
            yaml.append(String.format("        %s_RESULTS: \"${{steps.%s.outputs.result}}\"%n",
                    step.id().toUpperCase(java.util.Locale.ROOT), step.id()));
        }
        yaml.append("      with:\n        runners: ")
                .append(steps().stream().map(Step::id).collect(Collectors.joining(",")))
                .append('\n');
        return yaml.toString();
    }

    public static void write() {
        try {
            Files.createDirectories(autogradingFile().getParent());
            Files.createDirectories(workflowFile().getParent());
            Files.writeString(autogradingFile(), autograding());
            Files.writeString(workflowFile(), workflow());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
