package workshop.kit.chat;

/** A chat message as the app stores it; the message id is a time-ordered (Snowflake) id. */
public record Message(String conversationId, long messageId, String senderId, String body) {}
