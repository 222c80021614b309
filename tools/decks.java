///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN decks
//DESCRIPTION Build the decks (reveal.js pages and PDFs) and the handout PDF into slides/target/slides, checked

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workshop.kit.Workshop;

/**
 * The instructor's one command for the day's material: renders every deck to a reveal.js page and
 * a PDF, and the handout (the cheat sheet and the design review) to a PDF, then checks them (each
 * page in headless Chromium where there is one; each PDF page read back as an image). Maven does
 * the work, through the repository's own wrapper; ./jbang decks 01,09 prints only those decks. (Not
 * ./jbang slides: jbang would run the slides/ folder of that name instead.)
 */
class decks {
    public static void main(String... args) throws Exception {
        if (args.length > 1 || (args.length == 1 && (args[0].startsWith("-") || !args[0].matches("[0-9a-z,]+")))) {
            System.out.println("./jbang decks            every deck as a page and a PDF, and the handout PDF");
            System.out.println("./jbang decks 01,09      the same, with the PDFs of those decks only");
            System.out.println("Output: slides/target/slides (copy the folder to present offline). Up to 10 minutes"
                    + " on two cores;");
            System.out.println("the first run fetches reveal.js with npm and the libraries from Maven Central.");
            System.exit(args.length == 1 && (args[0].equals("--help") || args[0].equals("-h")) ? 0 : 2);
        }
        Path root = Workshop.root();
        boolean windows = System.getProperty("os.name").startsWith("Windows");
        List<String> command = new ArrayList<>(List.of(root.resolve(windows ? "mvnw.cmd" : "mvnw").toString(),
                "-q", "-pl", "slides", "-am", "verify",
                // the slides module's tests render and check; the modules it builds on are tested by CI
                "-Dtest=SlideDecksTest,SlidePdfsTest", "-Dsurefire.failIfNoSpecifiedTests=false",
                "-Dslides.pdfs=" + (args.length == 1 ? args[0] : "all")));
        System.out.println("[slides] Rendering and checking the decks and the handout (a few minutes)...");
        Process maven = new ProcessBuilder(command).directory(root.toFile()).inheritIO().start();
        int status = maven.waitFor();
        Path out = root.relativize(root.resolve("slides/target/slides"));
        if (status != 0) {
            System.out.println("[slides] A check failed (above): the files in " + out + " are written but the failing"
                    + " deck needs a fix. Each PDF page is in slides/target/pdf-pages as an image.");
            System.exit(1);
        }
        System.out.println("[slides] Done: " + out + "/NN_name.html (open in a browser; S for the speaker view),"
                + " NN_name.pdf to print, handout.pdf.");
    }
}
