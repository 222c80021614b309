package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No Windows here to run jbang.cmd and jbang.ps1, so this holds them to what ./jbang does (which
 * CI runs): the same bootstrap pom and classpath cache, the same switch to the bundled jbang, the
 * same Java floor and jbang's exit-255 protocol, and line endings the Command Prompt reads.
 */
class WrappersTest {

    private static final List<String> WRAPPERS = List.of("jbang", "jbang.cmd", "jbang.ps1");

    @Test
    void everyWrapperBootstrapsJbangTheSameWay() throws IOException {
        for (String wrapper : WRAPPERS) {
            String script = read(wrapper).replace('\\', '/');
            for (String expected : List.of(".mvn/jbang/pom.xml", ".workshop/jbang/classpath.txt",
                    "dependency:build-classpath", "-Dmdep.outputFile=", "WORKSHOP_BUNDLED_JBANG",
                    "dev.jbang.Main", "255", "17", "https://adoptium.net")) {
                assertTrue(script.contains(expected), wrapper + " lacks " + expected);
            }
        }
        assertTrue(read("jbang.cmd").contains("mvnw.cmd") && read("jbang.ps1").contains("mvnw.cmd"));
    }

    @Test
    void theCommandPromptWrapperHasWindowsLineEndings() throws IOException {
        String cmd = read("jbang.cmd");
        assertFalse(cmd.replace("\r\n", "").contains("\n"), "jbang.cmd needs CRLF line endings: cmd misreads labels otherwise");
        assertTrue(cmd.startsWith("@echo off"));
    }

    private static String read(String name) throws IOException {
        return Files.readString(Workshop.root().resolve(name));
    }
}
