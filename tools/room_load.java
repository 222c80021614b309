///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../room-tools/src/main/java/**/*.java
//MAIN room_load
//DESCRIPTION A room's load: N simulated learners grading lessons against one cluster, or one learner on a busy machine (run it through tools/room-load)

/** Simulated learners in one room; tools/room-load gives it a scratch folder and removes it afterwards. */
class room_load {
    public static void main(String... args) {
        workshop.room.load.RoomLoad.main(args);
    }
}
