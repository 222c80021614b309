package workshop.runner.completion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine;
import workshop.kit.tools.ClusterTool;
import workshop.room.RoomTool;
import workshop.runner.Runner;
import workshop.runner.quiz.QuizPlayer;

/**
 * The workshop's commands as jbang-catalog.json names them, in its order: each alias, the script
 * it runs, the arguments put before the learner's, its one-line description, and, for the scripts
 * whose words are picocli's, their command line (for --help and the completion scripts).
 */
record CatalogueAliases(List<Alias> all) {

    /** One alias of the catalogue. */
    record Alias(String name, String script, List<String> arguments, String description) {}

    /** The scripts whose command lines are picocli's, by their path in the catalogue. */
    private static Map<String, Supplier<CommandLine>> commandLines(Path root) {
        return Map.<String, Supplier<CommandLine>>of("tools/runner.java", () -> Runner.commandLine(root), "tools/cluster.java", ClusterTool::commandLine,
                "tools/quiz.java", QuizPlayer::commandLine, "tools/room.java", RoomTool::commandLine);
    }

    static CatalogueAliases read(Path root) throws IOException {
        List<Alias> aliases = new ArrayList<>();
        JsonNode catalogue = new ObjectMapper().readTree(root.resolve("jbang-catalog.json").toFile()).get("aliases");
        catalogue.fields().forEachRemaining(entry -> {
            JsonNode alias = entry.getValue();
            List<String> arguments = new ArrayList<>();
            alias.path("arguments").forEach(argument -> arguments.add(argument.asText()));
            aliases.add(new Alias(entry.getKey(), alias.get("script-ref").asText(), List.copyOf(arguments),
                    alias.path("description").asText()));
        });
        return new CatalogueAliases(List.copyOf(aliases));
    }

    List<String> names() {
        return all.stream().map(Alias::name).toList();
    }

    Optional<Alias> named(String name) {
        return all.stream().filter(alias -> alias.name().equals(name)).findFirst();
    }

    /** The command line of an alias's script, when its words are picocli's: a fresh one, run with the alias's arguments first. */
    static Optional<CommandLine> scriptCommandLine(Path root, Alias alias) {
        return Optional.ofNullable(commandLines(root).get(alias.script())).map(Supplier::get);
    }

    /** The command an alias names: its script's, or the subcommand its arguments select (up: the cluster's up). */
    static Optional<CommandLine> commandLine(Path root, Alias alias) {
        return scriptCommandLine(root, alias).map(line -> {
            CommandLine command = line;
            for (String argument : alias.arguments()) {
                command = command.getSubcommands().get(argument);
            }
            return command;
        });
    }
}
