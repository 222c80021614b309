///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
// The runner's grade command, compiled with the quiz, reads the grading set-ups of the kit's build sources.
//SOURCES ../kit/src/build/java/**/*.java
//SOURCES ../testkit/src/main/java/**/*.java
//SOURCES ../runner/src/main/java/**/*.java
//SOURCES ../room-tools/src/main/java/workshop/room/*.java
//MAIN quiz
//DESCRIPTION Check yourself: a few questions on one lesson, each answer explained

/** ./jbang quiz 01 asks lesson 01's questions; answers may also come from a pipe or a file. */
class quiz {
    public static void main(String... args) throws Exception {
        workshop.runner.quiz.QuizPlayer.main(args);
    }
}
