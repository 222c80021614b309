package workshop.lesson06;

import java.util.List;

/** One page of a channel's messages, newest first; next is null when there is nothing older. Given. */
public record MessagePage(List<ChannelMessage> messages, PageCursor next) {}
