package workshop.kit.concurrent;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Wall-clock timings that a busy machine distorts least: the kinds of work run in turn, sample by
 * sample, so a busy moment slows all of them alike, and each is summed up by its median. Even so
 * only their ratio means anything, and only roughly; a lesson's story rests on counts.
 */
public final class SideBySide {

    private SideBySide() {}

    /** The median milliseconds of each kind; sample i of every kind runs before sample i + 1 of any. */
    public static double[] medianMillis(int samples, List<IntConsumer> kinds) {
        if (samples < 1) {
            throw new IllegalArgumentException("at least one sample, got " + samples);
        }
        double[][] millis = new double[kinds.size()][samples];
        for (int i = 0; i < samples; i++) {
            for (int k = 0; k < kinds.size(); k++) {
                long started = System.nanoTime();
                kinds.get(k).accept(i);
                millis[k][i] = (System.nanoTime() - started) / 1e6;
            }
        }
        double[] medians = new double[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            Arrays.sort(millis[k]);
            medians[k] = millis[k][samples / 2];
        }
        return medians;
    }
}
