package workshop.runner;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a grading JVM ({@link TestJvm}) tells the runner ({@link TestJvmHandle}), one line
 * each, on its stdout or a warm JVM's socket: tab-separated fields, the first naming the message,
 * free text in Base64 so that no tab or line break in a test's name or message can cut a line.
 * Each message is encoded and decoded here and nowhere else; {@link Run} is the one line the
 * runner sends the other way.
 */
public sealed interface CheckMessage {

    String encode();

    /**
     * The message a line holds; empty for a line that is not one (the JVM's own warnings print on
     * the same stdout). A line that names a message but does not hold one is a bug on one side:
     * {@link IllegalArgumentException}, saying which line and why.
     */
    static Optional<CheckMessage> decode(String line) {
        Fields fields = new Fields(line);
        return Optional.ofNullable(switch (fields.type()) {
            case Ready.TYPE -> fields.expect(0, new Ready());
            case Started.TYPE -> fields.expect(3, new Started(fields.raw(1), fields.text(2), fields.number(3)));
            case Passed.TYPE -> fields.expect(3, new Passed(fields.raw(1), fields.flag(2), fields.number(3)));
            case Failed.TYPE -> fields.expect(5, new Failed(fields.raw(1), fields.text(2), fields.kind(3), fields.text(4),
                    fields.number(5)));
            case Left.TYPE -> fields.expect(1, new Left(fields.text(1)));
            case Diagram.TYPE -> fields.expect(1, new Diagram(Path.of(fields.text(1))));
            case Measured.TYPE -> fields.expect(4, new Measured(fields.text(1), fields.number(2), fields.count(3),
                    fields.count(4)));
            case CompileErrors.TYPE -> fields.expect(1, new CompileErrors(List.of(fields.text(1).split("\n"))));
            case End.TYPE -> fields.expect(0, new End());
            case Gone.TYPE -> fields.expect(0, new Gone());
            default -> null;
        });
    }

    /** Warmed up (test engine loaded, cluster sessions open): waiting for its {@link Run}. */
    record Ready() implements CheckMessage {
        static final String TYPE = "READY";

        @Override
        public String encode() {
            return TYPE;
        }
    }

    /** A test or class started: JUnit's id of it, its display name and its task (0 outside tasks). */
    record Started(String id, String name, int task) implements CheckMessage {
        static final String TYPE = "START";

        @Override
        public String encode() {
            return String.join("\t", TYPE, id, Fields.encode(name), String.valueOf(task));
        }
    }

    /** A test (test true) or class passed. */
    record Passed(String id, boolean test, int task) implements CheckMessage {
        static final String TYPE = "PASSED";

        @Override
        public String encode() {
            return String.join("\t", TYPE, id, test ? "1" : "0", String.valueOf(task));
        }
    }

    /** A test or class failed (or was skipped): its display name, the kind told where it failed, what the learner reads. */
    record Failed(String id, String name, Kind kind, String message, int task) implements CheckMessage {
        static final String TYPE = "FAILED";

        @Override
        public String encode() {
            return String.join("\t", TYPE, id, Fields.encode(name), kind.name(), Fields.encode(message), String.valueOf(task));
        }
    }

    /** Threads the tests started that were still alive when they ended, named. */
    record Left(String threads) implements CheckMessage {
        static final String TYPE = "LEFT";

        @Override
        public String encode() {
            return String.join("\t", TYPE, Fields.encode(threads));
        }
    }

    /** A design the tests checked was drawn (see {@link workshop.testkit.DesignDiagrams}): the drawing. */
    record Diagram(Path drawing) implements CheckMessage {
        static final String TYPE = "DIAGRAM";

        @Override
        public String encode() {
            return String.join("\t", TYPE, Fields.encode(drawing.toString()));
        }
    }

    /** A call's cost held to its bound (see {@link workshop.testkit.MeasuredCosts}): as its trace measured it. */
    record Measured(String call, int partitions, long rowsRead, long bound) implements CheckMessage {
        static final String TYPE = "MEASURED";

        @Override
        public String encode() {
            return String.join("\t", TYPE, Fields.encode(call), String.valueOf(partitions), String.valueOf(rowsRead),
                    String.valueOf(bound));
        }
    }

    /** The lesson did not compile (a warm JVM compiles it): the errors, one an entry. */
    record CompileErrors(List<String> errors) implements CheckMessage {
        static final String TYPE = "COMPILE_ERRORS";

        @Override
        public String encode() {
            return String.join("\t", TYPE, Fields.encode(String.join("\n", errors)));
        }
    }

    /** The run is over; the JVM halts. */
    record End() implements CheckMessage {
        static final String TYPE = "END";

        @Override
        public String encode() {
            return TYPE;
        }
    }

    /** Never sent: what the runner reads when the JVM's output closed, so it died (or was killed). */
    record Gone() implements CheckMessage {
        static final String TYPE = "GONE";

        @Override
        public String encode() {
            return TYPE;
        }
    }

    /**
     * The runner's one line to a ready JVM: where the learner's output goes, the compiled lesson,
     * the sources to compile into it first (a warm JVM only), how far to run ({@link Until}) and the
     * tests or classes an earlier JVM of this check already ran, to skip.
     */
    record Run(Path log, Path classes, List<Path> sources, Until until, List<String> skip) {

        public String encode() {
            List<String> fields = new ArrayList<>(List.of(Fields.encode(log.toString()), Fields.encode(classes.toString()),
                    Fields.encode(String.join(File.pathSeparator, sources.stream().map(Path::toString).toList())), until.name()));
            fields.addAll(skip);
            return String.join("\t", fields);
        }

        public static Run decode(String line) {
            Fields fields = new Fields("RUN\t" + line);
            fields.atLeast(4);
            String sources = fields.text(3);
            return new Run(Path.of(fields.text(1)), Path.of(fields.text(2)),
                    sources.isEmpty() ? List.of() : Stream.of(sources.split(File.pathSeparator)).map(Path::of).toList(),
                    fields.until(4), fields.rest(5));
        }
    }

    /** One line's fields, read with an error that names the line rather than an index out of bounds. */
    final class Fields {
        private final String line;
        private final String[] fields;

        Fields(String line) {
            this.line = line;
            this.fields = line.split("\t", -1);
        }

        static String encode(String text) {
            return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        }

        String type() {
            return fields[0];
        }

        /** The message built from the fields, when there were exactly count of them after the type. */
        <T> T expect(int count, T message) {
            if (fields.length - 1 != count) {
                throw malformed("needs " + count + " fields, has " + (fields.length - 1));
            }
            return message;
        }

        void atLeast(int count) {
            if (fields.length - 1 < count) {
                throw malformed("needs at least " + count + " fields, has " + (fields.length - 1));
            }
        }

        String raw(int at) {
            if (at >= fields.length) {
                throw malformed("has no field " + at + ", only " + (fields.length - 1));
            }
            return fields[at];
        }

        String text(int at) {
            String field = raw(at);
            try {
                return new String(Base64.getDecoder().decode(field), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException notBase64) {
                throw malformed("field " + at + " is not Base64");
            }
        }

        int number(int at) {
            long count = count(at);
            if (count != (int) count) {
                throw malformed("field " + at + " is not a number");
            }
            return (int) count;
        }

        long count(int at) {
            String field = raw(at);
            try {
                return Long.parseLong(field);
            } catch (NumberFormatException e) {
                throw malformed("field " + at + " is not a number");
            }
        }

        boolean flag(int at) {
            return switch (raw(at)) {
                case "1" -> true;
                case "0" -> false;
                default -> throw malformed("field " + at + " is neither 1 nor 0");
            };
        }

        Kind kind(int at) {
            String field = raw(at);
            try {
                return Kind.valueOf(field);
            } catch (IllegalArgumentException e) {
                throw malformed("field " + at + " is not a kind of failure");
            }
        }

        Until until(int at) {
            String field = raw(at);
            try {
                return Until.valueOf(field);
            } catch (IllegalArgumentException e) {
                throw malformed("field " + at + " says neither " + Until.EVERY_TEST + " nor " + Until.FIRST_FAILURE_KNOWN);
            }
        }

        List<String> rest(int from) {
            return from >= fields.length ? List.of() : List.of(fields).subList(from, fields.length);
        }

        private IllegalArgumentException malformed(String why) {
            return new IllegalArgumentException("A malformed " + fields[0] + " line from the grading JVM (" + why + "): " + line);
        }
    }
}
