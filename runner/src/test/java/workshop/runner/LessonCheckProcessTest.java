package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.runner.LessonCheck.Failure;
import workshop.runner.LessonCheck.Limits;
import workshop.runner.LessonCheck.Outcomes;
import workshop.runner.LessonCheck.Passed;

/** The check's paths for a test JVM that must be stopped, dies or never starts, with a fake JVM in its place. */
class LessonCheckProcessTest {

    /** Long enough for a test that passes at once; short enough that a hang costs the test little. */
    private static final Limits LIMITS = new Limits(Duration.ofMillis(1500), Duration.ofSeconds(20), 10);

    @TempDir
    Path work;

    /** Every fake JVM the check started, in order. */
    private final List<TestJvmHandle> started = new ArrayList<>();

    private Outcomes grade(Limits limits, String... tests) {
        return LessonCheck.grade(fake(tests), () -> fake(tests), work.resolve("classes"), List.of(), limits, Until.EVERY_TEST);
    }

    private TestJvmHandle fake(String... tests) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                FakeTestJvm.class.getName()));
        command.addAll(List.of(tests));
        TestJvmHandle process = TestJvmHandle.start(command, work.resolve("output.log"));
        started.add(process);
        return process;
    }

    @Test
    void aTestPastItsLimitFailsItsJvmIsKilledAndTheRestRunInAFreshOne() {
        Outcomes outcomes = grade(LIMITS, "pass", "hang", "pass", "fail");
        assertEquals(List.of(new Passed(FakeTestJvm.id(1), 1), new Passed(FakeTestJvm.id(3), 3)), outcomes.passed);
        assertEquals(List.of(new Failure("test 2", "took longer than 1 s and was stopped: an endless loop, or a wait that never ends?",
                        Kind.ANSWER, FakeTestJvm.id(2), 2),
                new Failure("test 4", "expected 1, got 2", Kind.ANSWER, FakeTestJvm.id(4), 4)), outcomes.failures);
        assertEquals(2, started.size(), "one fresh JVM after the one stopped");
        assertTrue(started.stream().noneMatch(TestJvmHandle::alive), "no JVM is left running");
    }

    @Test
    void aTestThatEndsItsJvmFailsAndTheRestRunInAFreshOne() {
        Outcomes outcomes = grade(LIMITS, "halt", "pass");
        assertEquals(List.of(new Passed(FakeTestJvm.id(2), 2)), outcomes.passed);
        assertEquals(List.of(new Failure("test 1", "ended the test JVM (System.exit, or it ran out of memory)", Kind.ANSWER,
                FakeTestJvm.id(1), 1)), outcomes.failures);
        assertEquals(2, started.size());
    }

    @Test
    void restartsStopAtTheLimitAndWhatDidNotRunNeitherPassesNorFails() {
        Outcomes outcomes = grade(new Limits(LIMITS.test(), LIMITS.startup(), 1), "hang", "hang", "pass");
        assertEquals(List.of(), outcomes.passed);
        assertEquals(List.of(FakeTestJvm.id(1), FakeTestJvm.id(2)), outcomes.failures.stream().map(Failure::id).toList());
        assertEquals(2, started.size(), "the first JVM and one restart");
        assertTrue(started.stream().noneMatch(TestJvmHandle::alive), "no JVM is left running");
    }

    @Test
    void aJvmThatNeverStartsIsKilledAndNothingIsMeasured() {
        Outcomes outcomes = grade(new Limits(LIMITS.test(), Duration.ofMillis(500), 10), "silent");
        assertEquals(List.of(new Failure("the check", "the test JVM did not start within 0 s", Kind.UNMEASURED, "-", 0)),
                outcomes.failures);
        assertEquals(1, started.size(), "a JVM too slow to start is not restarted");
        assertFalse(started.get(0).alive());
    }
}
