package workshop.lesson08;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/** What the send tasks share: sends released at the same moment, and a channel read back through its pages. */
final class Sends {

    private Sends() {}

    /** Every message of the channel, through the pages (newest first). */
    static List<Message> everything(ChannelMessages messages, long channel) {
        List<Message> all = new ArrayList<>();
        Page page = messages.newest(channel, ChannelMessages.MAX_PAGE_SIZE);
        all.addAll(page.messages());
        while (page.next().isPresent()) {
            page = messages.older(channel, page.next().get(), ChannelMessages.MAX_PAGE_SIZE);
            all.addAll(page.messages());
        }
        return all;
    }

    /** Runs work(0..threads-1) on as many threads, released at the same moment, and returns their answers. */
    static <T> List<T> together(int threads, IntFunction<T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> running = IntStream.range(0, threads).mapToObj(t -> pool.submit(() -> {
                start.await();
                return work.apply(t);
            })).toList();
            start.countDown();
            List<T> answers = new ArrayList<>();
            for (Future<T> answer : running) {
                answers.add(answer.get());
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }
}
