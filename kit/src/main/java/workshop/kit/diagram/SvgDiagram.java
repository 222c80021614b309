package workshop.kit.diagram;

import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.TableShape;

/**
 * The diagram as one self-contained SVG, laid out by hand in two columns: the questions on the
 * left, the tables on the right, an arrow from each question to the tables it reads. A question no
 * key serves is drawn apart, below the others, dashed and in red and saying so in words; a column
 * that differs from the plan is shaded and marked with an unequal sign, so no meaning rides on
 * colour alone.
 */
public final class SvgDiagram {

    private static final int MARGIN = QuestionColumn.MARGIN;
    private static final int LINE = QuestionColumn.LINE;
    private static final int TABLES_X = QuestionColumn.RIGHT_X;
    private static final int ROW = 22;
    private static final int HEADER = 30;
    private static final int GAP = QuestionColumn.GAP;
    private static final int CHAR_WIDTH = 9; // generous for a 15 px sans-serif, so text stays inside its box

    private static final String INK = Svg.INK;
    private static final String ARROW = Svg.ARROW;
    private static final String UNSERVED = Svg.UNSERVED;
    private static final String DIFFERENT = "#e65100";

    private final Diagram diagram;
    private final Svg svg = new Svg();
    private final QuestionColumn questions;
    private int tableWidth;

    private SvgDiagram(Diagram diagram) {
        this.diagram = diagram;
        this.questions = new QuestionColumn(svg, diagram.arrows());
    }

    public static String render(Diagram diagram) {
        return new SvgDiagram(diagram).draw();
    }

    private String draw() {
        text(MARGIN, 34, 20, "bold", INK, diagram.title());
        text(MARGIN, 58, 15, "normal", INK, "drawn from " + diagram.source());
        text(MARGIN, 94, 16, "bold", INK, "Questions");
        text(TABLES_X, 94, 16, "bold", INK, "Tables");
        int tablesBottom = drawTables(110);
        int questionsBottom = drawQuestions(110);
        int bottom = drawNotes(Math.max(tablesBottom, questionsBottom) + 16);
        int width = TABLES_X + tableWidth + MARGIN;
        return svg.document(width, bottom, diagram.title() + ": a Chebotko diagram");
    }

    private int drawTables(int top) {
        tableWidth = 300;
        for (TableShape table : diagram.tables()) {
            int widest = table.columns().stream().mapToInt(c -> c.name().length() + c.type().length() + 10).max().orElse(0);
            tableWidth = Math.max(tableWidth, Math.max(widest, table.name().length() + 10) * CHAR_WIDTH);
        }
        int y = top;
        for (TableShape table : diagram.tables()) {
            int nameWidth = 24 + CHAR_WIDTH * table.columns().stream().mapToInt(c -> c.name().length()).max().orElse(0);
            boolean differs = !diagram.differencesOf(table.name(), Optional.empty()).isEmpty();
            int height = HEADER + ROW * table.columns().size() + 6;
            questions.target(table.name(), y, height);
            box(TABLES_X, y, tableWidth, height, INK, false);
            svg.fill(TABLES_X + 1, y + 1, tableWidth - 2, HEADER - 1, differs ? "#fff3e0" : Svg.HEADER_FILL);
            text(TABLES_X + 12, y + 21, 16, "bold", INK, table.name());
            if (differs) {
                text(TABLES_X + tableWidth - 12, y + 21, 14, "bold", DIFFERENT, "\u2260 plan", "end");
            }
            int row = y + HEADER;
            for (TableShape.Column column : table.columns()) {
                boolean columnDiffers = !diagram.differencesOf(table.name(), Optional.of(column.name())).isEmpty();
                if (columnDiffers) {
                    svg.fill(TABLES_X + 1, row + 2, tableWidth - 2, ROW, "#fff3e0");
                }
                text(TABLES_X + 12, row + 17, 15, column.mark().key() ? "bold" : "normal", INK, column.name());
                text(TABLES_X + nameWidth, row + 17, 14, "normal", Svg.MUTED, column.type());
                svg.markup(TABLES_X + tableWidth - 12, row + 17, columnDiffers ? DIFFERENT : INK,
                        (columnDiffers ? "\u2260 " : "") + column.mark().svg());
                row += ROW;
            }
            y += height + GAP;
        }
        for (String name : diagram.missing()) {
            questions.target(name, y, HEADER + ROW + 6);
            box(TABLES_X, y, tableWidth, HEADER + ROW + 6, UNSERVED, true);
            text(TABLES_X + 12, y + 21, 16, "bold", INK, name);
            text(TABLES_X + 12, y + HEADER + 17, 14, "italic", UNSERVED, "not among the tables drawn");
            y += HEADER + ROW + 6 + GAP;
        }
        return y;
    }

    private int drawQuestions(int top) {
        int y = top;
        for (Arrow arrow : diagram.served()) {
            y = question(arrow, y, ARROW, false);
        }
        if (!diagram.unserved().isEmpty()) {
            y += 10;
            text(MARGIN, y + 16, 16, "bold", UNSERVED, "No key serves these");
            y += 28;
            for (Arrow arrow : diagram.unserved()) {
                y = question(arrow, y, UNSERVED, true);
            }
        }
        return y;
    }

    /** One question's box and its arrows; a question no key serves says so in words too. */
    private int question(Arrow arrow, int top, String colour, boolean apart) {
        return questions.question(arrow, apart ? "no key serves it: " + arrow.how() : arrow.how(), top, colour, apart);
    }

    /** The legend, then each difference from the plan in words. */
    private int drawNotes(int top) {
        int y = top;
        List<String> legend = List.of("K partition key \u00b7 C\u2191 C\u2193 clustering column, ascending / descending"
                + " \u00b7 S static \u00b7 IDX secondary index", "Numbers on arrows: the order a question reads its tables"
                + " \u00b7 dashed and red: no key serves it" + (diagram.differences().isEmpty() ? "" : " \u00b7 \u2260 differs from the plan"));
        for (String line : legend) {
            text(MARGIN, y + 16, 14, "normal", Svg.MUTED, line);
            y += LINE;
        }
        if (!diagram.differences().isEmpty()) {
            y += 8;
            text(MARGIN, y + 16, 15, "bold", DIFFERENT, "Where the schema differs from the plan");
            y += LINE + 4;
            for (Difference difference : diagram.differences()) {
                text(MARGIN, y + 16, 15, "normal", INK, "\u2260 " + difference);
                y += LINE;
            }
        }
        return y + MARGIN;
    }

    private void box(int x, int y, int width, int height, String stroke, boolean dashed) {
        svg.box(x, y, width, height, stroke, dashed);
    }

    private void text(int x, int y, int size, String weight, String fill, String content) {
        svg.text(x, y, size, weight, fill, content);
    }

    private void text(int x, int y, int size, String weight, String fill, String content, String anchor) {
        svg.text(x, y, size, weight, fill, content, anchor);
    }
}
