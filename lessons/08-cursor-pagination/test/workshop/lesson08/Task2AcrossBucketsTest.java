package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static workshop.lesson08.PagedChannels.LONG_CHANNEL;
import static workshop.lesson08.PagedChannels.ONE_PAGE_ONLY;
import static workshop.lesson08.PagedChannels.PAGE;
import static workshop.lesson08.PagedChannels.SHORT_CHANNEL;
import static workshop.lesson08.PagedChannels.STRICTLY_BELOW;
import static workshop.lesson08.PagedChannels.below;
import static workshop.lesson08.PagedChannels.seqs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import workshop.kit.cost.Measured;
import workshop.testkit.CostExpectations;
import workshop.testkit.ListExpectations;

/** Task 2: pages that cross bucket boundaries, stable while messages arrive, and a last page that says so. */
@Tag("task-2")
class Task2AcrossBucketsTest extends PagingTask {

    @Test
    @DisplayName("a page that crosses a bucket boundary reads two partitions and still only the page's rows")
    void pageAcrossBuckets() {
        channels.assertPage(55, 2); // 54..50 in bucket 2, 49..45 in bucket 1
    }

    @Test
    @DisplayName("the newest page of a channel early in a bucket: channel_head, then two buckets, only the page's rows")
    void newestPageAcrossBuckets() {
        Measured<Page> result = channels.session.measure(() -> channels.messages.newest(SHORT_CHANNEL, PAGE));
        assertEquals(channels.history(SHORT_CHANNEL).subList(0, PAGE), result.value().messages());
        CostExpectations.assertReadAtMost("newest(" + SHORT_CHANNEL + ", " + PAGE + ")", result.cost(), 3, PAGE + 1,
                "The newest page reads the channel's head row (1 row) to find the current bucket, then at most the"
                        + " page's rows from that bucket and the one before it (LIMIT what the page still needs).");
    }

    @Test
    @DisplayName("the last page: fewer messages than asked, or exactly as many, and no next cursor either way")
    void lastPage() {
        List<Message> history = channels.history(SHORT_CHANNEL);
        Measured<Page> shortPage = channels.session.measure(
                () -> channels.messages.older(SHORT_CHANNEL, new Cursor(SHORT_CHANNEL, 8), PAGE));
        ListExpectations.assertSameList("older(seq < 8, " + PAGE + ")", below(history, 8, PAGE), shortPage.value().messages(),
                STRICTLY_BELOW);
        assertEquals(Optional.empty(), shortPage.value().next(), "older(seq < 8) holds seq 7..1 and nothing comes after it");
        CostExpectations.assertReadAtMost("older(seq < 8, " + PAGE + ")", shortPage.cost(), 1, 7,
                "Bucket 0 is the oldest there is: stop there.");
        Page fullPage = channels.messages.older(SHORT_CHANNEL, new Cursor(SHORT_CHANNEL, PAGE + 1), PAGE);
        assertEquals(new Page(below(history, PAGE + 1, PAGE), Optional.empty()), fullPage,
                "older(seq < " + (PAGE + 1) + ") holds seq " + PAGE + "..1: a full page, yet nothing is older, so there is"
                        + " no next cursor");
    }

    @Test
    @DisplayName("scrolling back through four buckets while messages arrive: every page exact, every message once")
    void scrollBackWhileMessagesArrive() {
        List<Message> before = channels.history(LONG_CHANNEL);
        Page page = channels.messages.newest(LONG_CHANNEL, PAGE);
        assertEquals(before.subList(0, PAGE), page.messages(), "the newest page");
        List<Message> shown = new ArrayList<>(page.messages());
        while (page.next().isPresent()) {
            for (int i = 0; i < 3; i++) {
                channels.send(LONG_CHANNEL); // they land above the reader: its next page must not move
            }
            Cursor cursor = page.next().get();
            Measured<Page> measured = channels.session.measure(() -> channels.messages.older(LONG_CHANNEL, cursor, PAGE));
            Page current = measured.value();
            ListExpectations.assertSameList("older(" + cursor + ", " + PAGE + ") after 3 new messages arrived",
                    below(before, cursor.beforeSeq(), PAGE), current.messages(), STRICTLY_BELOW);
            CostExpectations.assertReadAtMost("older(" + cursor + ", " + PAGE + ")", measured.cost(), 2, PAGE, ONE_PAGE_ONLY);
            shown.addAll(current.messages());
            page = current;
        }
        assertEquals(seqs(before), seqs(shown), "scrolling to the end shows every message that existed, each once, in order");
    }

    @Test
    @DisplayName("a writer sends while a reader pages back in another thread: the pages do not move")
    void concurrentWriter() throws Exception {
        Page first = channels.messages.newest(LONG_CHANNEL, 8);
        List<Message> before = channels.history(LONG_CHANNEL);
        assertEquals(before.subList(0, 8), first.messages(), "the newest page");
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 15; i++) {
                channels.send(LONG_CHANNEL);
            }
        });
        List<Message> shown = new ArrayList<>(first.messages());
        Page page = first;
        while (page.next().isPresent()) {
            Cursor cursor = page.next().get();
            page = channels.messages.older(LONG_CHANNEL, cursor, 8);
            assertEquals(below(before, cursor.beforeSeq(), 8), page.messages(), "older(" + cursor + ", 8) while a writer sends");
            shown.addAll(page.messages());
        }
        writer.get();
        assertEquals(seqs(before), seqs(shown), "every message that existed when the reader started, each once, in order");
    }

    @Test
    @DisplayName("a cursor below seq 1 is refused; one far past the newest message costs one partition, not a walk")
    void forgedCursors() {
        for (long seq : new long[] {0, -5}) {
            channels.refusedBeforeReading("older(" + LONG_CHANNEL + ", seq < " + seq + ", " + PAGE + ")",
                    () -> channels.messages.older(LONG_CHANNEL, new Cursor(LONG_CHANNEL, seq), PAGE));
        }
        Cursor farAhead = new Cursor(LONG_CHANNEL, 1_000_000_000_000L);
        Measured<Optional<Page>> result = channels.session.measure(() -> {
            try {
                return Optional.of(channels.messages.older(LONG_CHANNEL, farAhead, PAGE));
            } catch (IllegalArgumentException refused) {
                return Optional.empty();
            }
        });
        result.value().ifPresent(page -> assertEquals(new Page(List.of(), Optional.empty()), page,
                "no message lies just below " + farAhead.beforeSeq()));
        CostExpectations.assertReadAtMost("older(" + farAhead + ", " + PAGE + ")", result.cost(), 2, 1,
                "Seqs are dense: a bucket with nothing below the cursor means there is nothing to find (or check the"
                        + " cursor against channel_head and refuse it). Walking back through billions of empty buckets is a scan.");
    }
}
