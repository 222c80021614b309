package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import workshop.kit.Workshop;

/**
 * GitHub Classroom autograding, generated from the lesson list: one graded step per lesson with
 * an exercise, each running that lesson's check against stores started on the hosted runner.
 */
public final class Classroom {

    static final int POINTS_PER_LESSON = 10;
    static final int MINUTES_PER_LESSON = 10;

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

    public static String autograding() {
        String tests = graded().stream().map(lesson -> String.format("""
                    {
                      "name": "Lesson %s: %s",
                      "setup": "./jbang up",
                      "run": "./jbang check %s",
                      "input": "",
                      "output": "",
                      "comparison": "included",
                      "timeout": %d,
                      "points": %d
                    }""", lesson.number(), lesson.title().replace("\"", "\\\""), lesson.number(),
                MINUTES_PER_LESSON, POINTS_PER_LESSON)).collect(Collectors.joining(",\n"));
        return "{\n  \"tests\": [\n" + tests + "\n  ]\n}\n";
    }

    public static String workflow() {
        StringBuilder yaml = new StringBuilder("""
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
                      uses: actions/checkout@v4
                    - name: Java 17
                      uses: actions/setup-java@v4
                      with:
                        distribution: temurin
                        java-version: '17'
                    - name: Start the local stores once for every lesson
                      run: ./jbang up
                """);
        for (Lesson lesson : graded()) {
            yaml.append(String.format("""
                        - name: Lesson %1$s
                          id: lesson-%1$s
                          uses: classroom-resources/autograding-command-grader@v1
                          with:
                            test-name: Lesson %1$s
                            setup-command: ''
                            command: ./jbang check %1$s
                            timeout: %2$d
                            max-score: %3$d
                    """, lesson.number(), MINUTES_PER_LESSON, POINTS_PER_LESSON));
        }
        yaml.append("""
                    - name: Autograding Reporter
                      uses: classroom-resources/autograding-grading-reporter@v1
                      env:
                """);
        for (Lesson lesson : graded()) {
            yaml.append(String.format("        LESSON-%1$s_RESULTS: \"${{steps.lesson-%1$s.outputs.result}}\"%n", lesson.number()));
        }
        yaml.append("      with:\n        runners: ")
                .append(graded().stream().map(l -> "lesson-" + l.number()).collect(Collectors.joining(",")))
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
