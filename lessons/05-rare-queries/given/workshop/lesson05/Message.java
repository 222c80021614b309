package workshop.lesson05;

/** A chat message as the app sees it. Given: you do not need to change it. */
public record Message(String conversationId, long messageId, String senderId, String body) {}
