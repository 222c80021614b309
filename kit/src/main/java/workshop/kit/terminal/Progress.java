package workshop.kit.terminal;

import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar for loads and scans that take more than a moment. On a terminal it redraws in
 * place; when output goes to a file or a pipe (CI, a test log) it prints one line at the end.
 */
public final class Progress implements AutoCloseable {

    private final String task;
    private final ProgressBar bar;
    private final AtomicLong done = new AtomicLong();
    private final long started = System.nanoTime();

    private Progress(String task, ProgressBar bar) {
        this.task = task;
        this.bar = bar;
    }

    public static Progress of(String task, long total) {
        if (System.console() == null) {
            return new Progress(task, null);
        }
        return new Progress(task, new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .continuousUpdate()
                .build());
    }

    public void step() {
        stepBy(1);
    }

    public void stepBy(long n) {
        done.addAndGet(n);
        if (bar != null) {
            bar.stepBy(n);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        } else {
            System.err.printf("%s: %,d done in %.1f s%n", task, done.get(), (System.nanoTime() - started) / 1e9);
        }
    }
}
