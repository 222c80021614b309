package workshop.kit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;

/** An exclusive lock on a file, so two commands started at once do not both launch a process. */
public final class LockFile {

    private LockFile() {}

    /** A lock held until closed. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes the lock, waiting at most the timeout; the holder's pid is written in the file so a
     * waiting command can say whose start it waits for.
     */
    public static Held take(Path file, Duration timeout) {
        try {
            Files.createDirectories(file.getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            Optional<FileLock> lock = tryLock(channel);
            if (lock.isEmpty()) {
                String holder = "the start in pid " + Files.readString(file).trim();
                System.err.println("Waiting for " + holder + " (another lesson, check or test run)...");
                lock = Poll.until(holder, timeout).every(Duration.ofMillis(500)).tryGet(() -> tryLock(channel));
                if (lock.isEmpty()) {
                    channel.close();
                    throw new WorkshopException("Waited " + timeout.toSeconds() + " s for " + holder + ", in vain.",
                            "./jbang status shows what runs; stop that command, then retry");
                }
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)), 0);
            FileLock held = lock.get();
            return () -> unlock(held);
        } catch (IOException e) {
            throw new WorkshopException("Cannot lock " + file + ": " + e.getMessage(), "check that the folder is writable", e);
        }
    }

    private static void unlock(FileLock lock) {
        try (FileChannel channel = lock.channel()) {
            lock.release();
        } catch (IOException alreadyClosed) {
            // the lock goes with the channel either way
        }
    }

    private static Optional<FileLock> tryLock(FileChannel channel) {
        try {
            return Optional.ofNullable(channel.tryLock());
        } catch (OverlappingFileLockException sameJvm) {
            return Optional.empty();
        } catch (IOException e) {
            throw new WorkshopException("Cannot take a file lock: " + e.getMessage(), "check that .workshop is writable", e);
        }
    }
}
