package workshop.kit.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnswerTest {

    private record Score(String player, int points) {}

    private static final List<Score> BOARD = List.of(new Score("ana", 900), new Score("bo", 800), new Score("cy", 700));

    @Test
    void theRightItemsInTheRightOrderAreTheAnswer() {
        assertEquals(Optional.empty(), Answer.inOrder(BOARD).difference(List.copyOf(BOARD)));
    }

    @Test
    void theRightItemsInAnotherOrderNameTheFirstItemOutOfPlace() {
        assertEquals(Optional.of("returned the right 3 items in the wrong order: item 1 is Score[player=cy, points=700],"
                        + " the right answer's is Score[player=ana, points=900]."),
                Answer.inOrder(BOARD).difference(List.of(BOARD.get(2), BOARD.get(1), BOARD.get(0))));
        assertEquals(Optional.empty(), Answer.anyOrder(BOARD).difference(Set.copyOf(BOARD)));
    }

    @Test
    void missingAndExtraItemsAreNamedAndCountedWithTheirRepeats() {
        Score stranger = new Score("dee", 100);
        assertEquals(Optional.of("returned 3 items where the right answer has 3; missing Score[player=cy, points=700];"
                        + " not in the answer Score[player=ana, points=900]."),
                Answer.anyOrder(BOARD).difference(List.of(BOARD.get(0), BOARD.get(0), BOARD.get(1))));
        assertEquals(Optional.of("returned 1 item where the right answer has 3; missing Score[player=ana, points=900],"
                        + " Score[player=bo, points=800] and 1 more; not in the answer Score[player=dee, points=100]."),
                Answer.inOrder(BOARD).difference(List.of(stranger)));
    }

    @Test
    void anotherTypeOfItemOrNoListSaysWhatToReturn() {
        assertEquals(Optional.of("returned items of type String where the right answer holds Score: return the brief's"
                + " type, mapped from each row."), Answer.inOrder(BOARD).difference(List.of("ana")));
        assertEquals(Optional.of("returned nothing (null); the right answer is a list of 3 items (Score)."),
                Answer.inOrder(BOARD).difference(null));
    }

    @Test
    void aSingleValueIsComparedByEquals() {
        assertEquals(Optional.empty(), Answer.of(Optional.of(BOARD.get(0))).difference(Optional.of(BOARD.get(0))));
        assertEquals(Optional.of("returned Optional.empty; the right answer is Optional[Score[player=ana, points=900]]."),
                Answer.of(Optional.of(BOARD.get(0))).difference(Optional.empty()));
    }
}
