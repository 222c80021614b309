package workshop.grading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where one check's seconds went, in milliseconds: laying out its copy, waiting for its turn, and its
 * run, split by the test JVM's timeline.log (see the runner's TestJvmHandle) into what the grading
 * JVM did before and after the tests (compiling the lesson or waiting for the compile started ahead,
 * ending the JVM), the test JVM's warm-up still running when the check was sent, the classes' set-up
 * (keyspaces, sessions), the tests, and the rest (discovery, tear-down, waiting for the tests'
 * threads). The warm-up itself (JVM, test engine, cluster sessions, from output.log) runs while the
 * check before it does: off the path, but not off the cores.
 */
record CheckTimes(String check, long copy, long turn, long run, long gradingJvm, long lateWarmUp, long setUp, long tests,
                  long rest, long warmUp) {

    static final List<String> COLUMNS = List.of("copy", "turn", "run", "compile, end", "late warm-up", "class set-up", "tests",
            "rest", "warm-up (ahead)");

    private static final Pattern LINE = Pattern.compile("\\s*(\\d+) ms (\\w+)(.*)");
    private static final Pattern TEST = Pattern.compile("\\[(method|test-template|test-template-invocation|dynamic-test):");
    private static final Pattern WARM_UP = Pattern.compile("warm-up: JVM (\\d+) ms, test engine (\\d+) ms, cluster sessions (\\d+) ms");

    /** The times of a check that ran in workDir (its test JVM's files under workDir/lessonId). */
    static CheckTimes of(String check, long copy, long turn, long run, Path jvmFiles) {
        long sent = -1;
        long ready = -1;
        long end = -1;
        long setUp = 0;
        long tests = 0;
        long classStarted = -1;
        long testStarted = -1;
        for (String line : lines(jvmFiles.resolve("timeline.log"))) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long at = Long.parseLong(m.group(1));
            switch (m.group(2)) {
                case "RUN" -> sent = at;
                case "READY" -> ready = at;
                case "END" -> end = at;
                case "START" -> {
                    if (!TEST.matcher(m.group(3)).find()) {
                        classStarted = at;
                    } else {
                        if (classStarted >= 0) {
                            setUp += at - classStarted;
                            classStarted = -1;
                        }
                        testStarted = at;
                    }
                }
                case "PASSED", "FAILED" -> {
                    if (testStarted >= 0) {
                        tests += at - testStarted;
                        testStarted = -1;
                    }
                }
                default -> { }
            }
        }
        long inJvm = sent >= 0 && end >= sent ? end - sent : 0;
        long late = ready > sent && sent >= 0 ? ready - sent : 0;
        return new CheckTimes(check, copy, turn, run, Math.max(0, run - inJvm), late, setUp, tests,
                Math.max(0, inJvm - late - setUp - tests), warmUp(jvmFiles.resolve("output.log")));
    }

    List<Long> values() {
        return List.of(copy, turn, run, gradingJvm, lateWarmUp, setUp, tests, rest, warmUp);
    }

    private static long warmUp(Path output) {
        for (String line : lines(output)) {
            Matcher m = WARM_UP.matcher(line);
            if (m.find()) {
                return Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)) + Long.parseLong(m.group(3));
            }
        }
        return 0;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            return List.of(); // a profile with a gap, rather than no grading
        }
    }
}
