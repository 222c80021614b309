package workshop.runner;

import java.util.Collection;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TestIdentifier;

/**
 * What a test's JUnit tags say about it, read here and nowhere else: the task of an exercise in
 * tasks it belongs to ({@code @Tag("task-2")} on its class; 0 outside tasks). JUnit gives a test
 * its class's tags as well as its own, and a repetition its method's. A failure's kind is not a
 * tag's: it is the type the test threw ({@link FailureText#kind}).
 */
record TestTags(int task) {

    static final String TASK = "task-";

    static TestTags of(TestIdentifier test) {
        return of(test.getTags().stream().map(TestTag::getName).toList());
    }

    static TestTags of(Collection<String> tags) {
        int task = tags.stream().filter(tag -> tag.startsWith(TASK))
                .mapToInt(tag -> Integer.parseInt(tag.substring(TASK.length()))).min().orElse(0);
        return new TestTags(task);
    }
}
