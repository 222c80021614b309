package workshop.room;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import workshop.kit.WorkshopException;

/**
 * The instructor's side of a room fed over HTTP, kept in one folder so a restarted server loses
 * nothing: learners.properties holds each learner's join code as a SHA-256 hash (the code itself is
 * printed once and kept nowhere), grades.jsonl one line per grade received, written to disk before
 * the learner hears "recorded". Every grade carries the id its check gave it; an id already kept
 * is not kept again, so a grade resent after a lost answer counts once.
 */
public final class RoomLedger {

    /** A learner's name is a namespace's shape, so it is safe in a path, a page and a CSV. */
    static final Pattern LEARNER = Pattern.compile("[a-z][a-z0-9_]{0,19}");
    private static final Pattern CODE = Pattern.compile("([a-z][a-z0-9_]{0,19})-([0-9a-f]{24})");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SecureRandom RANDOM = new SecureRandom();

    /** One grade as the ledger keeps it: its id, whose, when the room received it, and what it came to. */
    record Entry(String id, String learner, String at, String lesson, String task, boolean passed, int testsPassed,
                 int testsFailed, String failedTest, String firstFailure) {

        RecordedCheck check() {
            return new RecordedCheck(learner, Instant.parse(at), new CheckResult(lesson, Optional.ofNullable(task), passed,
                    testsPassed, testsFailed, failedTest, firstFailure));
        }
    }

    /** What became of a grade sent in. */
    public enum Outcome { RECORDED, ALREADY_RECORDED, NOT_A_RESULT }

    private final Path folder;
    private final List<RecordedCheck> checks = new ArrayList<>();
    private final Set<String> ids = new HashSet<>();
    /** Open while this process serves the room: the lock on it ends with the process, however it ends. */
    private FileChannel serving;

    private RoomLedger(Path folder) {
        this.folder = folder;
    }

    /** Opens the room kept in this folder (created if missing), with every grade it kept before. */
    public static RoomLedger open(Path folder) {
        RoomLedger ledger = new RoomLedger(folder);
        try {
            Files.createDirectories(folder);
            if (Files.exists(ledger.grades())) {
                for (String line : Files.readAllLines(ledger.grades(), StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        ledger.keep(JSON.readValue(line, Entry.class));
                    }
                }
            }
        } catch (IOException e) {
            throw new WorkshopException("Cannot read the room kept in " + folder + ": " + e.getMessage(),
                    "check that folder's permissions, or ./jbang room reset to start an empty room", e);
        }
        return ledger;
    }

    private Path grades() {
        return folder.resolve("grades.jsonl");
    }

    private Path servingLock() {
        return folder.resolve("serving.lock");
    }

    /**
     * Marks the room as served by this process until it ends (or the returned handle is closed), so
     * that a reset elsewhere refuses instead of emptying a file the server still appends to.
     */
    public synchronized AutoCloseable serve() {
        try {
            FileChannel channel = FileChannel.open(servingLock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (lock(channel).isEmpty()) {
                channel.close();
                throw new WorkshopException("The room kept in " + folder + " is already served by another ./jbang room serve.",
                        "use the one running, or stop it (Ctrl-C in its terminal) and run ./jbang room serve again");
            }
            serving = channel;
            return channel::close;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a ./jbang room serve (this process or another) serves the room now. */
    public synchronized boolean served() {
        if (serving != null) {
            return true;
        }
        if (!Files.exists(servingLock())) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(servingLock(), StandardOpenOption.WRITE)) {
            Optional<FileLock> lock = lock(channel);
            lock.ifPresent(RoomLedger::release);
            return lock.isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<FileLock> lock(FileChannel channel) throws IOException {
        try {
            return Optional.ofNullable(channel.tryLock());
        } catch (OverlappingFileLockException heldByThisProcess) {
            return Optional.empty();
        }
    }

    private static void release(FileLock lock) {
        try {
            lock.release();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Forgets every grade kept, for the next class; the learners' join codes stay. Refused while
     * the room is served: the server would go on showing and appending to what was forgotten.
     *
     * @return how many grades were forgotten
     */
    public synchronized int forget() {
        if (served()) {
            throw new WorkshopException("The room kept in " + folder + " is being served (./jbang room serve runs),"
                    + " so it cannot be emptied under it.", "stop the server (Ctrl-C in its terminal), then ./jbang room reset");
        }
        int forgotten = checks.size();
        try {
            Files.deleteIfExists(grades());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        checks.clear();
        ids.clear();
        return forgotten;
    }

    private Path learners() {
        return folder.resolve("learners.properties");
    }

    /** A new join code for the learner (one they had before no longer works). */
    public synchronized String addLearner(String name) {
        if (!LEARNER.matcher(name).matches()) {
            throw new WorkshopException("'" + name + "' is not a learner's name here: 1 to 20 lower-case letters,"
                    + " digits or _, starting with a letter.", "./jbang room code " + name.toLowerCase(java.util.Locale.ROOT)
                    .replaceAll("[^a-z0-9_]", "_").replaceAll("^[^a-z]+", ""));
        }
        byte[] secret = new byte[12];
        RANDOM.nextBytes(secret);
        String code = name + "-" + HexFormat.of().formatHex(secret);
        Properties learners = readLearners();
        learners.setProperty(name, hash(code));
        try (var out = Files.newBufferedWriter(learners(), StandardCharsets.UTF_8)) {
            learners.store(out, "Each learner's join code, hashed (SHA-256); ./jbang room code NAME gives a new one");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return code;
    }

    /** The learner a join code belongs to, or empty when it is none of this room's (read afresh: codes given while serving count). */
    public synchronized Optional<String> learner(String code) {
        var parts = CODE.matcher(code);
        if (!parts.matches()) {
            return Optional.empty();
        }
        String kept = readLearners().getProperty(parts.group(1));
        return kept != null && MessageDigest.isEqual(kept.getBytes(StandardCharsets.US_ASCII),
                hash(code).getBytes(StandardCharsets.US_ASCII)) ? Optional.of(parts.group(1)) : Optional.empty();
    }

    /**
     * Keeps a learner's grade (a check's .workshop/results/NN.json) under its id, on disk first. A
     * withheld grade is no result (nothing was measured), so the grid does not show it.
     */
    public synchronized Outcome record(String learner, String id, JsonNode grade, Instant now) {
        if (ids.contains(id)) {
            return Outcome.ALREADY_RECORDED;
        }
        Optional<CheckResult> result = GradeResults.of(grade);
        if (result.isEmpty()) {
            return Outcome.NOT_A_RESULT;
        }
        CheckResult r = result.get();
        Entry entry = new Entry(id, learner, now.toString(), r.lesson(), r.task().orElse(null), r.passed(), r.testsPassed(),
                r.testsFailed(), r.failedTest(), r.firstFailure());
        try (FileChannel file = FileChannel.open(grades(), StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.WRITE)) {
            file.write(ByteBuffer.wrap((JSON.writeValueAsString(entry) + "\n").getBytes(StandardCharsets.UTF_8)));
            file.force(true); // "recorded" is said only once a crash could not lose it
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        keep(entry);
        return Outcome.RECORDED;
    }

    private void keep(Entry entry) {
        if (ids.add(entry.id())) {
            checks.add(entry.check());
        }
    }

    /** Every check the room kept, oldest first. */
    public synchronized List<RecordedCheck> checks() {
        return List.copyOf(checks);
    }

    private Properties readLearners() {
        Properties learners = new Properties();
        if (Files.exists(learners())) {
            try (var in = Files.newBufferedReader(learners(), StandardCharsets.UTF_8)) {
                learners.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return learners;
    }

    private static String hash(String code) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(code.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JDK has SHA-256", e);
        }
    }
}
