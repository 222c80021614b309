package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerRuntimeTest {

    @Test
    void aFolderOfJdksYieldsTheSupportedOnesNewestFirst(@TempDir Path jvms) throws IOException {
        fakeJdk(jvms.resolve("temurin-25-jdk"), 25);
        fakeJdk(jvms.resolve("java-11-openjdk"), 11);
        fakeJdk(jvms.resolve("java-17-openjdk"), 17);
        Files.createDirectories(jvms.resolve("not-a-jdk"));
        assertEquals(List.of(17, 11), ServerRuntime.scan(jvms).map(ServerRuntime.Jdk::version).toList());
        assertEquals(jvms.resolve("java-17-openjdk"), ServerRuntime.scan(jvms).findFirst().orElseThrow().home());
    }

    @Test
    void macOsBundlesKeepTheirJdkInContentsHome(@TempDir Path library) throws IOException {
        Path home = library.resolve("temurin-17.jdk").resolve("Contents").resolve("Home");
        fakeJdk(home, 17);
        assertEquals(List.of(home), ServerRuntime.scan(library).map(ServerRuntime.Jdk::home).toList());
    }

    @Test
    void aMissingFolderYieldsNothing(@TempDir Path dir) {
        assertEquals(0, ServerRuntime.scan(dir.resolve("absent")).count());
    }

    private static void fakeJdk(Path home, int version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.createFile(home.resolve("bin").resolve("java"));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + ".0.2\"\n");
    }
}
