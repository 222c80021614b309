package workshop.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;

/**
 * The learner's entry point: where you stand, what to do next ({@link Overview}), and the commands
 * to check, watch, get a hint, see a solution or start a lesson over, one class each. Lessons plug
 * in through the lesson list alone; nothing here names a lesson.
 */
public final class Runner {

    private Runner() {}

    public static void main(String... args) throws Exception {
        System.exit(run(args));
    }

    /** Runs one command of the learner's; its exit code (2: a command or lesson not understood). */
    static int run(String... args) throws Exception {
        Path root = Workshop.root();
        LaunchFile.remember(Workshop.stateDir());
        List<String> words = new ArrayList<>(List.of(args));
        boolean yes = words.remove("--yes");
        Optional<Path> reportFile = Optional.empty();
        int report = words.indexOf("--report");
        if (report >= 0) {
            if (report + 1 >= words.size()) {
                System.out.println("--report needs a file: ./jbang check 02 --report grade.json");
                return 2;
            }
            reportFile = Optional.of(Path.of(words.get(report + 1)));
            words.subList(report, report + 2).clear();
        }
        String command = words.isEmpty() ? "overview" : words.get(0);
        Optional<String> lessonArg = words.size() > 1 ? Optional.of(words.get(1)) : Optional.empty();
        Overview overview = new Overview(root);
        CheckCommand check = new CheckCommand(overview, reportFile);
        return switch (command) {
            case "overview" -> overview.run();
            case "check" -> onLesson(overview, lessonArg, check::run);
            case "watch" -> onLesson(overview, lessonArg, new WatchCommand(root, check, new HintCommand(overview))::run);
            case "hint" -> onLesson(overview, lessonArg, new HintCommand(overview)::run);
            case "solution" -> onLesson(overview, lessonArg, new SolutionCommand(root)::run);
            case "grade" -> new GradeCommand(root, check::run).run(words.subList(1, words.size()));
            case "reset" -> onLesson(overview, lessonArg, lesson -> new ResetCommand(overview).run(lesson, yes));
            default -> {
                System.out.println("Unknown command '" + command + "'. Commands: ./jbang workshop, check NN [--report FILE],"
                        + " watch [NN], hint NN, solution NN, reset NN [--yes], " + GradeCommand.USAGE);
                yield 2;
            }
        };
    }

    /** A command on one lesson: its exit code. */
    private interface LessonCommand {
        int run(Lesson lesson) throws IOException;
    }

    /**
     * Runs the command on the lesson named, or without a name on the current one; when there is
     * none to run it on (no exercise, no such lesson, all passed), says why and gives the exit code.
     */
    private static int onLesson(Overview overview, Optional<String> key, LessonCommand command) throws IOException {
        if (key.isPresent()) {
            Lesson lesson;
            try {
                lesson = Lessons.require(key.get());
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
