package workshop.grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class UnifiedDiffTest {

    private static final String SOLUTION = "a\nb\nc\nd\ne\nf\ng\n";

    @Test
    void appliesEveryHunk() {
        String diff = """
                --- a/X.java
                +++ b/X.java
                @@ -1,3 +1,3 @@
                 a
                -b
                +B
                 c
                @@ -5,3 +5,4 @@
                 e
                 f
                +f2
                 g
                """;
        assertEquals("a\nB\nc\nd\ne\nf\nf2\ng\n", UnifiedDiff.apply(SOLUTION, diff));
    }

    @Test
    void refusesADiffMadeFromOtherLines() {
        String stale = """
                @@ -2,2 +2,2 @@
                -x
                +y
                 c
                """;
        assertThrows(IllegalArgumentException.class, () -> UnifiedDiff.apply(SOLUTION, stale));
    }
}
