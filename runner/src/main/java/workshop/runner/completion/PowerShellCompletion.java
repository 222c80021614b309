package workshop.runner.completion;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * ./jbang's completion for PowerShell, written from picocli's model of the commands (picocli
 * writes scripts for bash and zsh only): a table from each command path ("", "check", "room add")
 * to the words that may follow it (its subcommands, its options, the values of its parameters
 * such as the lesson numbers), and a native argument completer that finds the deepest path the
 * line has typed and offers that path's words.
 */
final class PowerShellCompletion {

    /** The names a learner types the wrapper by, in PowerShell and from cmd's folder. */
    static final List<String> COMMAND_NAMES = List.of("jbang", "jbang.ps1", "jbang.cmd");

    private PowerShellCompletion() {}

    static String script(CommandLine jbang) {
        Map<String, List<String>> words = new LinkedHashMap<>();
        collect("", jbang.getCommandSpec(), words);
        String table = words.entrySet().stream()
                .map(path -> "    " + quote(path.getKey()) + " = @(" + path.getValue().stream().map(PowerShellCompletion::quote)
                        .collect(Collectors.joining(", ")) + ")")
                .collect(Collectors.joining("\n"));
        String names = COMMAND_NAMES.stream().map(PowerShellCompletion::quote).collect(Collectors.joining(", "));
        return "# ./jbang's completion for PowerShell, generated from the workshop's commands; in your $PROFILE:\n"
                + "#   .\\jbang.ps1 workshop --completion powershell | Out-String | Invoke-Expression\n"
                + "Register-ArgumentCompleter -Native -CommandName " + names + " -ScriptBlock {\n"
                + "  param($wordToComplete, $commandAst, $cursorPosition)\n"
                + "  $words = @{\n" + table + "\n  }\n"
                + "  # The words typed before the one being completed, the command's name left out.\n"
                + "  $typed = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })\n"
                + "  if ($wordToComplete) { $typed = @($typed | Select-Object -SkipLast 1) }\n"
                + "  $path = ''\n"
                + "  foreach ($word in $typed) {\n"
                + "    $next = if ($path) { \"$path $word\" } else { $word }\n"
                + "    if ($words.ContainsKey($next)) { $path = $next }\n"
                + "  }\n"
                + "  $words[$path] | Where-Object { $_ -like \"$wordToComplete*\" } | ForEach-Object {\n"
                + "    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)\n"
                + "  }\n"
                + "}\n";
    }

    /** The words after this command (at path), then those after each of its visible subcommands. */
    private static void collect(String path, CommandSpec command, Map<String, List<String>> words) {
        List<String> next = new ArrayList<>();
        Map<String, CommandLine> subcommands = new LinkedHashMap<>();
        command.subcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                subcommands.put(name, sub);
                next.add(name);
            }
        });
        for (PositionalParamSpec parameter : command.positionalParameters()) {
            if (parameter.completionCandidates() != null) {
                parameter.completionCandidates().forEach(next::add);
            }
        }
        for (OptionSpec option : command.options()) {
            if (!option.hidden()) {
                next.addAll(List.of(option.names()));
            }
        }
        words.put(path, next);
        subcommands.forEach((name, sub) -> collect(path.isEmpty() ? name : path + " " + name, sub.getCommandSpec(), words));
    }

    /** A PowerShell string that holds the text as it is: single quotes, a quote doubled. */
    static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
