///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../kit/src/build/java/**/*.java
//SOURCES ../testkit/src/main/java/**/*.java
// The fixtures the exercises it grades use; the others stay out, so editing one does not rebuild it.
//SOURCES ../fixtures/src/main/java/workshop/fixtures/concurrent/*.java
//SOURCES ../fixtures/src/main/java/workshop/fixtures/dining/*.java
//SOURCES ../fixtures/src/main/java/workshop/fixtures/h2/*.java
//SOURCES ../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN room_load
//DESCRIPTION A room's load: N simulated learners grading lessons against one cluster (run it through tools/room-load)

/** Simulated learners in one room; tools/room-load gives it a scratch folder and removes it afterwards. */
class room_load {
    public static void main(String... args) {
        workshop.testkit.runner.RoomLoad.main(args);
    }
}
