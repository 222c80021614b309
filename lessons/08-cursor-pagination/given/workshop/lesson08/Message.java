package workshop.lesson08;

/**
 * A chat message as the app sees it. Given: you do not need to change it.
 *
 * @param seq         its number inside the channel: 1 for the first message, then 2, 3...
 * @param messageId   its global identity (a time-ordered Snowflake id)
 * @param clientMsgId the id the sending app chose, so a retried send can be recognised
 */
public record Message(long channelId, long seq, long messageId, long senderId, String clientMsgId, String body) {}
