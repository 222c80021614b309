package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CostExpectations;
import workshop.testkit.ListExpectations;

/**
 * Two channels sent through the exercise's own send, for the paging tasks: what was sent (so a
 * page can be compared with the truth) and the checks every page must pass.
 */
final class PagedChannels {

    /** Small buckets and pages, so a hundred messages span several partitions (the lesson uses 100,000 and 50). */
    static final long BUCKET_SIZE = 25;
    /** Seq 1..80 and more as tests send: buckets 0 to 3. */
    static final long LONG_CHANNEL = 11;
    /** Seq 1..30: its newest page straddles buckets 1 and 0. No test adds to it. */
    static final long SHORT_CHANNEL = 12;
    static final int PAGE = 10;
    static final String ONE_PAGE_ONLY = "A page reads the rows it returns: seq < cursor in the cursor's bucket with LIMIT,"
            + " then the previous bucket only for the rows still missing (LIMIT size minus what you have).";
    static final String STRICTLY_BELOW = "newest first, strictly below the cursor's seq (seq < beforeSeq):"
            + " the cursor's own message was on the page before";

    final TracingSession session;
    final ChannelMessages messages;
    /** Every message sent, in the order the sends returned; a test's writer thread appends too. */
    private final List<Message> sent = Collections.synchronizedList(new ArrayList<>());

    private PagedChannels(TracingSession session, ChannelMessages messages) {
        this.session = session;
        this.messages = messages;
    }

    /** Creates the tables and sends 110 messages; while createTables or send fail, this fails with their error. */
    static PagedChannels load(TracingSession traced) {
        ChannelMessages fresh = new ChannelMessages(traced, BUCKET_SIZE);
        fresh.createTables();
        PagedChannels channels = new PagedChannels(traced, fresh);
        for (int i = 0; i < 110; i++) {
            channels.send(i < 60 && i % 2 == 1 ? SHORT_CHANNEL : LONG_CHANNEL);
        }
        return channels;
    }

    Message send(long channel) {
        long senderId = 1 + sent.size() % 5;
        String clientMsgId = "c" + channel + "-" + sent.size();
        String body = "message " + sent.size() + " of channel " + channel;
        Sent answer = messages.send(channel, senderId, clientMsgId, body);
        Message message = new Message(channel, answer.seq(), answer.messageId(), senderId, clientMsgId, body);
        sent.add(message);
        return message;
    }

    /** The seqs a channel's sends answered, in the order they returned. */
    List<Long> seqsInSendOrder(long channel) {
        synchronized (sent) {
            return sent.stream().filter(m -> m.channelId() == channel).map(Message::seq).toList();
        }
    }

    /** What the channel holds now, newest first. */
    List<Message> history(long channel) {
        synchronized (sent) {
            return sent.stream().filter(m -> m.channelId() == channel)
                    .sorted(Comparator.comparingLong(Message::seq).reversed()).toList();
        }
    }

    static List<Message> below(List<Message> history, long beforeSeq, int size) {
        return history.stream().filter(m -> m.seq() < beforeSeq).limit(size).toList();
    }

    static List<Long> seqs(List<Message> page) {
        return page.stream().map(Message::seq).toList();
    }

    /** older(seq < beforeSeq) of the long channel is exact and reads at most the page's rows in that many partitions. */
    void assertPage(long beforeSeq, int partitions) {
        Cursor cursor = new Cursor(LONG_CHANNEL, beforeSeq);
        Measured<Page> result = session.measure(() -> messages.older(LONG_CHANNEL, cursor, PAGE));
        ListExpectations.assertSameList("older(" + cursor + ", " + PAGE + ")", below(history(LONG_CHANNEL), beforeSeq, PAGE),
                result.value().messages(), STRICTLY_BELOW);
        CostExpectations.assertReadAtMost("older(" + cursor + ", " + PAGE + ")", result.cost(), partitions, PAGE, ONE_PAGE_ONLY);
    }

    /** Runs the call, expects an IllegalArgumentException, and checks no statement ran first. */
    IllegalArgumentException refusedBeforeReading(String call, Supplier<Page> work) {
        Measured<IllegalArgumentException> result = session.measure(() -> {
            try {
                Page page = work.get();
                fail(call + " should be refused with an IllegalArgumentException; it answered " + page.messages().size()
                        + " message(s)");
                return null;
            } catch (IllegalArgumentException refused) {
                return refused;
            }
        });
        assertNotNull(result.value());
        CostExpectations.assertNothingRan(call, result.cost());
        return result.value();
    }

    /** The channel's seqs count 1, 2, 3... in send order. */
    void assertSeqsCountFromOne(long channel) {
        List<Long> inSendOrder = seqsInSendOrder(channel);
        for (int i = 0; i < inSendOrder.size(); i++) {
            assertEquals(i + 1, inSendOrder.get(i), "channel " + channel + ": send number " + (i + 1)
                    + " got seq " + inSendOrder.get(i) + ". Seqs count from 1 in each channel, one per message"
                    + " (allocate them from channel_head, which keeps the channel's high-water seq).");
        }
    }
}
