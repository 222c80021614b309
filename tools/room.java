///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../room-tools/src/main/java/workshop/room/*.java
//MAIN room
//DESCRIPTION The instructor's live grid of a room: ./jbang room, or ./jbang room --serve for a web page

/** Who is where in the room WORKSHOP_ROOM names, and who is stuck. */
class room {
    public static void main(String... args) {
        workshop.room.RoomTool.main(args);
    }
}
