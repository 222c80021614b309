package workshop.lesson06;

/** One row of a user's chat list: the chat, its newest message's id and a preview of it. Given. */
public record ChatListEntry(String chatId, long lastMessageId, String preview) {}
