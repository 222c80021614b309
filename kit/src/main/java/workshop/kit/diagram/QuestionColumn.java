package workshop.kit.diagram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workshop.kit.terminal.Story;

/**
 * The left-hand column both drawings share: a box per question (its id and rate, the question,
 * how it is served) and an arrow from it into each box of the right-hand column it reaches,
 * numbered when it reaches several. The right-hand drawing says where its boxes are.
 */
final class QuestionColumn {

    static final int MARGIN = 24;
    static final int LINE = 20;
    static final int GAP = 18;
    /** Where the right-hand column's boxes start. */
    static final int RIGHT_X = 560;
    private static final int WIDTH = 400;
    private static final int CHARS = 46;

    private final Svg svg;
    private final List<Arrow> arrows;
    private final Map<String, Integer> tops = new HashMap<>();
    private final Map<String, Integer> heights = new HashMap<>();
    /** Arrows already drawn into each box, so each arrives at a point of its own along the box's edge. */
    private final Map<String, Integer> arrived = new HashMap<>();

    QuestionColumn(Svg svg, List<Arrow> arrows) {
        this.svg = svg;
        this.arrows = arrows;
    }

    /** A right-hand box arrows may reach, by name. */
    void target(String name, int top, int height) {
        tops.put(name, top);
        heights.put(name, height);
    }

    /** One question's box and its arrows, dashed when it is not served by a key; returns where the next box starts. */
    int question(Arrow arrow, String how, int top, String colour, boolean dashed) {
        List<String> lines = Story.wrap(arrow.question(), CHARS);
        List<String> howLines = Story.wrap(how, CHARS);
        int height = 14 + LINE * (1 + lines.size() + howLines.size());
        svg.box(MARGIN, top, WIDTH, height, colour, dashed);
        svg.text(MARGIN + 12, top + 22, 15, "bold", colour, arrow.id() + (arrow.rate().isEmpty() ? "" : " (" + arrow.rate() + ")"));
        for (int i = 0; i < lines.size(); i++) {
            svg.text(MARGIN + 12, top + 22 + LINE * (i + 1), 15, "normal", Svg.INK, lines.get(i));
        }
        for (int i = 0; i < howLines.size(); i++) {
            svg.text(MARGIN + 12, top + 22 + LINE * (lines.size() + i + 1), 15, "italic", colour, howLines.get(i));
        }
        int step = 1;
        for (String box : arrow.tables()) {
            if (!tops.containsKey(box)) {
                continue;
            }
            int x1 = MARGIN + WIDTH;
            int y1 = top + 18;
            int x2 = RIGHT_X - 2;
            int y2 = arrival(box);
            svg.arrow(x1, y1, x2, y2, colour, dashed);
            if (arrow.tables().size() > 1) {
                // at the curve's midpoint, on a white disc, where arrows into one box have not yet met
                svg.badge((x1 + x2) / 2, (y1 + y2) / 2, colour, String.valueOf(step++));
            }
        }
        return top + height + GAP;
    }

    /** Spreads the arrows into one box down its left edge, in the order they are drawn. */
    private int arrival(String box) {
        long into = arrows.stream().filter(a -> a.tables().contains(box)).count();
        int index = arrived.merge(box, 1, Integer::sum);
        int span = heights.get(box) - 16;
        return tops.get(box) + 8 + (int) (span * index / (into + 1));
    }
}
