package workshop.lesson08;

/**
 * Where the next page of a channel's history starts: the messages with a seq below beforeSeq.
 * A page hands one out; the app sends it back to ask for the following page. Given.
 */
public record Cursor(long channelId, long beforeSeq) {}
