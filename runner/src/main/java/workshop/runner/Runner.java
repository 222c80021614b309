package workshop.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;
import workshop.kit.tools.CommandLines;

/**
 * The learner's entry point: where you stand, what to do next ({@link Overview}), and the commands
 * to check, watch, get a hint, see a solution or start a lesson over, one class each. Lessons plug
 * in through the lesson list alone; nothing here names a lesson. The words are picocli's, so an
 * option the runner does not know is refused with the nearest one, never ignored.
 */
@Command(name = "./jbang", description = "Where you stand and what to do next (./jbang workshop), and the commands"
        + " on one lesson's exercise.", footer = {"Example:", "  ./jbang workshop"})
public final class Runner implements java.util.concurrent.Callable<Integer> {

    /** -h and --help on every command, each listing its own options. */
    @Option(names = {"-h", "--help"}, usageHelp = true, scope = ScopeType.INHERIT, description = "Show this help and exit.")
    boolean help;

    private final Path root;
    private final Overview overview;

    private Runner(Path root) {
        this.root = root;
        this.overview = new Overview(root);
    }

    public static void main(String... args) {
        System.exit(run(args));
    }

    /** Runs one command of the learner's; its exit code (2: a command, option or lesson not understood). */
    static int run(String... args) {
        Path root = Workshop.root();
        return CommandLines.execute(commandLine(root), args);
    }

    /** Every command of the runner's, for a run and for the completion scripts. */
    public static CommandLine commandLine(Path root) {
        return new CommandLine(new Runner(root));
    }

    @Override
    public Integer call() {
        return overview.run();
    }

    @Command(name = "overview", hidden = true, description = "The lessons, their minutes and where you stand.")
    int overview() {
        return overview.run();
    }

    @Command(name = "check", description = "Grade one lesson's exercise and say what to fix first; without NN, the first"
            + " exercise not passed yet.", footer = {"Examples:", "  ./jbang check 01", "  ./jbang check 02 --report grade.json"})
    int check(@Parameters(arity = "0..1", paramLabel = "NN", completionCandidates = LessonKeys.class,
                      description = "The lesson: its number (01, 4d) or its id") String lesson,
              @Option(names = "--report", paramLabel = "FILE", description = "Also write the grade as JSON to FILE")
              Path report) throws IOException {
        return onLesson(lesson, new CheckCommand(overview, Optional.ofNullable(report))::run);
    }

    @Command(name = "watch", description = "Check the lesson again on every save of its files; a key gives a hint.",
            footer = {"Example:", "  ./jbang watch 01"})
    int watch(@Parameters(arity = "0..1", paramLabel = "NN", completionCandidates = LessonKeys.class,
                      description = "The lesson (default: the first exercise not passed yet)") String lesson) throws IOException {
        CheckCommand check = new CheckCommand(overview, Optional.empty());
        return onLesson(lesson, new WatchCommand(root, check, new HintCommand(overview))::run);
    }

    @Command(name = "hint", description = "The next hint of the lesson, one at a time.", footer = {"Example:", "  ./jbang hint 01"})
    int hint(@Parameters(arity = "0..1", paramLabel = "NN", completionCandidates = LessonKeys.class,
                     description = "The lesson (default: the first exercise not passed yet)") String lesson) throws IOException {
        return onLesson(lesson, new HintCommand(overview)::run);
    }

    @Command(name = "solution", description = "The lesson's reference solution, side by side with your files.",
            footer = {"Example:", "  ./jbang solution 01"})
    int solution(@Parameters(arity = "0..1", paramLabel = "NN", completionCandidates = LessonKeys.class,
                         description = "The lesson (default: the first exercise not passed yet)") String lesson) throws IOException {
        return onLesson(lesson, new SolutionCommand(root)::run);
    }

    @Command(name = "reset", description = "Put the lesson's stubs back and clear its progress, after you confirm;"
            + " your files are copied to .workshop/backups/ first.", footer = {"Example:", "  ./jbang reset 01 --yes"})
    int reset(@Parameters(arity = "0..1", paramLabel = "NN", completionCandidates = LessonKeys.class,
                      description = "The lesson (default: the first exercise not passed yet)") String lesson,
              @Option(names = "--yes", description = "Do not ask; reset at once") boolean yes) throws IOException {
        return onLesson(lesson, chosen -> new ResetCommand(overview).run(chosen, yes));
    }

    @Command(name = "grade", description = "Check every lesson with an exercise (or the ones named), then write the grade"
            + " in every format a class grades with (exit 3: a cost withheld).",
            footer = {"Examples:", "  ./jbang grade", "  ./jbang grade 01 02 --out grades --learner ana"})
    int grade(@Parameters(arity = "0..*", paramLabel = "NN", completionCandidates = LessonKeys.class,
                      description = "The lessons (default: every one with an exercise)") List<String> lessons,
              @Option(names = "--out", paramLabel = "DIR", description = "Where the reports go (default: .workshop/grades)")
              Path out,
              @Option(names = "--learner", paramLabel = "NAME", description = "Whose grade (default: GITHUB_ACTOR, else your login)")
              String learner) throws IOException {
        CheckCommand check = new CheckCommand(overview, Optional.empty());
        return new GradeCommand(root, check::run).run(lessons == null ? List.of() : lessons,
                Optional.ofNullable(out), Optional.ofNullable(learner));
    }

    /** A command on one lesson: its exit code. */
    private interface LessonCommand {
        int run(Lesson lesson) throws IOException;
    }

    /**
     * Runs the command on the lesson named, or without a name on the current one; when there is
     * none to run it on (no exercise, no such lesson, all passed), says why and gives the exit code.
     */
    private int onLesson(String key, LessonCommand command) throws IOException {
        if (key != null) {
            Lesson lesson;
            try {
                lesson = Lessons.require(key);
            } catch (IllegalArgumentException unknown) {
                System.out.println(unknown.getMessage());
                return 2;
            }
            if (lesson.exercisePackage().isEmpty()) {
                System.out.println("Lesson " + lesson.number() + " has no exercise; run it with ./jbang " + lesson.alias());
                return 0;
            }
            return command.run(lesson);
        }
        Optional<Lesson> chosen = overview.current();
        if (chosen.isEmpty()) {
            System.out.println(Overview.allDoneMessage());
            return 0;
        }
        say("No lesson named: lesson " + chosen.get().number() + ", the first exercise that has not passed yet."
                + " To choose another, name it: ./jbang check NN");
        return command.run(chosen.get());
    }

    /** Prints within the terminal width: a longer line wraps, its continuation indented. */
    static void say(String text) {
        for (String line : text.split("\n", -1)) {
            System.out.println(String.join("\n", fit(line)));
        }
    }

    static List<String> fit(String line) {
        if (line.length() <= Failures.COLUMNS) {
            return List.of(line);
        }
        String indent = line.substring(0, line.length() - line.stripLeading().length());
        List<String> lines = new ArrayList<>();
        for (String part : Story.wrap(line, Failures.COLUMNS - indent.length() - 2)) {
            lines.add((lines.isEmpty() ? indent : indent + "  ") + part);
        }
        return lines;
    }
}
