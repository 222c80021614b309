///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN check
//DESCRIPTION Run one lesson's exercise tests: ./jbang check 01

/** Grades the code under exercises/ for one lesson. */
class check {
    public static void main(String... args) throws Exception {
        workshop.kit.tools.CheckTool.main(args);
    }
}
