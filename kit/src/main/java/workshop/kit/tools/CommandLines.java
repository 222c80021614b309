package workshop.kit.tools;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import workshop.kit.terminal.Failures;

/**
 * Runs a picocli command the workshop's way: an unknown option or a typo is refused with exit 2
 * and the nearest right option, never ignored; a failure is told as a problem and its fix, never
 * as a stack trace.
 */
public final class CommandLines {

    /** The exit code of a command line that was not understood. */
    public static final int USAGE = CommandLine.ExitCode.USAGE;

    /** picocli's narrowest help. */
    private static final int MIN_WIDTH = 55;

    private CommandLines() {}

    public static int execute(CommandLine command, String... args) {
        command.setParameterExceptionHandler(CommandLines::refuse);
        command.setUsageHelpWidth(Math.max(MIN_WIDTH, Failures.COLUMNS)); // the terminal's, up to 100 columns
        command.setExecutionExceptionHandler((failure, line, parsed) -> {
            Failures.report(failure, System.err);
            return 1;
        });
        return command.execute(args);
    }

    private static int refuse(ParameterException refused, String[] args) {
        PrintWriter err = refused.getCommandLine().getErr();
        err.println(message(refused) + " (" + refused.getCommandLine().getCommandSpec().qualifiedName() + " --help lists them)");
        err.flush();
        return USAGE;
    }

    /** "Unknown option: '--node'. Did you mean: --nodes?" */
    static String message(ParameterException refused) {
        String message = refused.getMessage().replaceAll("\\.$", "") + ".";
        if (refused instanceof UnmatchedArgumentException unmatched) {
            List<String> near = unmatched.getSuggestions();
            if (!near.isEmpty()) {
                message += " Did you mean: " + String.join(", ", near) + "?";
            }
        }
        return message;
    }
}
