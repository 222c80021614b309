package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.List;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;

/** A single table's item collections for those who stay in the terminal: each view's shapes, then the questions as a list. */
public final class ItemCollectionsText {

    /** What the drawing's marks and placeholders mean; the SVG shows the same lines. */
    static final List<String> LEGEND = List.of(
            "K partition key \u00b7 C\u2191 sort key (a collection's items in ascending order) \u00b7 counts are of the sample",
            "<id> <n> <time> <date> stand for key values \u00b7 dashed and red: a Scan \u00b7 arrows from the requests each question sent");

    private ItemCollectionsText() {}

    public static List<String> lines(ItemCollections drawing) {
        List<String> out = new ArrayList<>();
        out.addAll(Story.wrap(drawing.title() + ", drawn from " + drawing.source() + ":", Failures.COLUMNS));
        for (ItemCollections.View view : drawing.views()) {
            List<String> header = Story.wrap(view.name() + " (" + view.kind() + "), keys " + view.keys() + ", " + view.items()
                    + " item(s)" + (view.projection().isEmpty() ? "" : ", projects " + view.projection()), Failures.COLUMNS - 4);
            out.add("  " + header.get(0));
            header.subList(1, header.size()).forEach(line -> out.add("    " + line));
            for (ItemCollections.Collection collection : view.collections()) {
                out.add("    " + collection.partitionShape() + "  (" + collection.count() + " collection(s))");
                for (ItemCollections.Member member : collection.members()) {
                    wrap(out, member.label().replace("\u2192", "->") + ", " + member.items() + " item(s)"
                            + (member.attributes().isEmpty() ? "" : ": " + String.join(", ", member.attributes())));
                }
            }
            if (view.moreShapes() > 0) {
                out.add("      and " + view.moreShapes() + " more sort key shape(s)");
            }
        }
        if (!drawing.measured().isEmpty()) {
            out.add("  Questions, each into what its requests named:");
            drawing.measured().forEach(arrow -> wrap(out, item(arrow) + " -> " + String.join(", ", arrow.tables())));
        }
        if (!drawing.notMeasured().isEmpty()) {
            out.add("  Not measured in this run:");
            drawing.notMeasured().forEach(arrow -> wrap(out, item(arrow)));
        }
        return out;
    }

    private static String item(Arrow arrow) {
        return arrow.id() + " " + arrow.question() + (arrow.rate().isEmpty() ? "" : " (" + arrow.rate() + ")") + ": " + arrow.how();
    }

    private static void wrap(List<String> out, String item) {
        List<String> wrapped = Story.wrap(item, Failures.COLUMNS - 6);
        out.add("      " + wrapped.get(0));
        wrapped.subList(1, wrapped.size()).forEach(line -> out.add("        " + line));
    }
}
