package workshop.runner.completion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;

class CompletionsTest {

    @Test
    void everyAliasAndTheRunnersOptionsComplete() throws Exception {
        String script = Completions.script(Workshop.root(), "bash");
        for (String alias : Completions.aliases(Workshop.root())) {
            assertTrue(script.contains(alias), alias + " is completed");
        }
        assertTrue(script.contains("--report"), "check's --report");
        assertTrue(script.contains("--nodes"), "up's --nodes");
        assertTrue(script.contains("--serve"), "room's --serve");
        assertTrue(script.contains("complete -F _complete_jbang -o default ./jbang"), "./jbang as well as jbang");
    }

    @Test
    void powerShellCompletesEveryCommandItsOptionsAndTheLessonNumbers() throws Exception {
        String script = PowerShellCompletion.script(Completions.commands(Workshop.root()));
        assertTrue(script.contains("Register-ArgumentCompleter -Native -CommandName 'jbang', 'jbang.ps1', 'jbang.cmd'"), script);
        String top = script.lines().filter(line -> line.startsWith("    '' = @(")).findFirst().orElseThrow();
        for (String alias : Completions.aliases(Workshop.root())) {
            assertTrue(top.contains("'" + alias + "'"), alias + " is completed after jbang");
        }
        String check = script.lines().filter(line -> line.startsWith("    'check' = @(")).findFirst().orElseThrow();
        assertTrue(check.contains("'--report'") && check.contains("'01'") && check.contains("'--help'"), check);
        assertTrue(script.lines().anyMatch(line -> line.startsWith("    'room add' = @(")), "room's subcommands");
        assertTrue(script.lines().anyMatch(line -> line.startsWith("    'up' = @(") && line.contains("'--nodes'")), "up's --nodes");
        assertEquals("'it''s'", PowerShellCompletion.quote("it's"));
        assertEquals(script.chars().filter(c -> c == '{').count(), script.chars().filter(c -> c == '}').count(), script);
    }

    @Test
    void theScriptsParseInTheirShells(@TempDir Path dir) throws Exception {
        for (String shell : Completions.SHELLS) {
            assumeTrue(installed(shell), shell + " is not installed");
            Path file = dir.resolve("jbang." + shell);
            Files.writeString(file, Completions.script(Workshop.root(), shell));
            Process parse = new ProcessBuilder(shell, "-n", file.toString()).redirectErrorStream(true).start();
            String said = new String(parse.getInputStream().readAllBytes());
            assertEquals(0, parse.waitFor(), shell + " -n: " + said);
        }
    }

    @Test
    void bashCompletesACommandAndALessonNumber(@TempDir Path dir) throws Exception {
        assumeTrue(installed("bash"), "bash is not installed");
        Path file = dir.resolve("jbang.bash");
        Files.writeString(file, Completions.script(Workshop.root(), "bash"));
        // compopt only works inside a completion the shell runs; here the function is called by hand
        String probe = "source " + file + "\ncompopt() { :; }\n"
                + "COMP_WORDS=(./jbang che); COMP_CWORD=1; COMP_LINE='./jbang che'; COMP_POINT=${#COMP_LINE}\n"
                + "_complete_jbang; echo \"${COMPREPLY[*]}\"\n"
                + "COMP_WORDS=(./jbang check 0); COMP_CWORD=2; COMP_LINE='./jbang check 0'; COMP_POINT=${#COMP_LINE}\n"
                + "_complete_jbang; echo \"${COMPREPLY[*]}\"\n";
        Process bash = new ProcessBuilder("bash", "-c", probe).redirectErrorStream(true).start();
        String[] lines = new String(bash.getInputStream().readAllBytes()).split("\n");
        assertEquals(0, bash.waitFor());
        assertTrue(lines[0].contains("check"), lines[0]);
        assertTrue(lines[1].contains("01"), lines[1]);
    }

    private static boolean installed(String shell) throws Exception {
        try {
            return new ProcessBuilder(shell, "-c", "true").start().waitFor() == 0;
        } catch (java.io.IOException none) {
            return false;
        }
    }
}
