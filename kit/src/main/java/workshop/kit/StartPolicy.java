package workshop.kit;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * How a managed process is started: when it counts as ready, how long that may take, which
 * deaths another attempt cures (recognised in what the attempt logged), and the fixes to offer.
 */
public record StartPolicy(Readiness readiness, Duration timeout, Duration interval, List<LogFile> logs,
                          List<Cause> causes, String timeoutFix, String deathFix) {

    /** What ready means, said as "did not ..." when it never came: "open port 9042". */
    public record Readiness(String what, BooleanSupplier check) {

        public static Readiness portOpen(int port) {
            return new Readiness("open port " + port, () -> Ports.listening(port));
        }
    }

    /** A death recognised in the log: why, in a few words, and what to say when no attempt is left. */
    public record Diagnosis(String why, Optional<Problem> giveUp) {}

    /** A way to die at start and how many more attempts it gets (0: say it at once). */
    public record Cause(int retries, Function<String, Optional<Diagnosis>> diagnose) {}

    /** Which cause (its index) a death's log shows, the first that matches. */
    public record Death(int cause, Diagnosis diagnosis) {}

    public Optional<Death> diagnose(String log) {
        return IntStream.range(0, causes.size())
                .mapToObj(i -> causes.get(i).diagnose().apply(log).map(d -> new Death(i, d)))
                .flatMap(Optional::stream).findFirst();
    }

    /** The first log is read for causes; the tail of the first that holds anything goes into a message. */
    public String tail(int lines) {
        return logs.stream().flatMap(log -> log.tail(lines).stream()).findFirst()
                .orElse("(no log written at " + logs.get(0).path() + ")");
    }
}
