package workshop.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the original stub of an exercise file in git history: the newest committed version that
 * still holds a TODO. That works in a plain clone and in a classroom repository alike, even after
 * the learner committed their own code.
 */
final class StubHistory {

    private StubHistory() {}

    static Optional<String> originalStub(Path root, Path file) {
        String relative = root.relativize(file).toString().replace('\\', '/');
        for (String commit : git(root, "log", "--format=%H", "--", relative).lines().toList()) {
            String content = git(root, "show", commit + ":" + relative);
            if (content.contains("UnsupportedOperationException(\"TODO")) {
                return Optional.of(content);
            }
        }
        return Optional.empty();
    }

    private static String git(Path root, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        try {
            Process git = new ProcessBuilder(command).redirectErrorStream(false).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return git.waitFor() == 0 ? out : "";
        } catch (IOException e) {
            throw new UncheckedIOException("git is needed to restore a stub: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
