package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import workshop.kit.Workshop;

/**
 * VS Code's tasks (run a lesson, check, watch, a hint), generated from the lesson list so their
 * pick lists never miss a lesson; IntelliJ's shared run configurations in .run/ need no list.
 */
public final class EditorTasks {

    private EditorTasks() {}

    public static Path file() {
        return Workshop.root().resolve(".vscode/tasks.json");
    }

    public static String render() {
        return String.format("""
                {
                  "version": "2.0.0",
                  "inputs": [
                    { "id": "lesson", "type": "pickString", "description": "Lesson", "default": "01",
                      "options": [%s] },
                    { "id": "exercise", "type": "pickString", "description": "Exercise", "default": "01",
                      "options": [%s] }
                  ],
                  "tasks": [
                    { "label": "workshop: where I stand", "type": "shell", "command": "./jbang workshop", "problemMatcher": [] },
                    { "label": "workshop: run a lesson", "type": "shell", "command": "./jbang lesson${input:lesson}",
                      "problemMatcher": [] },
                    { "label": "workshop: check an exercise", "type": "shell", "command": "./jbang check ${input:exercise}",
                      "group": { "kind": "test", "isDefault": true }, "problemMatcher": [] },
                    { "label": "workshop: watch an exercise", "type": "shell", "command": "./jbang watch ${input:exercise}",
                      "isBackground": true, "problemMatcher": [] },
                    { "label": "workshop: a hint", "type": "shell", "command": "./jbang hint ${input:exercise}", "problemMatcher": [] },
                    { "label": "workshop: stop the stores", "type": "shell", "command": "./jbang down", "problemMatcher": [] }
                  ]
                }
                """, numbers(Lessons.ALL), numbers(GradedPart.gradedLessons()));
    }

    private static String numbers(List<Lesson> lessons) {
        return lessons.stream().map(l -> "\"" + l.number() + "\"").collect(Collectors.joining(", "));
    }

    public static void write() {
        try {
            Files.createDirectories(file().getParent());
            Files.writeString(file(), render());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
