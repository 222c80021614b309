//DEPS dev.accesspatterns:kit:1.0.0-SNAPSHOT
// A JShell prompt with a connected session and the cost probe. Start it with:
//   ./mvnw -q -pl .,kit install -DskipTests && ./jbang --interactive tools/shell.jsh
// then try:  cost("SELECT * FROM lesson02.messages WHERE conversation_id = 'general' LIMIT 5")
import static workshop.kit.tools.Shell.*;
import com.datastax.oss.driver.api.core.cql.*;

System.out.println("Ready. session() connects to the cluster; cost(\"SELECT ...\") runs a query with tracing and prints what it read.");
