///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN catalogue
//DESCRIPTION Check a catalogue of access patterns against the store (--plan: its plans alone, no cluster): ./jbang catalogue [--plan] path/to/MyCatalogue.java

/** Runs the access-pattern checker on catalogue classes of your own (with no arguments: lesson 09's exercise). */
class catalogue {
    public static void main(String... args) {
        workshop.kit.tools.CatalogueTool.main(args);
    }
}
