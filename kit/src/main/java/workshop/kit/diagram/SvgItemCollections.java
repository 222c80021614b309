package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.List;

/**
 * A single table's item collections as one self-contained SVG, in the Chebotko diagram's look
 * and layout: the questions on the left, the table and each index on the right as a box of item
 * collections (a partition key's shape, then the sort key shapes its items take), and an arrow
 * from each measured question into what its requests named. A question that scanned is dashed
 * and red and says so in words; one not measured is listed apart with no arrow.
 */
public final class SvgItemCollections {

    private static final int MARGIN = QuestionColumn.MARGIN;
    private static final int LINE = QuestionColumn.LINE;
    private static final int VIEWS_X = QuestionColumn.RIGHT_X;
    private static final int ROW = 22;
    private static final int HEADER = 30;
    private static final int GAP = QuestionColumn.GAP;
    private static final int CHAR_WIDTH = 9; // as the Chebotko diagram's: text stays inside its box
    private static final int ATTRIBUTE_CHARS = 54;

    private final ItemCollections drawing;
    private final Svg svg = new Svg();
    private final QuestionColumn questions;
    private int viewWidth;

    private SvgItemCollections(ItemCollections drawing) {
        this.drawing = drawing;
        this.questions = new QuestionColumn(svg, drawing.arrows());
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
            questions.target(view.name(), y, height);
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
            y = questions.question(arrow, arrow.how(), y, arrow.served() ? Svg.ARROW : Svg.UNSERVED, !arrow.served());
        }
        if (!drawing.notMeasured().isEmpty()) {
            y += 10;
            svg.text(MARGIN, y + 16, 16, "bold", Svg.MUTED, "Not measured in this run (no arrow)");
            y += 28;
            for (Arrow arrow : drawing.notMeasured()) {
                y = questions.question(arrow, arrow.how(), y, Svg.MUTED, true);
            }
        }
        return y;
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
