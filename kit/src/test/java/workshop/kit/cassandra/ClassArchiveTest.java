package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassArchiveTest {

    private static final List<String> FLAGS = List.of("-Xmx768m", "-XX:+UseG1GC");

    @Test
    void theKeyChangesWithTheJdkTheClasspathAndTheFlags(@TempDir Path dir) throws IOException {
        Path java = fakeJdk(dir.resolve("jdk"), "17.0.15");
        String key = ClassArchive.key(java, "a.jar:b.jar", FLAGS);
        assertEquals(key, ClassArchive.key(java, "a.jar:b.jar", FLAGS));
        assertNotEquals(key, ClassArchive.key(java, "a.jar:b-2.jar", FLAGS));
        assertNotEquals(key, ClassArchive.key(java, "a.jar:b.jar", List.of("-Xmx512m", "-XX:+UseG1GC")));
        assertNotEquals(key, ClassArchive.key(fakeJdk(dir.resolve("other-jdk"), "17.0.15"), "a.jar:b.jar", FLAGS));
        fakeJdk(dir.resolve("jdk"), "17.0.16"); // the same folder, updated in place
        assertNotEquals(key, ClassArchive.key(java, "a.jar:b.jar", FLAGS));
    }

    @Test
    void withoutAnArchiveNoNodeMapsOneAndTheSeedRecordsItsClasses(@TempDir Path dir) {
        ClassArchive archive = new ClassArchive(dir.resolve("cds"), "k", true);
        assertTrue(archive.missing());
        assertEquals(List.of(), archive.use());
        assertEquals(List.of("-XX:DumpLoadedClassList=" + dir.resolve("cds").resolve("k.classlist")), archive.record());
        assertTrue(Files.isDirectory(dir.resolve("cds")), "the JVM writes no list into a folder that is not there");
    }

    @Test
    void anArchiveOnDiskIsMappedAndNotMadeAgain(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("k.jsa"), "archive");
        ClassArchive archive = new ClassArchive(dir, "k", true);
        assertFalse(archive.missing());
        assertEquals(List.of("-XX:SharedArchiveFile=" + dir.resolve("k.jsa")), archive.use());
        assertEquals(List.of(), new ClassArchive(dir, "other-key", true).use());
    }

    @Test
    void switchedOffItNeitherMapsNorRecords(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("k.jsa"), "archive");
        ClassArchive off = new ClassArchive(dir, "k", false);
        assertEquals(List.of(), off.use());
        Files.delete(dir.resolve("k.jsa"));
        assertFalse(off.missing());
    }

    @Test
    void theDumpReadsTheListUpToItsLastWholeLine() {
        byte[] written = "java/lang/Object id: 0\norg/apache/cassandra/Some".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals("java/lang/Object id: 0\n".getBytes(StandardCharsets.UTF_8), ClassArchive.wholeLines(written));
        assertArrayEquals(new byte[0], ClassArchive.wholeLines("java/lang/Obj".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aDumpedArchiveIsOneTheJvmMaps(@TempDir Path dir) throws Exception {
        Path java = nodeJava();
        ClassArchive archive = new ClassArchive(dir.resolve("cds"), "k", true);
        Files.createDirectories(dir.resolve("cds"));
        Files.writeString(archive.classList(), "java/lang/Object\njava/lang/String\njava/util/ArrayList\n");
        Path classes = Files.createDirectories(dir.resolve("classes")); // CDS accepts an empty folder on the classpath
        String said = archive.make(java, classes.toString(), FLAGS);
        assertTrue(said.startsWith("Made the nodes' class archive"), said);
        assertFalse(archive.missing());
        List<String> node = new ArrayList<>(FLAGS);
        node.addAll(archive.use());
        assertEquals(0, run(java, node, "-Xshare:on", "-cp", classes.toString()), "-Xshare:on refused it");
    }

    @Test
    void aFailedDumpIsSaidRecordedAndNotTriedAgain(@TempDir Path dir) throws Exception {
        Path java = nodeJava();
        ClassArchive archive = new ClassArchive(dir, "k", true);
        Files.writeString(archive.classList(), "java/lang/Object\n");
        String said = archive.make(java, dir.toString(), List.of("-XX:+NoSuchOptionInAnyJdk"));
        assertTrue(said.startsWith("The nodes' class archive could not be made (exit 1)"), said);
        assertFalse(archive.missing());
        assertEquals(List.of(), archive.use());
    }

    @Test
    void aBrokenArchiveCostsTheSpeedUpNotTheStart(@TempDir Path dir) throws Exception {
        Path java = nodeJava();
        Files.writeString(dir.resolve("k.jsa"), "not an archive");
        List<String> use = new ClassArchive(dir, "k", true).use();
        assertEquals(0, run(java, use), "the JVM's default -Xshare:auto skips what it cannot map");
        assertNotEquals(0, run(java, use, "-Xshare:on"), "the JVM did not look at the archive at all");
    }

    /** The JDK the nodes would run on; these tests say nothing where there is none. */
    private static Path nodeJava() {
        Optional<ServerRuntime.Jdk> jdk = ServerRuntime.find();
        assumeTrue(jdk.isPresent(), "no JDK 11 or 17 on this machine");
        return jdk.get().java();
    }

    private static int run(Path java, List<String> sharing, String... more) throws Exception {
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(sharing);
        command.addAll(List.of(more));
        command.add("-version");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }

    private static Path fakeJdk(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        Path java = home.resolve("bin").resolve("java");
        if (!Files.exists(java)) {
            Files.createFile(java);
        }
        return java;
    }
}
