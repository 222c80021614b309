///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../kit/src/build/java/**/*.java
//SOURCES ../testkit/src/main/java/**/*.java
//SOURCES ../runner/src/main/java/**/*.java
//SOURCES ../room-tools/src/main/java/workshop/room/*.java
// The fixtures the exercises it grades use; the others stay out, so editing one does not rebuild it.
//SOURCES ../fixtures/src/main/java/workshop/fixtures/concurrent/*.java
//SOURCES ../fixtures/src/main/java/workshop/fixtures/dining/*.java
//SOURCES ../fixtures/src/main/java/workshop/fixtures/h2/*.java
//SOURCES ../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN runner
//DESCRIPTION The learner's runner: progress, check, watch, hint, solution, reset; --completion for bash, zsh and PowerShell

/** Where you stand and what to do next; ./jbang check NN grades one lesson in seconds. */
class runner {
    public static void main(String... args) throws Exception {
        workshop.runner.LaunchFile.remember(workshop.kit.Workshop.stateDir());
        String[] rest = args.length == 0 ? args : java.util.Arrays.copyOfRange(args, 1, args.length);
        if (args.length > 0 && args[0].equals("--completion")) {
            workshop.runner.completion.Completions.main(rest);
        } else if (args.length > 0 && args[0].equals("--front")) {
            // ./jbang's words that are no command of the runner's: --help, COMMAND --help, a typo
            workshop.runner.completion.FrontDoor.main(rest);
        } else {
            workshop.runner.Runner.main(args);
        }
    }
}
