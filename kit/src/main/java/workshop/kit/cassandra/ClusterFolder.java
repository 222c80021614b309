package workshop.kit.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The cluster's folder on disk: a folder per node, and the small files that say what was started
 * (its size, the room it serves, the last start that failed), read by the next command.
 */
final class ClusterFolder {

    static final String SIZE = "nodes";
    static final String FAILED_START = "last-failed-start.txt";
    /** Written by the test support when a test run started the cluster; a stop makes it untrue. */
    static final String STARTED_BY_TESTS = "started-by-tests";
    /** Present while a room's cluster runs: the address learners reach it at. */
    static final String ROOM = "room";
    /** Where a room's admin login is kept while its cluster lives (see {@link RoomAccess}). */
    static final String ROOM_ADMIN = "room-admin.properties";

    private final Path home;

    ClusterFolder(Path home) {
        this.home = home;
    }

    Path file(String name) {
        return home.resolve(name);
    }

    /** The size the cluster was started with, when the record is there and valid. */
    OptionalInt recordedSize() {
        try {
            return OptionalInt.of(ClusterLayout.validNodes(Files.readString(file(SIZE)), SIZE));
        } catch (IOException | ClusterException noRecord) {
            return OptionalInt.empty();
        }
    }

    /** The node folders left on disk with no node of ours running, as a start finds them. */
    StoppedCluster stopped(ClusterLayout layout) {
        // A node writes its system keyspace's folder at its first start; our config writes only "data".
        Set<Integer> withData = layout.slots().stream().filter(n -> Files.isDirectory(n.dir().resolve("data").resolve("system")))
                .map(NodeSpec::number).collect(Collectors.toSet());
        return new StoppedCluster(recordedSize(), withData, home.toString());
    }

    Optional<String> read(String name) {
        try {
            return Optional.of(Files.readString(file(name)).trim());
        } catch (IOException none) {
            return Optional.empty();
        }
    }

    void write(String name, String content) {
        try {
            Files.createDirectories(home);
            Files.writeString(file(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + name + " in " + home, e);
        }
    }

    void delete(String... names) {
        for (String name : names) {
            try {
                Files.deleteIfExists(file(name));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot delete " + file(name), e);
            }
        }
    }

    /** Deletes every node folder, whatever its number. */
    void wipeNodes() {
        for (Path folder : nodeFolders()) {
            try (Stream<Path> files = Files.walk(folder)) {
                List<Path> all = new ArrayList<>(files.toList());
                all.sort(Comparator.reverseOrder());
                all.forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                throw new ClusterException("Cannot delete " + folder + ": " + e.getMessage(),
                        "close programs that use files in it, then ./jbang down");
            }
        }
    }

    private List<Path> nodeFolders() {
        if (!Files.isDirectory(home)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(home)) {
            return children.filter(p -> p.getFileName().toString().matches("node\\d+") && Files.isDirectory(p)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + home, e);
        }
    }
}
