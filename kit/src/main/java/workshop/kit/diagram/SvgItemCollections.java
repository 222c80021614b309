package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workshop.kit.terminal.Story;

/**
 * A single table's item collections as one self-contained SVG, in the Chebotko diagram's look
 * and layout: the questions on the left, the table and each index on the right as a box of item
 * collections (a partition key's shape, then the sort key shapes its items take), and an arrow
 * from each measured question into what its requests named. A question that scanned is dashed
 * and red and says so in words; one not measured is listed apart with no arrow.
 */
public final class SvgItemCollections {

    private static final int MARGIN = 24;
    private static final int LINE = 20;
    private static final int QUESTION_WIDTH = 400;
    private static final int QUESTION_CHARS = 46;
    private static final int VIEWS_X = 560;
    private static final int ROW = 22;
    private static final int HEADER = 30;
    private static final int GAP = 18;
    private static final int CHAR_WIDTH = 9; // as the Chebotko diagram's: text stays inside its box
    private static final int ATTRIBUTE_CHARS = 54;

    private final ItemCollections drawing;
    private final Svg svg = new Svg();
    private final Map<String, Integer> tops = new HashMap<>();
    private final Map<String, Integer> heights = new HashMap<>();
    private final Map<String, Integer> arrived = new HashMap<>();
    private int viewWidth;

    private SvgItemCollections(ItemCollections drawing) {
        this.drawing = drawing;
    }

    public static String render(ItemCollections drawing) {
        return new SvgItemCollections(drawing).draw();
    }

    private String draw() {
        svg.text(MARGIN, 34, 20, "bold", Svg.INK, drawing.title());
        svg.text(MARGIN, 58, 15, "normal", Svg.INK, "drawn from " + drawing.source());
        svg.text(MARGIN, 94, 16, "bold", Svg.INK, "Questions");
        svg.text(VIEWS_X, 94, 16, "bold", Svg.INK, "Item collections");
        int viewsBottom = drawViews(110);
        int questionsBottom = drawQuestions(110);
        int bottom = drawLegend(Math.max(viewsBottom, questionsBottom) + 16);
        return svg.document(VIEWS_X + viewWidth + MARGIN, bottom, drawing.title() + ": item collections of one table");
    }

    private int drawViews(int top) {
        viewWidth = 420;
        for (ItemCollections.View view : drawing.views()) {
            for (ItemCollections.Collection collection : view.collections()) {
                for (ItemCollections.Member member : collection.members()) {
                    viewWidth = Math.max(viewWidth, (member.label().length() + 16) * CHAR_WIDTH);
                }
                viewWidth = Math.max(viewWidth, (collection.partitionShape().length() + 20) * CHAR_WIDTH);
            }
            viewWidth = Math.max(viewWidth, (heading(view).length() + 4) * CHAR_WIDTH);
        }
        int y = top;
        for (ItemCollections.View view : drawing.views()) {
            List<String[]> rows = rows(view);
            int height = HEADER + ROW * (rows.size() + 1) + 8;
            tops.put(view.name(), y);
            heights.put(view.name(), height);
            svg.box(VIEWS_X, y, viewWidth, height, Svg.INK, false);
            svg.fill(VIEWS_X + 1, y + 1, viewWidth - 2, HEADER - 1, Svg.HEADER_FILL);
            svg.text(VIEWS_X + 12, y + 21, 16, "bold", Svg.INK, view.name());
            svg.text(VIEWS_X + viewWidth - 12, y + 21, 14, "normal", Svg.MUTED, view.kind(), "end");
            svg.text(VIEWS_X + 12, y + HEADER + 17, 14, "normal", Svg.MUTED, heading(view));
            int row = y + HEADER + ROW;
            for (String[] cells : rows) {
                boolean partition = cells[0].equals("K");
                String weight = partition ? "bold" : cells[0].equals("attributes") ? "italic" : "normal";
                int indent = partition ? 12 : 36;
                String fill = cells[0].equals("attributes") ? Svg.MUTED : Svg.INK;
                svg.text(VIEWS_X + indent, row + 17, 15, weight, fill, cells[1]);
                svg.text(VIEWS_X + viewWidth - 12, row + 17, 14, partition ? "bold" : "normal", Svg.MUTED, cells[2], "end");
                row += ROW;
            }
            y += height + GAP;
        }
        return y;
    }

    /** "keys PK (K), SK (C↑) · 165 of 290 items · projects ALL". */
    private static String heading(ItemCollections.View view) {
        return "keys " + view.partitionKey() + " (K)" + (view.sortKey().isEmpty() ? "" : ", " + view.sortKey() + " (C\u2191)")
                + " \u00b7 " + view.items() + " item(s)" + (view.projection().isEmpty() ? "" : " \u00b7 projects " + view.projection());
    }

    /** Each row as {kind, text, right-hand count}: a collection's shape, its items' shapes, their attributes. */
    private static List<String[]> rows(ItemCollections.View view) {
        List<String[]> rows = new ArrayList<>();
        for (ItemCollections.Collection collection : view.collections()) {
            rows.add(new String[] {"K", collection.partitionShape(), collection.count() + " collection(s)"});
            for (ItemCollections.Member member : collection.members()) {
                rows.add(new String[] {"C", member.label(), member.items() + " item(s)"});
                if (!member.attributes().isEmpty()) {
                    rows.add(new String[] {"attributes", shortened(String.join(", ", member.attributes())), ""});
                }
            }
        }
        if (view.moreShapes() > 0) {
            rows.add(new String[] {"attributes", "and " + view.moreShapes() + " more sort key shape(s)", ""});
        }
        return rows;
    }

    private static String shortened(String attributes) {
        return attributes.length() <= ATTRIBUTE_CHARS ? attributes : attributes.substring(0, ATTRIBUTE_CHARS - 1) + "\u2026";
    }

    private int drawQuestions(int top) {
        int y = top;
        for (Arrow arrow : drawing.measured()) {
            y = question(arrow, y, arrow.served() ? Svg.ARROW : Svg.UNSERVED, !arrow.served());
        }
        if (!drawing.notMeasured().isEmpty()) {
            y += 10;
            svg.text(MARGIN, y + 16, 16, "bold", Svg.MUTED, "Not measured in this run (no arrow)");
            y += 28;
            for (Arrow arrow : drawing.notMeasured()) {
                y = question(arrow, y, Svg.MUTED, true);
            }
        }
        return y;
    }

    private int question(Arrow arrow, int top, String colour, boolean dashed) {
        List<String> lines = Story.wrap(arrow.question(), QUESTION_CHARS);
        List<String> how = Story.wrap(arrow.how(), QUESTION_CHARS);
        int height = 14 + LINE * (1 + lines.size() + how.size());
        svg.box(MARGIN, top, QUESTION_WIDTH, height, colour, dashed);
        svg.text(MARGIN + 12, top + 22, 15, "bold", colour, arrow.id() + (arrow.rate().isEmpty() ? "" : " (" + arrow.rate() + ")"));
        for (int i = 0; i < lines.size(); i++) {
            svg.text(MARGIN + 12, top + 22 + LINE * (i + 1), 15, "normal", Svg.INK, lines.get(i));
        }
        for (int i = 0; i < how.size(); i++) {
            svg.text(MARGIN + 12, top + 22 + LINE * (lines.size() + i + 1), 15, "italic", colour, how.get(i));
        }
        int step = 1;
        for (String view : arrow.tables()) {
            if (!tops.containsKey(view)) {
                continue;
            }
            int x1 = MARGIN + QUESTION_WIDTH;
            int y1 = top + 18;
            int x2 = VIEWS_X - 2;
            int y2 = arrival(view);
            svg.arrow(x1, y1, x2, y2, colour, !arrow.served());
            if (arrow.tables().size() > 1) {
                svg.badge((x1 + x2) / 2, (y1 + y2) / 2, colour, String.valueOf(step++));
            }
        }
        return top + height + GAP;
    }

    /** Arrows into one box arrive spread down its left edge, in the order they are drawn. */
    private int arrival(String view) {
        long into = drawing.arrows().stream().filter(a -> a.tables().contains(view)).count();
        int index = arrived.merge(view, 1, Integer::sum);
        int span = heights.get(view) - 16;
        return tops.get(view) + 8 + (int) (span * index / (into + 1));
    }

    private int drawLegend(int top) {
        int y = top;
        for (String line : ItemCollectionsText.LEGEND) {
            svg.text(MARGIN, y + 16, 14, "normal", Svg.MUTED, line);
            y += LINE;
        }
        return y + MARGIN;
    }
}
