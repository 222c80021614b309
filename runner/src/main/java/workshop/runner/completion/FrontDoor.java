package workshop.runner.completion;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import workshop.kit.Workshop;
import workshop.kit.tools.CommandLines;

/**
 * What ./jbang answers before any lesson or tool runs, for the words the wrapper hands it: the
 * list of commands (./jbang --help), what one command does (./jbang COMMAND --help), and the
 * nearest commands for a word that is none (exit 2). The wrappers stay a way to start a JVM; the
 * words are read here, where a test holds them.
 */
public final class FrontDoor {

    /** The command list as the front door last printed it, under the checkout's state directory. */
    static final String HELP_FILE = "jbang/help.txt";

    /** The words that ask for the command list. */
    private static final List<String> HELP = List.of("--help", "-h", "help");

    /** How many edits a typo may be from a command and still be offered it. */
    static final int NEAREST = 3;

    private static final int WIDTH = 100;
    private static final int NAME_WIDTH = 9;

    private final Path root;
    private final CatalogueAliases aliases;
    private final PrintStream out;
    private final PrintStream err;

    FrontDoor(Path root, PrintStream out, PrintStream err) throws IOException {
        this.root = root;
        this.aliases = CatalogueAliases.read(root);
        this.out = out;
        this.err = err;
    }

    /**
     * ./jbang's words as typed: --help, or a command with --help, or a word that is no command.
     * The command list is also kept in {@link #HELP_FILE}, which ./jbang prints without a JVM
     * while the catalogue has not changed since.
     */
    public static void main(String... args) throws IOException {
        FrontDoor door = new FrontDoor(Workshop.root(), System.out, System.err);
        int exit = door.answer(args);
        if (args.length == 0 || HELP.contains(args[0])) {
            keep(Workshop.stateDir().resolve(HELP_FILE), door.commandList());
        }
        System.exit(exit);
    }

    /** Writes the text whole or not at all; a list not kept is only printed the slower way next time. */
    static void keep(Path file, String text) {
        try {
            Path partial = Files.createTempFile(Files.createDirectories(file.getParent()), "help", ".txt");
            Files.writeString(partial, text);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException notKept) {
            // ./jbang --help asks the front door again
        }
    }

    /** The exit code: 0 for a help, 2 for a word that is no command. */
    int answer(String... args) {
        List<String> words = Arrays.asList(args);
        if (words.isEmpty() || HELP.contains(words.get(0))) {
            out.print(commandList());
            return 0;
        }
        Optional<CatalogueAliases.Alias> alias = aliases.named(words.get(0));
        if (alias.isEmpty()) {
            noSuchCommand(words.get(0));
            return CommandLines.USAGE;
        }
        return help(alias.get(), words.subList(1, words.size()));
    }

    /**
     * A command's help: its own picocli help where it has one, asked as jbang would ask it (the
     * alias's arguments, then the words typed), else the catalogue's line.
     */
    private int help(CatalogueAliases.Alias alias, List<String> rest) {
        Optional<picocli.CommandLine> command = CatalogueAliases.scriptCommandLine(root, alias);
        if (command.isPresent()) {
            command.get().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
            return CommandLines.execute(command.get(), Stream.concat(alias.arguments().stream(), rest.stream())
                    .toArray(String[]::new));
        }
        out.println("./jbang " + alias.name() + ": " + alias.description() + " (runs " + alias.script() + ")");
        return 0;
    }

    String commandList() {
        String last = aliases.names().stream().filter(name -> name.matches("lesson\\d+")).reduce((a, b) -> b).orElse("lesson00");
        List<String> lines = new ArrayList<>(List.of("Lessons: ./jbang lesson00 to " + last + ", and their appendices (03a, 04a, ...);",
                "./jbang workshop lists them with their minutes and where you stand.", "Commands:"));
        aliases.all().stream().filter(alias -> !alias.name().startsWith("lesson"))
                .forEach(alias -> lines.addAll(wrap(alias.name(), alias.description())));
        lines.add("./jbang COMMAND --help says what one does. jbang's own help: ./jbang --jbang-help");
        return String.join("\n", lines) + "\n";
    }

    /** "  name      description", its words wrapped under the description at 100 columns. */
    static List<String> wrap(String name, String description) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(String.format("  %-" + NAME_WIDTH + "s", name));
        for (String word : description.split(" +")) {
            if (line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line = new StringBuilder(" ".repeat(NAME_WIDTH + 2));
            }
            line.append(' ').append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private void noSuchCommand(String word) {
        List<String> near = nearest(word, aliases.names());
        err.println(near.isEmpty() ? "No command '" + word + "'. ./jbang --help lists them all."
                : "No command '" + word + "'. Did you mean: " + String.join(", ", near) + "? (./jbang --help lists them all)");
    }

    /** The names fewest edits from the word, at most {@link #NEAREST} edits, in alphabetical order. */
    static List<String> nearest(String word, List<String> names) {
        int best = names.stream().mapToInt(name -> distance(word, name)).min().orElse(Integer.MAX_VALUE);
        return best > NEAREST ? List.of()
                : names.stream().filter(name -> distance(word, name) == best).sorted(Comparator.naturalOrder()).toList();
    }

    /** Levenshtein's distance: the insertions, deletions and substitutions that turn a into b. */
    static int distance(String a, String b) {
        int[] previous = Stream.iterate(0, i -> i + 1).limit(b.length() + 1L).mapToInt(Integer::intValue).toArray();
        for (int i = 1; i <= a.length(); i++) {
            int[] current = new int[b.length() + 1];
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            previous = current;
        }
        return previous[b.length()];
    }
}
