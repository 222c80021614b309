///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN catalog
//DESCRIPTION Rewrite jbang-catalog.json from the lesson list in the kit

/** After adding a lesson to workshop.kit.lessons.Lessons, run ./jbang tools/catalog.java. */
class catalog {
    public static void main(String... args) {
        workshop.kit.lessons.Catalog.write();
        System.out.println("Wrote " + workshop.kit.lessons.Catalog.file());
    }
}
