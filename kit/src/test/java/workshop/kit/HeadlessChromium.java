package workshop.kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.opentest4j.TestAbortedException;

/**
 * Chromium run headless, one process per page, with no network activity of its own: how the slide
 * decks and the room page are checked as a browser shows them.
 */
public final class HeadlessChromium {

    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");
    private static final Path MAC_CHROME = Path.of("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome");
    private static final long TIMEOUT_SECONDS = 90;

    private final Path executable;
    private final Path scratch;

    private HeadlessChromium(Path executable, Path scratch) {
        this.executable = executable;
        this.scratch = scratch;
    }

    /** $CHROMIUM if set, else the first Chromium or Chrome on the PATH (or in /Applications on a Mac). */
    public static Optional<HeadlessChromium> find(Path scratch) {
        String configured = System.getenv("CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(new HeadlessChromium(Path.of(configured), scratch));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            for (String name : NAMES) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(new HeadlessChromium(candidate, scratch));
                }
            }
        }
        return Files.isExecutable(MAC_CHROME) ? Optional.of(new HeadlessChromium(MAC_CHROME, scratch)) : Optional.empty();
    }

    /**
     * Without a browser (or what the page needs) nothing can be checked in one. CI must check, so there
     * (CI=true, or -Dslides.browser=required) that fails; on a laptop the test is skipped with the reason.
     */
    public static <T> T unavailable(String what, String why) {
        boolean required = "true".equalsIgnoreCase(System.getenv("CI"))
                || "required".equals(System.getProperty("slides.browser"));
        if (required) {
            throw new AssertionError(why);
        }
        throw new TestAbortedException(what + " not checked in a browser: " + why);
    }

    /** The page's DOM once its scripts have run (virtual time lets timers finish without waiting). */
    public String dumpDom(URI page) {
        return run(List.of("--dump-dom", "--virtual-time-budget=20000", page.toString()));
    }

    public void screenshot(URI page, Path png, int width, int height) {
        run(List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
                "--hide-scrollbars", "--virtual-time-budget=5000", page.toString()));
        if (!Files.isRegularFile(png)) {
            throw new IllegalStateException("Chromium wrote no screenshot of " + page);
        }
    }

    private String run(List<String> arguments) {
        Path profile = null;
        try {
            Files.createDirectories(scratch);
            profile = Files.createTempDirectory(scratch, "chromium-profile");
            List<String> command = new ArrayList<>(List.of(executable.toString(),
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-default-apps", "--mute-audio", "--user-data-dir=" + profile));
            command.addAll(arguments);
            Path stdout = profile.resolve("stdout.txt");
            Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                    .redirectError(profile.resolve("stderr.txt").toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("Chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("Chromium exited with " + process.exitValue() + ": "
                        + Files.readString(profile.resolve("stderr.txt")));
            }
            return Files.readString(stdout, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            deleteQuietly(profile);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a leftover profile under target/ is harmless; clean removes it
        }
    }
}
