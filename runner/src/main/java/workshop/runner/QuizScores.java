package workshop.runner;

import java.util.ArrayList;
import java.util.List;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/**
 * One line for the overview: the quiz scores so far and the next quiz to take. In the runner, beside
 * the {@link ProgressFile} that keeps the scores, so the overview needs nothing from the quiz package.
 */
public final class QuizScores {

    private QuizScores() {}

    public static String summary(ProgressFile progress) {
        List<String> scores = new ArrayList<>();
        String next = null;
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            var score = progress.quizScore(lesson.id());
            if (score.isPresent()) {
                scores.add(lesson.number() + ":" + score.get());
            } else if (next == null) {
                next = lesson.number();
            }
        }
        String taken = scores.isEmpty() ? "none yet" : String.join(" ", scores);
        return "Quizzes: " + taken + (next == null ? "." : "; next: ./jbang quiz " + next);
    }
}
