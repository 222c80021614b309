package workshop.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The test JVM one lesson's checks take in turn (grading's): the first is started ahead, to warm up
 * while the check before it runs; each check after it finds it warm, its sessions open and its code
 * compiled, and runs in a class loader of its own (see {@link TestJvm}, --reusable). A JVM that did
 * not end its check cleanly (stopped at the time limit, ended by the code it ran, a thread of that
 * code still running) serves no other: the next check starts a fresh one. Not for a learner's
 * check, whose code may leave anything behind: that JVM ends with its check.
 */
public final class LessonJvm implements AutoCloseable {

    /** How long a JVM that ended a check may take to say it is ready for the next (skipping what was left, its threads' end). */
    private static final Duration BETWEEN_CHECKS = Duration.ofSeconds(30);

    /** The JVM between two checks, or started ahead for the first; empty while a check runs in it. */
    private TestJvmHandle idle;
    private boolean started;

    /** Starts the lesson's first JVM now, unless one exists already (serving the check before this one, or idle). */
    synchronized void startAhead(ExerciseFiles files, Path workDir) {
        if (!started) {
            idle = fresh(files, workDir);
        }
    }

    /** The JVM for this check: the lesson's (warming up, or ready again after its last check), else a fresh one. */
    synchronized TestJvmHandle take(ExerciseFiles files, Path workDir) {
        TestJvmHandle jvm = idle;
        idle = null;
        // One that served a check says READY again first; one still warming up is sent its run at once.
        if (jvm != null && jvm.servedARun() && !jvm.awaitReady(BETWEEN_CHECKS)) {
            jvm.kill();
            jvm = null;
        }
        if (jvm == null) {
            return fresh(files, workDir);
        }
        jvm.nextCheck(LessonCheck.log(files, workDir));
        return jvm;
    }

    private TestJvmHandle fresh(ExerciseFiles files, Path workDir) {
        started = true;
        return TestJvmHandle.start(LessonCheck.log(files, workDir), LessonCheck.usesCassandra(files), true);
    }

    /** The check ended cleanly in it: the next one may use it. */
    synchronized void keep(TestJvmHandle jvm) {
        close();
        idle = jvm;
    }

    /** The JVM waiting for the lesson's next check, if one is. */
    synchronized Optional<TestJvmHandle> idle() {
        return Optional.ofNullable(idle);
    }

    /** The lesson is graded: its JVM ends. */
    @Override
    public synchronized void close() {
        if (idle != null) {
            idle.kill();
            idle = null;
        }
    }
}
