package workshop.runner;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import workshop.kit.Poll;
import workshop.kit.tools.JavaSources;
import workshop.testkit.CassandraExtension;
import workshop.testkit.DesignDiagrams;
import workshop.testkit.MeasuredCosts;

/**
 * The test JVM's main, run in a process of its own: it warms up, takes one {@link CheckMessage.Run},
 * runs the lesson's tests and reports each in a {@link CheckMessage}.
 * <p>One test JVM per check, so the learner's code ends with it: the runner
 * kills it when a test passes the time limit, and nothing it started outlives the check. Grading,
 * whose checks run the project's own answers, one lesson's after another, starts it with
 * --reusable: after a run that left no thread of its own running, it says READY again and takes
 * the next lesson's copy, with its sessions open and its code compiled. It
 * warms up (loads the test engine, connects to the cluster) before it is told what to run, which
 * the runner uses to overlap that with compiling, and watch to have the next one ready.
 * Talks to the runner in {@link CheckMessage}s on stdout (see {@link TestJvmHandle}); the learner's
 * own output and the driver's go to a log file.
 */
public final class TestJvm {

    /**
     * The driver sessions the test extension opens name their threads s0-io-1, s0-admin-0, ...
     * and wind them down in the background after closing; they are not the learner's.
     */
    private static final Pattern DRIVER_THREAD = Pattern.compile("s\\d+-(io|admin|timer)-\\d+");

    private TestJvm() {}

    /**
     * Options: --cassandra when the lesson's tests use the cluster; --serve SOCKET to wait, after the
     * warm-up, for one runner to connect there (a warm JVM left for the next check; see
     * {@link WarmJvmServer}) instead of talking on stdin and stdout; --warm-compile SOURCES to run the
     * compiler once during the warm-up, so that compiling the lesson later is quick; --reusable to
     * take run after run on stdin, each in a class loader of its own.
     */
    public static void main(String... args) throws IOException {
        List<String> options = Arrays.asList(args);
        Optional<Path> socket = option(options, "--serve").map(Path::of);
        // Held until the run starts: a JVM warming up for watch must not wipe the last check's log.
        ByteArrayOutputStream warmUp = new ByteArrayOutputStream();
        PrintStream learner = new PrintStream(warmUp, true, StandardCharsets.UTF_8);
        System.setOut(learner);
        System.setErr(learner);
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        try {
            Optional<ServerSocketChannel> server = socket.isPresent() ? Optional.of(WarmJvmServer.listen(socket.get())) : Optional.empty();
            Launcher launcher = warmUp(options);
            InputStream commands = System.in;
            if (server.isPresent()) {
                SocketChannel runner = WarmJvmServer.awaitRunner(server.get(), socket.get());
                protocol = new PrintStream(SocketStreams.output(runner), true, StandardCharsets.UTF_8);
                commands = SocketStreams.input(runner);
            }
            protocol.println(new CheckMessage.Ready().encode());
            BufferedReader in = new BufferedReader(new InputStreamReader(commands, StandardCharsets.UTF_8));
            boolean reusable = options.contains("--reusable");
            for (String command = in.readLine(); command != null; command = reusable ? in.readLine() : null) {
                CheckMessage.Run run = CheckMessage.Run.decode(command);
                SkipOnceDecided.nextRun();
                Path log = run.log();
                Files.createDirectories(log.getParent());
                PrintStream previous = learner;
                learner = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8);
                learner.write(warmUp.toByteArray());
                warmUp.reset();
                System.setOut(learner);
                System.setErr(learner);
                previous.close(); // the warm-up's buffer, or the last check's log
                if (server.isPresent()) {
                    WarmJvmServer.endWhenClosed(in); // the runner was stopped (Ctrl-C): so is its check
                }
                List<String> errors = run.sources().isEmpty() ? List.of() : JavaSources.compile(run.sources(), run.classes());
                boolean nothingLeft = true;
                if (errors.isEmpty()) {
                    nothingLeft = run(launcher, run.classes(), run.until(), Set.copyOf(run.skip()), protocol, reusable);
                } else {
                    protocol.println(new CheckMessage.CompileErrors(errors).encode());
                }
                if (!SkipOnceDecided.isDecided()) {
                    protocol.println(new CheckMessage.End().encode()); // else said when the verdict was known
                }
                if (reusable && nothingLeft) {
                    learner.flush();
                    protocol.println(new CheckMessage.Ready().encode());
                } else {
                    break; // one check per JVM, or a thread of this one's code runs on: not beside the next check
                }
            }
        } catch (Throwable failed) {
            failed.printStackTrace(learner);
            protocol.println(new CheckMessage.Failed("-", "the check", FailureText.kind(failed),
                    FailureText.describe(failed), 0).encode());
            protocol.println(new CheckMessage.End().encode());
        }
        protocol.flush();
        learner.flush();
        Runtime.getRuntime().halt(0); // whatever the learner's code left running ends here
    }

    /** Loads the test engine, connects to the cluster and warms the compiler as asked, and says how long each took. */
    private static Launcher warmUp(List<String> options) {
        long started = System.nanoTime();
        Launcher launcher = LauncherFactory.create();
        // A discovery that finds no test loads what discovering the lesson's tests needs.
        launcher.discover(LauncherDiscoveryRequestBuilder.request().selectors(DiscoverySelectors.selectClass(TestJvm.class)).build());
        long engine = System.nanoTime();
        if (options.contains("--cassandra")) {
            CassandraExtension.warmUp();
        }
        long cluster = System.nanoTime();
        option(options, "--warm-compile").ifPresent(WarmJvmServer::warmCompiler);
        System.out.printf("warm-up: JVM %d ms, test engine %d ms, cluster sessions %d ms, compiler %d ms%n",
                ManagementFactory.getRuntimeMXBean().getUptime() - (System.nanoTime() - started) / 1_000_000,
                (engine - started) / 1_000_000, (cluster - engine) / 1_000_000, (System.nanoTime() - cluster) / 1_000_000);
        return launcher;
    }

    private static Optional<String> option(List<String> options, String name) {
        int at = options.indexOf(name);
        return at >= 0 && at + 1 < options.size() ? Optional.of(options.get(at + 1)) : Optional.empty();
    }

    /** Runs the lesson's tests; false when a thread they started still runs (it is reported). */
    private static boolean run(Launcher launcher, Path classes, Until until, Set<String> skip, PrintStream protocol,
                               boolean reusable) throws IOException {
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        DesignDiagrams.take(); // what the run before this one drew or measured after its verdict is not this run's
        MeasuredCosts.take();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, TestJvm.class.getClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(testClasses(classes, loader).stream().map(DiscoverySelectors::selectClass).toList())
                    .filters((PostDiscoveryFilter) descriptor -> skip.stream().anyMatch(descriptor.getUniqueId().toString()::startsWith)
                            ? FilterResult.excluded("ran in an earlier process") : FilterResult.included("to run"));
            if (reusable) {
                request.configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                        .configurationParameter("junit.jupiter.extensions.autodetection.include", SkipOnceDecided.class.getName());
            }
            launcher.execute(request.build(), new Reporter(protocol, until, new FirstFailureKnown(), reusable));
        } finally {
            Thread.currentThread().setContextClassLoader(TestJvm.class.getClassLoader());
        }
        List<String> left = threadsLeftBehind(before);
        if (!left.isEmpty() && !SkipOnceDecided.isDecided()) {
            protocol.println(new CheckMessage.Left(String.join(", ", left)).encode());
        }
        return left.isEmpty();
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

    /** Threads started while the tests ran that are still alive and would keep a JVM from exiting. */
    private static List<String> threadsLeftBehind(Set<Thread> before) {
        List<Thread> left = new ArrayList<>();
        Poll.until("the tests' threads to end", Duration.ofSeconds(1)).tryAwait(() -> {
            left.clear();
            Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
                    .filter(t -> !DRIVER_THREAD.matcher(t.getName()).matches())
                    .forEach(left::add);
            return left.isEmpty();
        });
        return left.stream().map(Thread::getName).sorted().toList();
    }

    /**
     * Says when each test and class starts (so the runner can time it, and blame it when it has to
     * be stopped), how it ended, each with the task its tags give it (see {@link TestTags}), and what it drew.
     * Run {@link Until#FIRST_FAILURE_KNOWN}, it ends the check once the failure the runner will show
     * first is known, unless a class's results so far may not count (see
     * {@link CassandraExtension#classesRanOnTheirOwnTables}): then the check runs on, and runs again.
     * Ending the check ends the JVM; a reusable one skips the rest ({@link SkipOnceDecided}), unheard.
     */
    private record Reporter(PrintStream protocol, Until until, FirstFailureKnown firstFailure, boolean reusable)
            implements TestExecutionListener {

        @Override
        public void testPlanExecutionStarted(TestPlan plan) {
            plan.getRoots().forEach(root -> plan.getDescendants(root)
                    .forEach(test -> firstFailure.planned(test.getUniqueId(), TestTags.of(test).task())));
        }

        @Override
        public void executionStarted(TestIdentifier test) {
            if (SkipOnceDecided.isDecided()) {
                return;
            }
            protocol.println(new CheckMessage.Started(test.getUniqueId(), test.getDisplayName(), TestTags.of(test).task()).encode());
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (SkipOnceDecided.isDecided()) {
                return;
            }
            DesignDiagrams.take().forEach(drawing -> protocol.println(new CheckMessage.Diagram(drawing).encode()));
            MeasuredCosts.take().forEach(figure -> protocol.println(new CheckMessage.Measured(figure.call(), figure.partitions(),
                    figure.rowsRead(), figure.bound()).encode()));
            firstFailure.ended(test.getUniqueId());
            TestTags tags = TestTags.of(test);
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                protocol.println(new CheckMessage.Passed(test.getUniqueId(), test.isTest(), tags.task()).encode());
                return;
            }
            Throwable error = result.getThrowable().orElse(null);
            String message = error == null ? "failed" : FailureText.describe(error);
            Kind kind = error == null ? Kind.ANSWER : FailureText.kind(error);
            protocol.println(new CheckMessage.Failed(test.getUniqueId(), test.getDisplayName(), kind, message, tags.task()).encode());
            if (until == Until.FIRST_FAILURE_KNOWN && firstFailure.decides(kind, tags.task())
                    && CassandraExtension.classesRanOnTheirOwnTables()) {
                protocol.println(new CheckMessage.End().encode());
                protocol.flush();
                if (!reusable) {
                    Runtime.getRuntime().halt(0); // nothing still to run can change what is judged
                }
                SkipOnceDecided.decided();
            }
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            if (SkipOnceDecided.isDecided()) {
                return;
            }
            firstFailure.ended(test.getUniqueId());
            if (test.isTest()) {
                protocol.println(new CheckMessage.Failed(test.getUniqueId(), test.getDisplayName(), Kind.ANSWER, "skipped: " + reason,
                        TestTags.of(test).task()).encode());
            }
        }
    }
}
