package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.lessons.Lessons;
import workshop.runner.Grade.FailureGrade;
import workshop.runner.Grade.TaskGrade;
import workshop.runner.report.PartResult;
import workshop.runner.report.PartResult.Outcome;
import workshop.runner.report.Scorecard;

class ScorecardsTest {

    @Test
    void anExerciseInTasksScoresTaskByTaskAndATaskNotMeasuredIsWithheld() {
        int tasks = Lessons.require("06").tasks(workshop.kit.Workshop.root()).size();
        FailureGrade wrong = new FailureGrade(Kind.ANSWER, 2, "pages()", "Task2Test", "49 rows, 50 expected");
        FailureGrade unmeasured = new FailureGrade(Kind.UNMEASURED, 3, "move()", "Task3Test", "the trace was incomplete");
        List<TaskGrade> taskGrades = new java.util.ArrayList<>(List.of(
                new TaskGrade(1, "t1", LessonState.PASSED, null),
                new TaskGrade(2, "t2", LessonState.FAILING, wrong),
                new TaskGrade(3, "t3", LessonState.FAILING, unmeasured)));
        Grade grade = new Grade("06", "06", Grade.Status.FAILED, 4, 2, 3.0, "2026-12-06T08:00:00Z", taskGrades,
                List.of(wrong, unmeasured), List.of(), List.of(), null);

        Scorecard card = Scorecards.of("ana", List.of(grade));

        assertEquals(tasks, card.parts().size());
        assertEquals(List.of(Outcome.PASSED, Outcome.FAILED, Outcome.WITHHELD),
                card.parts().subList(0, 3).stream().map(PartResult::outcome).toList());
        assertEquals(10, card.maxScore());
        assertEquals(card.parts().get(0).maxPoints(), card.score());
    }

    @Test
    void codeThatDoesNotCompileFailsEveryPartWithTheError() {
        Grade grade = new Grade("01", "01", Grade.Status.DOES_NOT_COMPILE, 0, 0, 1.0, "2026-12-06T08:00:00Z", List.of(),
                List.of(), List.of("ConversationMessages.java:3: error: ';' expected"), List.of(), null);
        PartResult part = Scorecards.of("ana", List.of(grade)).parts().get(0);
        assertEquals(Outcome.FAILED, part.outcome());
        assertEquals("Does not compile:\nConversationMessages.java:3: error: ';' expected", part.output());
    }
}
