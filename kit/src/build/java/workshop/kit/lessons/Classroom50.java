package workshop.kit.lessons;

import java.util.List;
import java.util.stream.Collectors;
import workshop.kit.dynamo.MotoInstall;

/**
 * Classroom 50's assignment files: an autograder.py (the teacher copies it to
 * CLASSROOM/autograders/ASSIGNMENT/autograder.py) that grades the student's checkout with
 * ./jbang grade and hands Classroom 50 the result.json its contract asks for, and the
 * assignment's runtime block (Java 17 and Python for moto on a hosted runner).
 */
public final class Classroom50 {

    public static final String AUTOGRADER = "autograding/classroom50/autograder.py";
    public static final String RUNTIME = "autograding/classroom50/runtime.json";

    private Classroom50() {}

    public static List<GeneratedFile> files() {
        return List.of(autograder(), runtime());
    }

    static GeneratedFile runtime() {
        return new GeneratedFile(RUNTIME, """
                {
                  "runs-on": "ubuntu-latest",
                  "java": "17",
                  "python": "3.12"
                }
                """, false);
    }

    static GeneratedFile autograder() {
        String lessons = GradedPart.gradedLessons().stream().map(l -> "\"" + l.number() + "\"")
                .collect(Collectors.joining(", "));
        String python = String.format("""
                # %s
                \"\"\"Classroom 50 autograder for the workshop (docs/classroom.md).

                Classroom 50 runs it in the student's checkout. It starts the stores the checks use, grades
                every lesson with ./jbang grade and copies the grade's result.json (schema classroom50/result/v1)
                to the working directory, with the grade's summary as the release body. It exits 0 once it
                graded, whatever the score; it exits 1 when the stores could not start, which Classroom 50
                reports as an error, not as the student's 0.
                \"\"\"
                import os
                import shutil
                import subprocess
                import sys
                from pathlib import Path

                # The lessons this assignment grades: every lesson with an exercise; trim it for fewer.
                LESSONS = [%s]
                GRADES = Path(".workshop/grades")

                env = dict(os.environ)
                # The submission instant of the contract: the graded commit's committer date, in UTC.
                committed = subprocess.run(["git", "log", "-1", "--format=%%cd", "--date=iso-strict-local"],
                                           capture_output=True, text=True, env={**env, "TZ": "UTC"}).stdout.strip()
                if committed:
                    env["SUBMITTED_AT"] = committed.replace("+00:00", "Z")


                def run(command):
                    print("$ " + command, flush=True)
                    return subprocess.run(command, shell=True, env=env).returncode


                run("[ -x .workshop/python/bin/moto_server ] || { %s; }")
                if run("./jbang up") != 0:
                    print("::error::The local Cassandra cluster did not start: no grade. Rerun the submission.")
                    sys.exit(1)
                run("./jbang grade " + " ".join(LESSONS) + " --out " + str(GRADES) + " --learner \\"$OWNER\\"")
                run("./jbang down")
                result = GRADES / "classroom50-result.json"
                if not result.is_file():
                    print("::error::The grade wrote no result: see the output above.")
                    sys.exit(1)
                shutil.copyfile(result, "result.json")
                shutil.copyfile(GRADES / "summary.md", "release-body.md")
                """, GeneratedFile.HEADER, lessons, MotoInstall.shellCommand().replace("\"", "\\\""));
        return new GeneratedFile(AUTOGRADER, python, false);
    }
}
