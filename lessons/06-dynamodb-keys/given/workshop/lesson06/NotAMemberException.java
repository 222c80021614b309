package workshop.lesson06;

/** Thrown when someone who is not a member of a chat tries to send to it. Given. */
public class NotAMemberException extends RuntimeException {

    public NotAMemberException(String userId, String chatId) {
        super(userId + " is not a member of chat " + chatId);
    }
}
