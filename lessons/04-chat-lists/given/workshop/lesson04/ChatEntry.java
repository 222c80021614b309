package workshop.lesson04;

import java.time.Instant;

/** One line of a user's chat list: a chat and when its newest message was sent. Given: you do not need to change it. */
public record ChatEntry(String conversationId, Instant lastMessageAt) {}
