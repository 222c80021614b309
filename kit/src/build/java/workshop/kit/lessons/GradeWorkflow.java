package workshop.kit.lessons;

import java.util.stream.Collectors;
import workshop.kit.Versions;
import workshop.kit.dynamo.MotoInstall;

/**
 * A plain GitHub Actions workflow for a learner's repository, no grading service needed: a push
 * grades only the lessons whose exercise it changed (every lesson on the weekly schedule or when
 * run by hand), with the libraries, jbang and moto cached between runs. Whatever fails before,
 * the grade's summary and its reports always reach the run's page and its artifact.
 */
public final class GradeWorkflow {

    // Actions pinned by commit (a tag can be moved; a commit cannot), with the tag it had.
    static final String CHECKOUT = "actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0";
    static final String SETUP_JAVA = "actions/setup-java@cf277c60eb25467037889841efdb72551f06f6c3 # v4.9.1";
    static final String CACHE = "actions/cache@0057852bfaa89a56745cba8c7296529d2fc39830 # v4";
    static final String UPLOAD = "actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2";

    public static final String PATH = ".github/workflows/grade.yml";

    private GradeWorkflow() {}

    /** A shell case that prints the lesson a changed file belongs to, or "all" for what every check builds on. */
    static String lessonOfFile() {
        String lessons = GradedPart.gradedLessons().stream()
                .map(l -> String.format("            %1$s/src/*|%1$s/given/*|%1$s/test/*) echo %2$s ;;",
                        l.folder(), l.number()))
                .collect(Collectors.joining("\n"));
        return "          lesson_of() {\n            case \"$1\" in\n" + lessons + "\n"
                + "            exercises/pom.xml|exercises/src/*|kit/*|testkit/*|runner/*|fixtures/*|pom.xml) echo all ;;\n"
                + "            esac\n          }\n";
    }

    public static GeneratedFile file() {
        String yaml = String.format("""
                # %s
                # Grades this repository's exercises on every push (only the lessons the push changed), every
                # Monday and on demand (all lessons): docs/classroom.md.
                name: Grade
                'on':
                  push:
                  schedule:
                  - cron: '0 5 * * 1'
                  workflow_dispatch:
                    inputs:
                      lessons:
                        description: Lessons to grade, such as 01 06 (all when empty)
                        required: false
                permissions:
                  contents: read
                jobs:
                  grade:
                    runs-on: ubuntu-latest
                    timeout-minutes: 90
                    steps:
                    - name: Checkout code
                      uses: %s
                      with:
                        fetch-depth: 0
                    - name: Java 17, with the Maven libraries of the last run
                      uses: %s
                      with:
                        distribution: temurin
                        java-version: '17'
                        cache: maven
                    - name: jbang and moto as the last run left them
                      uses: %s
                      with:
                        path: |
                          ~/.jbang
                          .workshop/python
                        key: workshop-${{ runner.os }}-${{ hashFiles('kit/src/main/java/workshop/kit/Versions.java', 'jbang') }}
                    - name: The lessons to grade
                      id: lessons
                      env:
                        EVENT: ${{ github.event_name }}
                        BEFORE: ${{ github.event.before }}
                        ASKED: ${{ inputs.lessons }}
                      run: |
                %s          if [ "$EVENT" = push ] && git cat-file -e "$BEFORE^{commit}" 2>/dev/null; then
                            lessons=$(git diff --name-only "$BEFORE" "$GITHUB_SHA" | while read -r f; do lesson_of "$f"; done | sort -u)
                            case "$lessons" in *all*) lessons=all ;; esac
                          else
                            lessons=${ASKED:-all}
                          fi
                          echo "lessons=$(echo $lessons)" >> "$GITHUB_OUTPUT"
                    - name: moto %s, the DynamoDB emulator the DynamoDB lessons use
                      if: steps.lessons.outputs.lessons != ''
                      run: '[ -x .workshop/python/bin/moto_server ] || { %s; }'
                    - name: Start the local Cassandra cluster once for every lesson
                      if: steps.lessons.outputs.lessons != ''
                      run: ./jbang up
                    - name: Grade
                      if: steps.lessons.outputs.lessons != ''
                      env:
                        LESSONS: ${{ steps.lessons.outputs.lessons }}
                      run: ./jbang grade $([ "$LESSONS" = all ] || echo "$LESSONS") --learner "$GITHUB_ACTOR"
                    - name: The grade in the run's summary
                      if: always()
                      env:
                        LESSONS: ${{ steps.lessons.outputs.lessons }}
                      run: |
                        if [ -f .workshop/grades/summary.md ]; then cat .workshop/grades/summary.md
                        elif [ -z "$LESSONS" ]; then echo "No exercise changed in this push: nothing to grade."
                        else echo "No grade: a step before the grade failed (see it above). Push again, or run this workflow by hand."
                        fi >> "$GITHUB_STEP_SUMMARY"
                    - name: The reports as an artifact (JUnit XML, Gradescope, Classroom 50, CSV)
                      if: always()
                      uses: %s
                      with:
                        name: grades
                        path: .workshop/grades/
                        if-no-files-found: ignore
                    - name: Stop the stores
                      if: always()
                      run: ./jbang down
                """, GeneratedFile.HEADER, CHECKOUT, SETUP_JAVA, CACHE, lessonOfFile(), Versions.MOTO,
                MotoInstall.shellCommand().replace("'", "''"), UPLOAD);
        return new GeneratedFile(PATH, yaml, false);
    }
}
