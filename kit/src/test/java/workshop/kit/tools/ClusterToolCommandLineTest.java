package workshop.kit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The stores' commands refuse what they do not understand, before they start or stop anything. */
class ClusterToolCommandLineTest {

    private record Said(int exit, String out, String err) {}

    private static Said run(String... args) {
        CommandLine command = ClusterTool.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        int exit = CommandLines.execute(command, args);
        return new Said(exit, out.toString(), err.toString());
    }

    @Test
    void aTypoOfAnOptionIsRefusedWithTheNearestOne() {
        Said said = run("up", "--node", "1");
        assertEquals(2, said.exit());
        assertTrue(said.err().contains("'--node'") && said.err().contains("Did you mean: --nodes?"), said.err());
        assertTrue(said.err().contains("./jbang up --help"), said.err());
        Said down = run("down", "--leftover");
        assertEquals(2, down.exit());
        assertTrue(down.err().contains("Did you mean: --leftovers?"), down.err());
    }

    @Test
    void anArgumentNoCommandTakesIsRefused() {
        assertEquals(2, run("status", "now").exit());
        assertEquals(2, run("up", "--nodes").exit(), "--nodes without its number");
    }

    @Test
    void everyCommandListsItsOptions() {
        for (String name : List.of("up", "down", "status", "doctor")) {
            Said said = run(name, "--help");
            assertEquals(0, said.exit(), name);
            assertTrue(said.out().startsWith("Usage: ./jbang " + name), said.out());
            assertTrue(said.out().contains("--help"), said.out());
            said.out().lines().forEach(line -> assertTrue(line.length() <= 100, line));
        }
        assertTrue(run("up", "--help").out().contains("--nodes=N"));
        assertTrue(run("up", "--help").out().contains("Example"));
    }
}
