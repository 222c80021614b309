package workshop.room;

import java.time.Instant;

/** A learner's latest drawing of their design, as the room lists it: which lesson's check drew it, and when. */
public record RoomDrawing(String learner, String lesson, Instant at) {

    /** Where the room's page serves it. */
    public String path() {
        return "/diagrams/" + learner + ".svg";
    }
}
