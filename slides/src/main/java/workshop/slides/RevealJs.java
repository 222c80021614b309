package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * reveal.js itself, from the npm package pinned in slides/package-lock.json. `npm ci` fetches it
 * once into slides/node_modules; every later render works offline.
 */
public final class RevealJs {

    private RevealJs() {}

    public static Path installed() {
        return Decks.home().resolve("node_modules").resolve("reveal.js");
    }

    public static boolean isInstalled() {
        return Files.isRegularFile(installed().resolve("dist").resolve("reveal.js"));
    }

    /** Runs `npm ci` in slides/ unless reveal.js is already there. */
    public static void install() {
        if (isInstalled()) {
            return;
        }
        String npm = System.getProperty("os.name").startsWith("Windows") ? "npm.cmd" : "npm";
        List<String> command = List.of(npm, "ci", "--no-audit", "--no-fund");
        System.err.println("[slides] Fetching reveal.js with: " + String.join(" ", command) + " (in slides/, once)");
        try {
            // Output shown, input not shared: npm makes its stdin non-blocking, which would break the
            // test JVM's own stdin (Surefire's command channel) if the two shared it.
            Process process = new ProcessBuilder(command).directory(Decks.home().toFile())
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            process.getOutputStream().close();
            int status = process.waitFor();
            if (status != 0 || !isInstalled()) {
                throw new IllegalStateException("`npm ci` in slides/ exited with " + status
                        + " and reveal.js is not in slides/node_modules. Run it yourself to see why: cd slides && npm ci");
            }
        } catch (IOException e) {
            throw new IllegalStateException("reveal.js is not installed and npm was not found. Install Node.js"
                    + " (it brings npm), then: cd slides && npm ci", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fetching reveal.js", e);
        }
    }

    /** Copies the parts a page loads (dist/ and plugin/) next to the rendered decks. */
    public static void copyTo(Path output) {
        Path target = output.resolve("reveal.js");
        for (String part : List.of("dist", "plugin")) {
            Path from = installed().resolve(part);
            try (Stream<Path> files = Files.walk(from)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    Path to = target.resolve(part).resolve(from.relativize(file).toString());
                    Files.createDirectories(to.getParent());
                    Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
