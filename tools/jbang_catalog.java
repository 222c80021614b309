///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../kit/src/build/java/**/*.java
//MAIN jbang_catalog
//DESCRIPTION Rewrite jbang-catalog.json, the grading set-ups, the poms' lesson roots, the VS Code tasks and the agenda from the lesson list

/** After adding a lesson to workshop.kit.lessons.Lessons, run ./jbang generate. */
class jbang_catalog {
    public static void main(String... args) {
        workshop.kit.lessons.JbangCatalog.write();
        workshop.kit.lessons.GradingSetups.files().forEach(workshop.kit.lessons.GeneratedFile::write);
        workshop.kit.lessons.SourceRoots.files().forEach(workshop.kit.lessons.GeneratedFile::write);
        workshop.kit.lessons.EditorTasks.write();
        workshop.kit.lessons.Agenda.write();
        System.out.println("Wrote " + workshop.kit.lessons.JbangCatalog.file() + ", the grading set-ups ("
                + workshop.kit.lessons.GradingSetups.files().stream().map(workshop.kit.lessons.GeneratedFile::path).toList()
                + "), the lessons' source roots in " + workshop.kit.lessons.SourceRoots.files().stream()
                .map(workshop.kit.lessons.GeneratedFile::path).toList() + ", " + workshop.kit.lessons.EditorTasks.file() + " and " + workshop.kit.lessons.Agenda.file());
    }
}
