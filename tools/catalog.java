///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN catalog
//DESCRIPTION Rewrite jbang-catalog.json and the GitHub Classroom files from the lesson list

/** After adding a lesson to workshop.kit.lessons.Lessons, run ./jbang tools/catalog.java. */
class catalog {
    public static void main(String... args) {
        workshop.kit.lessons.Catalog.write();
        workshop.kit.lessons.Classroom.write();
        System.out.println("Wrote " + workshop.kit.lessons.Catalog.file() + ", " + workshop.kit.lessons.Classroom.autogradingFile()
                + " and " + workshop.kit.lessons.Classroom.workflowFile());
    }
}
