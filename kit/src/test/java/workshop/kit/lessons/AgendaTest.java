package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgendaTest {

    @Test
    void agendaMatchesTheLessonList() throws Exception {
        assertEquals(Agenda.render(), Files.readString(Agenda.file()),
                "docs/agenda.md differs from the lesson list: regenerate it with ./jbang generate");
    }

    @Test
    void everyTrackPlacesEveryLessonOnceInOrder() {
        for (Agenda.Track track : List.of(Agenda.oneDay(), Agenda.twoDays())) {
            List<Lesson> all = new ArrayList<>(track.placed());
            all.addAll(track.onTheirOwn());
            assertEquals(Lessons.ALL.size(), all.size(), "a lesson is missing or placed twice");
            assertTrue(all.containsAll(Lessons.ALL));
            assertEquals(Lessons.ALL.stream().filter(track.placed()::contains).toList(), track.placed(),
                    "the lessons of a day keep the lesson list's order");
        }
    }

    @Test
    void theTwoDayTrackTeachesEveryLessonThatIsNotAnAppendix() {
        assertTrue(Agenda.twoDays().onTheirOwn().stream().allMatch(Lesson::appendix),
                "only appendices may be left to the learners' own time");
        assertTrue(Agenda.oneDay().placed().stream().allMatch(l -> Agenda.ESSENTIALS.contains(l.id())));
        assertEquals(Agenda.ESSENTIALS.size(), Agenda.oneDay().placed().size(), "an essential lesson id names no lesson");
    }

    @Test
    void aDayNeverRunsOverItsBlocksNorPastItsEnd() {
        for (Agenda.Track track : List.of(Agenda.oneDay(), Agenda.twoDays())) {
            for (List<Agenda.Row> day : track.days()) {
                int teaching = day.stream().filter(r -> r.lesson() != null || r.what().startsWith("questions"))
                        .mapToInt(Agenda.Row::minutes).sum();
                assertEquals(Agenda.dayMinutes(), teaching, "lessons and questions fill the day's blocks exactly");
                assertEquals(java.time.LocalTime.of(17, 45), day.get(day.size() - 1).at());
            }
            for (Lesson lesson : track.placed()) {
                int placed = track.days().stream().flatMap(List::stream).filter(r -> r.lesson() == lesson)
                        .mapToInt(Agenda.Row::minutes).sum();
                assertEquals(lesson.minutes(), placed, lesson.number() + " keeps all its minutes");
            }
        }
        Lesson tooLong = Lessons.ALL.get(1).taking(Agenda.dayMinutes() + 1, Lesson.Level.BEGINNER);
        assertThrows(IllegalStateException.class, () -> Agenda.fill(List.of(tooLong), 1));
    }
}
