package workshop.runner.report;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import workshop.kit.Workshop;
import workshop.runner.report.PartResult.Outcome;

/** Scorecards the report tests share, and the schemas of autograding/schemas to hold reports to. */
final class Cards {

    private Cards() {}

    static final PartResult PASSED = new PartResult("01", 0, "Lesson 01", "n newest of a chat", 10, Outcome.PASSED,
            "5 test(s) passed.", 4.2);
    static final PartResult FAILED = new PartResult("06", 1, "Lesson 06, task 1", "a customer's orders", 2, Outcome.FAILED,
            "First failure: newestOrders()\nread 3 partitions, \"one\" expected <&>", 7.5);
    static final PartResult WITHHELD = new PartResult("06", 2, "Lesson 06, task 2", "bucketed paging", 2, Outcome.WITHHELD,
            "Withheld, not failed: the trace was incomplete", 7.5);

    /** One part of each outcome, over two lessons. */
    static Scorecard mixed() {
        return new Scorecard("ana, the \"first\"", List.of(PASSED, FAILED, WITHHELD));
    }

    static Scorecard allPassed() {
        return new Scorecard("ana", List.of(PASSED));
    }

    /** The schema's complaints about a JSON text, none when it is valid. */
    static List<String> errors(String schemaFile, String json) {
        try {
            String schema = Files.readString(Workshop.root().resolve("autograding/schemas").resolve(schemaFile));
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909).getSchema(schema)
                    .validate(json, InputFormat.JSON).stream().map(ValidationMessage::toString).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
