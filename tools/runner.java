///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../kit/src/build/java/**/*.java
//SOURCES ../testkit/src/main/java/**/*.java
//SOURCES ../runner/src/main/java/**/*.java
//SOURCES ../room-tools/src/main/java/workshop/room/*.java
//MAIN runner
//DESCRIPTION The learner's runner: progress, check, watch, hint, solution, reset

/** Where you stand and what to do next; ./jbang check NN grades one lesson in seconds. */
class runner {
    public static void main(String... args) throws Exception {
        workshop.runner.Runner.main(args);
    }
}
