package workshop.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CsvRowTest {

    @Test
    void oneRowPerLearnerUnderAHeaderOfTheLessonsWithWithheldPartsNamed() {
        assertEquals("learner,score,max_score,lesson 01,lesson 06,withheld\n", CsvRow.header(Cards.mixed()));
        assertEquals("\"ana, the \"\"first\"\"\",10,14,10,0,\"Lesson 06, task 2\"\n", CsvRow.row(Cards.mixed()));
    }
}
