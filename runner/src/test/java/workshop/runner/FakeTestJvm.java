package workshop.runner;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * Started instead of a {@link TestJvm} by {@link LessonCheckProcessTest}: it speaks the same
 * messages about tests it only pretends to run, one per argument, each doing what its argument
 * says: pass, fail, hang (never ends), halt (ends the JVM, as System.exit in the learner's code
 * would). With "silent" as its only argument it never says it is ready.
 */
public final class FakeTestJvm {

    private FakeTestJvm() {}

    static String id(int test) {
        return "[engine:fake]/[test:t" + test + "]";
    }

    public static void main(String... args) throws Exception {
        if (List.of(args).equals(List.of("silent"))) {
            Thread.sleep(Long.MAX_VALUE);
        }
        System.out.println("a line that is not a message, as the JVM's own warnings are");
        System.out.println(new CheckMessage.Ready().encode());
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Set<String> skip = Set.copyOf(CheckMessage.Run.decode(in.readLine()).skip());
        for (int test = 1; test <= args.length; test++) {
            String id = id(test);
            if (skip.contains(id)) {
                continue;
            }
            System.out.println(new CheckMessage.Started(id, "test " + test, test).encode());
            switch (args[test - 1]) {
                case "pass" -> System.out.println(new CheckMessage.Passed(id, true, test).encode());
                case "fail" -> System.out.println(new CheckMessage.Failed(id, "test " + test, Kind.ANSWER, "expected 1, got 2", test)
                        .encode());
                case "hang" -> Thread.sleep(Long.MAX_VALUE);
                case "halt" -> Runtime.getRuntime().halt(1);
                default -> throw new IllegalArgumentException("Not a behaviour: " + args[test - 1]);
            }
        }
        System.out.println(new CheckMessage.End().encode());
    }
}
