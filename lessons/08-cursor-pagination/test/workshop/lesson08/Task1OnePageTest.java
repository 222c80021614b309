package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workshop.lesson08.PagedChannels.LONG_CHANNEL;
import static workshop.lesson08.PagedChannels.PAGE;
import static workshop.lesson08.PagedChannels.SHORT_CHANNEL;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import workshop.kit.cost.Measured;
import workshop.testkit.CostExpectations;

/** Task 1: messages numbered per channel, and a page that stays inside one partition. */
@Tag("task-1")
class Task1OnePageTest extends PagingTask {

    @Test
    @DisplayName("each channel numbers its messages 1, 2, 3... in the order they were sent")
    void seqsCountFromOne() {
        channels.assertSeqsCountFromOne(LONG_CHANNEL);
        channels.assertSeqsCountFromOne(SHORT_CHANNEL);
    }

    @Test
    @DisplayName("the newest page: the newest messages, newest first, and a cursor below the last one")
    void newestPage() {
        List<Message> history = channels.history(LONG_CHANNEL);
        Page page = channels.messages.newest(LONG_CHANNEL, PAGE);
        assertEquals(history.subList(0, PAGE), page.messages());
        assertEquals(Optional.of(new Cursor(LONG_CHANNEL, history.get(PAGE - 1).seq())), page.next(),
                "the next cursor continues below the oldest message of this page");
    }

    @Test
    @DisplayName("a page inside one bucket reads one partition and only its own rows")
    void pageInsideOneBucket() {
        channels.assertPage(45, 1); // 44..35, all in bucket 1
    }

    @Test
    @DisplayName("a channel with no messages: an empty page, no cursor, one head row looked up")
    void emptyChannel() {
        Measured<Page> result = channels.session.measure(() -> channels.messages.newest(999, PAGE));
        assertEquals(new Page(List.of(), Optional.empty()), result.value());
        CostExpectations.assertReadAtMost("newest(999, " + PAGE + ")", result.cost(), 1, 0,
                "channel_head has no row for this channel, so there is no bucket to read.");
    }

    @Test
    @DisplayName("a cursor from another channel is refused with a clear error, before anything is read")
    void cursorOfAnotherChannel() {
        Cursor foreign = new Cursor(SHORT_CHANNEL, 20);
        IllegalArgumentException refused = channels.refusedBeforeReading("older(" + LONG_CHANNEL + ", " + foreign + ", "
                + PAGE + ")", () -> channels.messages.older(LONG_CHANNEL, foreign, PAGE));
        assertTrue(refused.getMessage() != null && refused.getMessage().contains(Long.toString(SHORT_CHANNEL)),
                "say which channel the cursor belongs to; the message was: " + refused.getMessage());
    }

    @Test
    @DisplayName("a page size below 1 or above 100 is refused with a clear error, before anything is read")
    void badPageSizes() {
        Cursor cursor = new Cursor(LONG_CHANNEL, 40);
        for (int size : new int[] {0, -1, 101, Integer.MAX_VALUE}) {
            IllegalArgumentException newest = channels.refusedBeforeReading("newest(" + LONG_CHANNEL + ", " + size + ")",
                    () -> channels.messages.newest(LONG_CHANNEL, size));
            IllegalArgumentException older = channels.refusedBeforeReading("older(" + LONG_CHANNEL + ", " + cursor + ", "
                    + size + ")", () -> channels.messages.older(LONG_CHANNEL, cursor, size));
            for (IllegalArgumentException refused : List.of(newest, older)) {
                assertTrue(refused.getMessage() != null && refused.getMessage().contains(Integer.toString(size)),
                        "say which size was asked for (" + size + "); the message was: " + refused.getMessage());
            }
        }
    }
}
