package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

/** The dev container a Codespace is built from: valid by the specification's schema, and running the offline kit. */
class DevContainerTest {

    private static final Path FOLDER = Workshop.root().resolve(".devcontainer");

    private static JsonSchema schema() throws IOException {
        try (InputStream in = DevContainerTest.class.getResourceAsStream("/devcontainer/devContainer.base.schema.json")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V201909).getSchema(text);
        }
    }

    private static List<String> errors(String json) throws IOException {
        return schema().validate(json, InputFormat.JSON).stream().map(ValidationMessage::toString).toList();
    }

    @Test
    void devcontainerJsonIsValidByTheSpecificationsSchema() throws IOException {
        assertEquals(List.of(), errors(Files.readString(FOLDER.resolve("devcontainer.json"))));
    }

    @Test
    void theSchemaRefusesAMistypedHostRequirement() throws IOException {
        // A check that cannot fail proves nothing: the schema must catch "cpu" for "cpus".
        List<String> found = errors("""
                {"image": "mcr.microsoft.com/devcontainers/java:1-17-bookworm", "hostRequirements": {"cpu": 4}}""");
        assertFalse(found.isEmpty(), "a mistyped hostRequirements property passed the schema");
    }

    @Test
    void theContainerIsCreatedByTheOfflineKit() throws IOException {
        String json = Files.readString(FOLDER.resolve("devcontainer.json"));
        assertTrue(json.contains("\"postCreateCommand\": \"bash .devcontainer/post-create.sh\""), json);
        assertTrue(Files.readString(FOLDER.resolve("post-create.sh")).lines().anyMatch(l -> l.equals("tools/prefetch")),
                "post-create.sh must run tools/prefetch, the offline kit");
    }
}
