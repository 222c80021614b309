package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import workshop.kit.Versions;
import workshop.kit.Workshop;
import workshop.kit.dynamo.MotoInstall;

/**
 * GitHub Classroom autograding, generated from the lesson list: one graded step per lesson with
 * an exercise, each running that lesson's check against stores started on the hosted runner
 * (the Cassandra cluster, and moto for the DynamoDB lessons). ClassroomTest checks that every
 * store a lesson's tests use is installed before the step that grades it.
 */
public final class Classroom {

    static final int POINTS_PER_LESSON = 10;
    static final int MINUTES_PER_LESSON = 10;

    // Actions pinned by commit (a tag can be moved; a commit cannot), with the tag it had.
    static final String CHECKOUT = "actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0";
    static final String SETUP_JAVA = "actions/setup-java@cf277c60eb25467037889841efdb72551f06f6c3 # v4.9.1";
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

    public static String autograding() {
        String tests = graded().stream().map(lesson -> String.format("""
                    {
                      "name": "Lesson %s: %s",
                      "setup": "%s",
                      "run": "./jbang check %s",
                      "input": "",
                      "output": "",
                      "comparison": "included",
                      "timeout": %d,
                      "points": %d
                    }""", lesson.number(), lesson.title().replace("\"", "\\\""), SETUP.replace("\"", "\\\""),
                lesson.number(), MINUTES_PER_LESSON, POINTS_PER_LESSON)).collect(Collectors.joining(",\n"));
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
                    - name: Java 17
                      uses: %s
                      with:
                        distribution: temurin
                        java-version: '17'
                    - name: moto %s, the DynamoDB emulator the DynamoDB lessons use
                      run: %s
                    - name: Start the local Cassandra cluster once for every lesson
                      run: ./jbang up
                """, CHECKOUT, SETUP_JAVA, Versions.MOTO, MotoInstall.shellCommand()));
        for (Lesson lesson : graded()) {
            yaml.append(String.format("""
                        - name: Lesson %1$s
                          id: lesson-%1$s
                          uses: %4$s
                          with:
                            test-name: Lesson %1$s
                            setup-command: ''
                            command: ./jbang check %1$s
                            timeout: %2$d
                            max-score: %3$d
                    """, lesson.number(), MINUTES_PER_LESSON, POINTS_PER_LESSON, COMMAND_GRADER));
        }
        yaml.append(String.format("""
                    - name: Autograding Reporter
                      uses: %s
                      env:
                """, GRADING_REPORTER));
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
