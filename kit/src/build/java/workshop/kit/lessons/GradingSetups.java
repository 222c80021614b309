package workshop.kit.lessons;

import java.util.ArrayList;
import java.util.List;

/** Every ready-made grading set-up, generated from the lesson list: Classroom 50, Gradescope, a plain workflow. */
public final class GradingSetups {

    private GradingSetups() {}

    public static List<GeneratedFile> files() {
        List<GeneratedFile> files = new ArrayList<>(Classroom50.files());
        files.addAll(Gradescope.files());
        files.add(GradeWorkflow.file());
        return files;
    }
}
