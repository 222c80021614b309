package workshop.lesson06;

/**
 * A message in a channel. Both ids are snowflakes (workshop.fixtures.ids.Snowflake): the channel's id
 * tells when the channel was created, the message's id when it was sent. Given.
 */
public record ChannelMessage(long channelId, long messageId, String authorId, String body) {}
