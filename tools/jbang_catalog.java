///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../kit/src/build/java/**/*.java
//MAIN jbang_catalog
//DESCRIPTION Rewrite jbang-catalog.json and the GitHub Classroom files from the lesson list

/** After adding a lesson to workshop.kit.lessons.Lessons, run ./jbang generate. */
class jbang_catalog {
    public static void main(String... args) {
        workshop.kit.lessons.JbangCatalog.write();
        workshop.kit.lessons.Classroom.write();
        workshop.kit.lessons.EditorTasks.write();
        System.out.println("Wrote " + workshop.kit.lessons.JbangCatalog.file() + ", " + workshop.kit.lessons.Classroom.autogradingFile()
                + ", " + workshop.kit.lessons.Classroom.workflowFile() + " and " + workshop.kit.lessons.EditorTasks.file());
    }
}
