//DEPS org.junit:junit-bom:5.14.4@pom
//DEPS org.junit.jupiter:junit-jupiter:5.14.4
//DEPS org.junit.platform:junit-platform-launcher:1.14.4
package workshop.testkit.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import workshop.kit.tools.JavaSources;

/**
 * Grades one lesson in this JVM, against the running stores: compiles only that lesson's
 * sources (so another lesson's compile error cannot stop it), runs its tests with a time limit
 * each, and reports what passed, the first failure's message and any thread the code left behind.
 */
public final class LessonCheck {

    /** Per test; a learner's endless loop fails its test instead of hanging the check. */
    static final Duration TEST_TIME_LIMIT = Duration.ofSeconds(60);

    public record Failure(String test, String message) {}

    public record Result(int passed, List<Failure> failures, List<String> compileErrors, List<String> leftThreads,
                         Duration took) {
        public boolean compiled() {
            return compileErrors.isEmpty();
        }

        public boolean allPassed() {
            return compiled() && failures.isEmpty() && passed > 0;
        }
    }

    private LessonCheck() {}

    public static Result run(ExerciseFiles files, Path workDir) {
        long started = System.nanoTime();
        Path classes = workDir.resolve(files.lesson().id()).resolve("classes");
        List<String> errors = JavaSources.compile(files.sourcesToCompile(), classes);
        if (!errors.isEmpty()) {
            return new Result(0, List.of(), errors, List.of(), Duration.ofNanos(System.nanoTime() - started));
        }
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        Outcomes outcomes = new Outcomes();
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, LessonCheck.class.getClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(testClasses(classes, loader).stream().map(DiscoverySelectors::selectClass).toList())
                    .configurationParameters(Map.of(
                            "junit.jupiter.execution.timeout.default", TEST_TIME_LIMIT.toSeconds() + " s",
                            "junit.jupiter.execution.timeout.thread.mode.default", "SEPARATE_THREAD"))
                    .build();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request, outcomes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        return new Result(outcomes.passed, outcomes.failures, List.of(), threadsLeftBehind(before),
                Duration.ofNanos(System.nanoTime() - started));
    }

    private static List<Class<?>> testClasses(Path classes, ClassLoader loader) {
        List<Class<?>> tests = new ArrayList<>();
        for (String name : JavaSources.classNames(classes).stream().filter(n -> n.endsWith("Test")).toList()) {
            try {
                tests.add(Class.forName(name, false, loader));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("Compiled " + name + " but cannot load it", e);
            }
        }
        return tests;
    }

    /**
     * The driver sessions the test extension opens name their threads s0-io-1, s0-admin-0, ...
     * and wind them down in the background after closing; they are not the learner's.
     */
    private static final Pattern DRIVER_THREAD = Pattern.compile("s\\d+-(io|admin|timer)-\\d+");

    /** Threads started while the tests ran that are still alive and would keep a JVM from exiting. */
    private static List<String> threadsLeftBehind(Set<Thread> before) {
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        List<Thread> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
                    .filter(t -> !DRIVER_THREAD.matcher(t.getName()).matches())
                    .toList();
            if (left.isEmpty()) {
                break;
            }
            sleep(100);
        } while (System.nanoTime() < deadline);
        return left.stream().map(Thread::getName).sorted().toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Collects each test's outcome in the order they finish. */
    private static final class Outcomes implements TestExecutionListener {
        int passed;
        final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (!test.isTest()) {
                result.getThrowable().ifPresent(error -> failures.add(new Failure(test.getDisplayName(), describe(error))));
                return;
            }
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                passed++;
            } else {
                failures.add(new Failure(test.getDisplayName(), result.getThrowable().map(LessonCheck::describe).orElse("failed")));
            }
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            if (test.isTest()) {
                failures.add(new Failure(test.getDisplayName(), "skipped: " + reason));
            }
        }
    }

    static String describe(Throwable error) {
        if (error instanceof UnsupportedOperationException && String.valueOf(error.getMessage()).startsWith("TODO")) {
            return "not written yet: " + error.getMessage();
        }
        if (error instanceof java.util.concurrent.TimeoutException || error.getClass().getSimpleName().contains("Timeout")) {
            return "took longer than " + TEST_TIME_LIMIT.toSeconds() + " s (an endless loop, or a wait that never ends?): " + error.getMessage();
        }
        boolean assertion = error instanceof AssertionError;
        return (assertion ? "" : error.getClass().getSimpleName() + ": ") + error.getMessage();
    }
}
