package workshop.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Optional;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.NonBlockingReader;
import workshop.kit.Poll;

/**
 * The keys `./jbang watch` answers between two saves: h a hint, r a re-run, q quit. At a terminal
 * the keys are read one at a time, unechoed (JLine's raw mode, put back on close; Ctrl-C still
 * stops); piped or in an IDE's console there are no keys, and watch only waits for saves.
 */
final class WatchKeys implements AutoCloseable {

    enum Key { HINT, RERUN, QUIT, STOPPED }

    private final Optional<Terminal> terminal;
    private final Optional<Attributes> saved;

    private WatchKeys(Optional<Terminal> terminal) {
        this.terminal = terminal;
        this.saved = terminal.map(Terminal::enterRawMode);
    }

    static WatchKeys open() {
        if (System.console() == null) {
            return new WatchKeys(Optional.empty());
        }
        try {
            Terminal system = TerminalBuilder.builder().system(true).dumb(false).build();
            return new WatchKeys(Optional.of(system));
        } catch (IOException | IllegalStateException noTerminal) {
            return new WatchKeys(Optional.empty());
        }
    }

    /** What the learner can press, for the waiting line. */
    String legend() {
        return terminal.isPresent() ? "h a hint, r re-run, q quit" : "Ctrl-C to stop";
    }

    /** The key pressed within the wait, if one of ours; STOPPED when the thread was interrupted. */
    Optional<Key> next(Duration wait) {
        if (terminal.isEmpty()) {
            return Poll.sleep(wait) ? Optional.empty() : Optional.of(Key.STOPPED);
        }
        try {
            NonBlockingReader reader = terminal.get().reader();
            return of(reader.read(wait.toMillis()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A character read (or -1 at the end of input, -2 for none) as a key of ours. */
    static Optional<Key> of(int read) {
        return switch (read) {
            case 'h', 'H' -> Optional.of(Key.HINT);
            case 'r', 'R' -> Optional.of(Key.RERUN);
            case 'q', 'Q', 4 -> Optional.of(Key.QUIT); // 4: Ctrl-D, as at a shell
            case -1 -> Optional.of(Key.QUIT);
            default -> Optional.empty();
        };
    }

    @Override
    public void close() {
        terminal.ifPresent(t -> {
            saved.ifPresent(t::setAttributes);
            try {
                t.close();
            } catch (IOException ignored) {
                // the terminal is going away with the command anyway
            }
        });
    }
}
