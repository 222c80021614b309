package workshop.lesson08;

/** What a send answers: the seq and the message id the message was stored under. Given. */
public record Sent(long seq, long messageId) {}
