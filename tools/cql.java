///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//DESCRIPTION Run CQL statements on the workshop's cluster and print the rows: ./jbang tools/cql.java "SELECT ..."

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.terminal.Failures;

/** Each argument is one statement; rows print one a line, columns separated by " | ". */
class cql {
    public static void main(String... statements) {
        Failures.guard(() -> {
            try (CqlSession session = Cassandra.findOrStart().connect()) {
                for (String statement : statements) {
                    for (Row row : session.execute(statement)) {
                        StringBuilder line = new StringBuilder();
                        for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
                            line.append(i == 0 ? "" : " | ").append(row.getObject(i));
                        }
                        System.out.println(line);
                    }
                }
            }
        });
    }
}
