package workshop.lesson02;

/** A chat message as the app sees it. Given: you do not need to change it. */
public record Message(String conversationId, long messageId, String body) {}
