package workshop.kit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** ./jbang catalogue refuses an option it does not know, before it compiles or checks anything. */
class CatalogueToolCommandLineTest {

    @Test
    void aTypoOfPlanIsRefusedWithTheNearestOption() {
        CommandLine command = CatalogueTool.commandLine();
        StringWriter err = new StringWriter();
        command.setErr(new PrintWriter(err));
        assertEquals(CommandLines.USAGE, CommandLines.execute(command, "--plna", "MyDesign.java"));
        assertTrue(err.toString().contains("'--plna'") && err.toString().contains("Did you mean: --plan?"), err.toString());
        assertTrue(err.toString().contains("./jbang catalogue --help"), err.toString());
    }
}
