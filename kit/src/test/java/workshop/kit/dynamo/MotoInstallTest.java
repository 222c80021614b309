package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Versions;

/**
 * The two paths this machine can take: moto already installed (nothing is asked or installed),
 * and an install that cannot reach its package index (one explained failure, nothing left behind).
 * Needs python3 with moto, as the DynamoDB lessons do.
 */
class MotoInstallTest {

    /** The pip options that make an index unreachable: a closed port, and no local wheel folders. */
    private static final List<String> UNREACHABLE_INDEX = List.of("--isolated", "--index-url",
            "http://127.0.0.1:1/simple", "--retries", "0", "--timeout", "3");

    @TempDir
    Path dir;

    private final List<String> questions = new ArrayList<>();

    @Test
    void aMotoAlreadyInstalledIsUsedAndNothingIsAsked() {
        assumeTrue(MotoInstall.answers("python3", "import moto.server"), "python3 has no moto here");
        MotoInstall install = new MotoInstall(dir.resolve("python"), "python3", UNREACHABLE_INDEX, this::yes);

        install.offerIfMissing();

        assertEquals(List.of(), questions);
        assertFalse(Files.exists(dir.resolve("python")), "nothing may be installed when moto is there");
        assertEquals(Optional.empty(), install.python());
    }

    @Test
    void theProjectsEnvironmentIsFoundAndUsedFromThenOn() throws Exception {
        assumeTrue(MotoInstall.answers("python3", "import moto.server"), "python3 has no moto here");
        Path venv = dir.resolve("python");
        // An environment that sees the system's moto stands in for one an earlier install filled.
        run("python3", "-m", "venv", "--without-pip", "--system-site-packages", venv.toString());
        MotoInstall install = new MotoInstall(venv, "python3", UNREACHABLE_INDEX, this::yes);

        install.offerIfMissing();

        assertEquals(Optional.of(venv.resolve("bin/python").toString()), install.python());
        assertTrue(MotoInstall.answers(install.python().orElseThrow(), "import moto.server"));
        assertEquals(List.of(), questions);
    }

    @Test
    void anUnreachableIndexEndsInOneLineNamingTheOtherPathsAndLeavesNothing() throws Exception {
        // A Python 3 without moto: an environment that does not see the system's packages.
        Path bare = dir.resolve("bare");
        run("python3", "-m", "venv", "--without-pip", bare.toString());
        Path venv = dir.resolve("python");
        MotoInstall install = new MotoInstall(venv, bare.resolve("bin/python").toString(), UNREACHABLE_INDEX, this::yes);

        DynamoException failure = assertThrows(DynamoException.class, install::offerIfMissing);

        assertEquals(1, questions.size(), "the learner is asked once before anything is installed");
        assertTrue(questions.get(0).contains("moto " + Versions.MOTO), questions.get(0));
        assertEquals("moto " + Versions.MOTO + " could not be installed into .workshop/python:"
                + " the package index could not be reached.", failure.problem().what());
        assertTrue(failure.fix().contains("pip install \"moto[server]==" + Versions.MOTO + "\""), failure.fix());
        assertTrue(failure.fix().contains("docker/compose.yaml"), failure.fix());
        assertFalse(failure.fix().contains("\n"), "one line");
        assertFalse(Files.exists(venv), "a failed install leaves no half environment to be picked up next time");
        assertEquals(Optional.empty(), install.python());
    }

    @Test
    void noIsRespected() throws Exception {
        Path bare = dir.resolve("bare");
        run("python3", "-m", "venv", "--without-pip", bare.toString());
        Path venv = dir.resolve("python");
        MotoInstall install = new MotoInstall(venv, bare.resolve("bin/python").toString(), UNREACHABLE_INDEX,
                question -> questions.add(question) && false);

        install.offerIfMissing();

        assertEquals(1, questions.size());
        assertFalse(Files.exists(venv));
    }

    private boolean yes(String question) {
        questions.add(question);
        return true;
    }

    private static void run(String... command) throws IOException, InterruptedException {
        assumeTrue(MotoInstall.answers("python3", "import venv, ensurepip"), "python3 cannot make environments here");
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, process.waitFor(), String.join(" ", command));
    }
}
