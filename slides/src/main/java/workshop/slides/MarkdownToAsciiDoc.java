package workshop.slides;

import java.util.Collections;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.CustomNode;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;

/**
 * The handout's pages are the repository's Markdown (docs/cheat-sheet.md, docs/design-review.md),
 * turned into AsciiDoc for asciidoctor-pdf: the Markdown stays the one source. Text goes through
 * pass:c[], so Asciidoctor neither formats nor "improves" it (no curly quotes, no attribute
 * references): the PDF says what the Markdown says. Markdown this does not know (raw HTML) is
 * refused rather than dropped.
 */
final class MarkdownToAsciiDoc extends AbstractVisitor {

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    private final StringBuilder out = new StringBuilder();
    private final int headingShift;
    private String listMarkers = "";

    private MarkdownToAsciiDoc(int headingShift) {
        this.headingShift = headingShift;
    }

    /** Markdown parsed as the handout reads it: GitHub's tables included. */
    static Node parse(String markdown) {
        return PARSER.parse(markdown);
    }

    /** The AsciiDoc for a Markdown file; headingShift levels are added to each heading (1: # becomes ==). */
    static String convert(String markdown, int headingShift) {
        MarkdownToAsciiDoc converter = new MarkdownToAsciiDoc(headingShift);
        parse(markdown).accept(converter);
        return converter.out.toString();
    }

    @Override
    public void visit(Heading heading) {
        out.append("=".repeat(heading.getLevel() + headingShift)).append(' ');
        visitChildren(heading);
        out.append("\n\n");
    }

    @Override
    public void visit(Paragraph paragraph) {
        visitChildren(paragraph);
        out.append(paragraph.getParent() instanceof ListItem ? "\n" : "\n\n");
    }

    @Override
    public void visit(BulletList list) {
        list(list, "*");
    }

    @Override
    public void visit(OrderedList list) {
        list(list, ".");
    }

    private void list(ListBlock list, String marker) {
        String outer = listMarkers;
        listMarkers += marker;
        for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
            out.append(listMarkers).append(' ');
            for (Node part = item.getFirstChild(); part != null; part = part.getNext()) {
                if (part != item.getFirstChild() && !(part instanceof ListBlock)) {
                    out.append("+\n"); // a second block of the same item: attached to it
                }
                part.accept(this);
            }
        }
        listMarkers = outer;
        if (outer.isEmpty()) {
            out.append('\n');
        }
    }

    @Override
    public void visit(Text text) {
        out.append(literal(text.getLiteral()));
    }

    @Override
    public void visit(Code code) {
        out.append("``").append(literal(code.getLiteral())).append("``");
    }

    @Override
    public void visit(Emphasis emphasis) {
        enclose("__", emphasis, "__");
    }

    @Override
    public void visit(StrongEmphasis strong) {
        enclose("**", strong, "**");
    }

    private void enclose(String open, Node node, String close) {
        out.append(open);
        visitChildren(node);
        out.append(close);
    }

    @Override
    public void visit(SoftLineBreak lineBreak) {
        out.append(' ');
    }

    @Override
    public void visit(HardLineBreak lineBreak) {
        out.append(" +\n");
    }

    @Override
    public void visit(Link link) {
        enclose("link:" + literal(link.getDestination()) + "[", link, "]");
    }

    @Override
    public void visit(FencedCodeBlock code) {
        listing(code.getInfo(), code.getLiteral());
    }

    @Override
    public void visit(IndentedCodeBlock code) {
        listing("", code.getLiteral());
    }

    private void listing(String language, String code) {
        out.append(language == null || language.isBlank() ? "" : "[source," + language.strip() + "]\n")
                .append("----\n").append(code).append("----\n\n");
    }

    @Override
    public void visit(BlockQuote quote) {
        enclose("____\n", quote, "____\n\n");
    }

    @Override
    public void visit(ThematicBreak thematicBreak) {
        out.append("'''\n\n");
    }

    @Override
    public void visit(CustomBlock block) {
        if (!(block instanceof TableBlock table)) {
            throw unknown(block);
        }
        Node firstRow = table.getFirstChild().getFirstChild();
        int columns = 0;
        for (Node cell = firstRow.getFirstChild(); cell != null; cell = cell.getNext()) {
            columns++;
        }
        out.append("[cols=\"").append(String.join(",", Collections.nCopies(columns, "1"))).append("\",options=\"header\"]\n|===\n");
        // the table's two parts, head and body, each hold rows
        for (Node part = table.getFirstChild(); part != null; part = part.getNext()) {
            for (Node row = part.getFirstChild(); row != null; row = row.getNext()) {
                row(row);
            }
        }
        out.append("|===\n\n");
    }

    private void row(Node row) {
        if (!(row instanceof TableRow)) {
            throw unknown(row);
        }
        for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
            out.append("| ");
            visitChildren(cell);
            out.append('\n');
        }
        out.append('\n');
    }

    @Override
    public void visit(CustomNode node) {
        throw unknown(node);
    }

    @Override
    public void visit(HtmlBlock html) {
        throw unknown(html);
    }

    @Override
    public void visit(HtmlInline html) {
        throw unknown(html);
    }

    private static IllegalArgumentException unknown(Node node) {
        return new IllegalArgumentException("The handout cannot show Markdown's " + node.getClass().getSimpleName()
                + " yet; write it in plain Markdown (paragraphs, lists, tables, code) or teach MarkdownToAsciiDoc it.");
    }

    /** Text shown as written: only <, > and & are escaped; a | would end a table cell (\| keeps it), ] the pass macro. */
    private static String literal(String text) {
        return text.isEmpty() ? "" : "pass:c[" + text.replace("]", "\\]").replace("|", "\\|") + "]";
    }
}
