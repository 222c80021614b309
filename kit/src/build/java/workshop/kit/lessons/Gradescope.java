package workshop.kit.lessons;

import java.util.List;
import java.util.stream.Collectors;
import workshop.kit.Versions;

/**
 * Gradescope's autograder: setup.sh (run once, as root, when Gradescope builds the image) installs
 * Java and Python and fetches everything the grade needs with the offline kit; run_autograder
 * (run for every submission) lays the submission's exercise files over a clean copy of the
 * workshop, starts one node sized for Gradescope's memory, grades, and writes
 * results/results.json. tools/gradescope-zip packs both with the workshop into the zip to upload.
 * AUTOGRADER_ROOT re-roots /autograder, so a test runs it as Gradescope would, in a scratch folder.
 */
public final class Gradescope {

    public static final String SETUP = "autograding/gradescope/setup.sh";
    public static final String RUN = "autograding/gradescope/run_autograder";
    /** The node's heap: with the test JVM and moto, the grade fits in a 2 GB autograder. */
    static final int NODE_HEAP_MB = 512;

    private Gradescope() {}

    public static List<GeneratedFile> files() {
        return List.of(setup(), runAutograder());
    }

    static GeneratedFile setup() {
        return new GeneratedFile(SETUP, String.format("""
                #!/usr/bin/env bash
                # %s
                # Gradescope runs this once, as root, when it builds the autograder's image: Java 17, Python 3
                # for moto, then everything the grade needs (jbang, the libraries, Cassandra %s, moto %s),
                # so grading a submission needs no download.
                set -euo pipefail
                apt-get update -q
                DEBIAN_FRONTEND=noninteractive apt-get install -y -q openjdk-17-jdk-headless python3 python3-venv git
                cd /autograder/source/workshop
                tools/prefetch
                # One start and stop with the grading's heap makes the node's class archive (./jbang down
                # keeps it); each submission's copy of the workshop reuses it, so its node starts faster.
                WORKSHOP_NODE_HEAP_MB=%d ./jbang up --nodes 1 && ./jbang down
                """, GeneratedFile.HEADER, Versions.CASSANDRA, Versions.MOTO, NODE_HEAP_MB), true);
    }

    static GeneratedFile runAutograder() {
        String lessons = GradedPart.gradedLessons().stream().map(Lesson::number).collect(Collectors.joining(" "));
        return new GeneratedFile(RUN, String.format("""
                #!/usr/bin/env bash
                # %1$s
                # Gradescope runs this for every submission. The submission may be the whole repository, its
                # lessons folder, or the exercise files alone: each exercise file of the workshop is taken
                # from it by its path, its package path, or its name when only one file has that name.
                set -uo pipefail
                root=${AUTOGRADER_ROOT:-/autograder}
                source="$root/source/workshop"
                submission="$root/submission"
                results="$root/results"
                work="$root/work"
                # The lessons graded: those the zip was built for (tools/gradescope-zip NN ...), else these.
                lessons=$(cat "$root/source/lessons" 2>/dev/null || echo "%2$s")

                rm -rf "$work" && cp -a "$source" "$work"
                mkdir -p "$results"
                cd "$work"
                # The learner's files: each lesson's stubs (lessons/NN-id/src) and the bonus's.
                find lessons/*/src exercises/src/main/java -name '*.java' | while read -r file; do
                  # Never a reference solution or a graded corpus a whole repository carries.
                  candidates() { (cd "$submission" && find . -type f "$@" -not -path '*/solutions/*' -not -path '*/.meta/*' -not -path '*/grading/*'); }
                  found=$(candidates -path "*/$file")
                  [ -n "$found" ] || found=$(candidates -path "*/workshop/${file#*/workshop/}")
                  [ -n "$found" ] || found=$(candidates -name "$(basename "$file")")
                  [ "$(printf '%%s\\n' "$found" | grep -c .)" = 1 ] || found=""
                  if [ -n "$found" ]; then
                    cp "$submission/$found" "$file" && echo "Graded from the submission: $file"
                  fi
                done

                # One node, its heap sized so the node, the test JVM and moto fit Gradescope's memory.
                export WORKSHOP_NODES=1 WORKSHOP_NODE_HEAP_MB=${WORKSHOP_NODE_HEAP_MB:-%3$d}
                if ./jbang up --nodes 1; then
                  # shellcheck disable=SC2086 # one word per lesson
                  ./jbang grade $lessons --out "$work/.workshop/grades" --learner "${GRADESCOPE_LEARNER:-submission}"
                fi
                ./jbang down >/dev/null 2>&1
                # No results.json when the grade did not run: Gradescope then shows the run failed, never a 0.
                cp "$work/.workshop/grades/gradescope-results.json" "$results/results.json"
                """, GeneratedFile.HEADER, lessons, NODE_HEAP_MB), true);
    }
}
