package workshop.kit.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import workshop.kit.Platform;

/**
 * Class data sharing for the nodes' JVMs: an archive of the classes a node loads while it starts
 * (the JDK's and Cassandra's), which a JVM maps from disk instead of reading, parsing and
 * verifying each class again. A node's start on 2 cores is mostly such CPU work, three times over.
 *
 * <p>JDK 17's dynamic archive is written when the JVM exits, and our nodes are only ever killed,
 * so the archive is a static one: the seed of a start that finds none lists the classes it loads
 * (the JVM writes the list as they load, so a kill loses nothing), and once the cluster is ready
 * the archive is dumped from that list by a JVM of its own. It is kept under the cluster's folder,
 * where `down` leaves it, named by a key of the JDK, the classpath and the nodes' flags, so a
 * different JDK or Cassandra never meets a stale one. A node maps it with the JVM's default
 * -Xshare:auto: an archive that does not fit only costs the speed-up, never the start.
 */
record ClassArchive(Path folder, String key, boolean enabled) {

    /** WORKSHOP_NODE_CDS=off starts nodes without the archive and never makes one (to measure the difference). */
    static final String SWITCH = "WORKSHOP_NODE_CDS";
    /** Dumping took 12-14 s on 2 cores; a dump this slow is given up and not tried again. */
    private static final Duration DUMP_TIMEOUT = Duration.ofMinutes(3);

    /** The archive for nodes run by this JDK on this classpath with these flags, under the cluster's folder. */
    static ClassArchive of(Path clusterHome, Path java, String classpath, List<String> flags) {
        return new ClassArchive(clusterHome.resolve("cds"), key(java, classpath, flags),
                !"off".equalsIgnoreCase(System.getenv().getOrDefault(SWITCH, "")));
    }

    /**
     * Names what an archive depends on: the JDK (its path and its release file, which carries the
     * exact version), the classpath (each jar's path carries its version) and the nodes' flags.
     */
    static String key(Path java, String classpath, List<String> flags) {
        Path home = java.toAbsolutePath().normalize().getParent().getParent();
        String release;
        try {
            release = Files.readString(home.resolve("release"));
        } catch (IOException none) {
            release = "";
        }
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : List.of(java.toAbsolutePath().normalize().toString(), release, classpath, String.join(" ", flags))) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    Path archive() {
        return folder.resolve(key + ".jsa");
    }

    Path classList() {
        return folder.resolve(key + ".classlist");
    }

    /** Written when a dump failed, with its output, so later starts neither record nor dump again. */
    Path failure() {
        return folder.resolve(key + ".failed");
    }

    /** True when a start should have its seed list the classes it loads: no archive yet, and no failed dump. */
    boolean missing() {
        return enabled && !Files.exists(archive()) && !Files.exists(failure());
    }

    /** The flag that maps the archive, when there is one. */
    List<String> use() {
        return enabled && Files.isRegularFile(archive()) ? List.of("-XX:SharedArchiveFile=" + archive()) : List.of();
    }

    /** The flag that has a node write the classes it loads to the list the archive is made from; the JVM needs its folder. */
    List<String> record() {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create " + folder, e);
        }
        return List.of("-XX:DumpLoadedClassList=" + classList());
    }

    /**
     * Dumps the archive from the recorded list, with the JDK, classpath and flags the nodes run
     * with (CDS maps an archive only into a JVM that matches it). The seed keeps appending to the
     * list, so the dump reads a copy cut at its last whole line. Written under a temporary name
     * and moved into place, so a node never maps a half-written archive. A failed dump is
     * recorded and the nodes start as before. Returns what happened, in one line.
     */
    String make(Path java, String classpath, List<String> flags) {
        long started = System.nanoTime();
        try {
            Files.createDirectories(folder);
            Path list = Files.createTempFile(folder, key, ".classlist.partial");
            Path partial = folder.resolve(key + ".jsa.partial");
            try {
                Files.write(list, wholeLines(Files.readAllBytes(classList())));
                List<String> command = new ArrayList<>(List.of(java.toString(), "-Xshare:dump",
                        "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + partial));
                command.addAll(flags);
                command.addAll(List.of("-cp", classpath));
                Path log = folder.resolve(key + ".dump.log");
                Process dump = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).redirectInput(Platform.nullDevice()).start();
                boolean ended = dump.waitFor(DUMP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                if (!ended) {
                    dump.destroyForcibly().waitFor();
                }
                if (!ended || dump.exitValue() != 0 || !Files.isRegularFile(partial)) {
                    String why = ended ? "exit " + dump.exitValue() : "over " + DUMP_TIMEOUT.toMinutes() + " minutes";
                    Files.writeString(failure(), why + "; its output: " + log + "\n");
                    return "The nodes' class archive could not be made (" + why + "); nodes start without it, see " + log;
                }
                Files.move(partial, archive(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                deleteOtherKeys();
            } finally {
                Files.deleteIfExists(list);
                Files.deleteIfExists(partial);
            }
        } catch (IOException e) {
            return "The nodes' class archive could not be made (" + e + "); nodes start without it.";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "The nodes' class archive was not made (interrupted); the next start makes it.";
        }
        return String.format("Made the nodes' class archive in %.1f s (%d MB, kept by ./jbang down): later starts load faster.",
                (System.nanoTime() - started) / 1e9, sizeMb());
    }

    private long sizeMb() {
        try {
            return Files.size(archive()) / (1024 * 1024);
        } catch (IOException gone) {
            return 0;
        }
    }

    /** The list up to its last complete line: the node may be writing the next one. */
    static byte[] wholeLines(byte[] list) {
        int end = list.length;
        while (end > 0 && list[end - 1] != '\n') {
            end--;
        }
        return Arrays.copyOf(list, end);
    }

    /** An archive of another JDK or Cassandra is never used again; it would only take disk space. */
    private void deleteOtherKeys() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(f -> !f.getFileName().toString().startsWith(key)).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
