package workshop.lesson04c;

import java.util.List;

/** What the chat screen shows: the chat's title over its newest messages, newest first. Given. */
public record Page(String title, List<Message> messages) {}
