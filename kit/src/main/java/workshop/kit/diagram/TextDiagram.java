package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.TableShape;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;

/** The diagram for those who stay in the terminal: the tables with their key marks, then the arrows as a list. */
public final class TextDiagram {

    private TextDiagram() {}

    public static List<String> lines(Diagram diagram) {
        List<String> out = new ArrayList<>();
        out.add(diagram.title() + ", drawn from " + diagram.source() + ":");
        for (TableShape table : diagram.tables()) {
            out.add("  " + table.name() + mark(diagram.differencesOf(table.name(), Optional.empty())));
            int nameWidth = table.columns().stream().mapToInt(c -> c.name().length()).max().orElse(0);
            int typeWidth = table.columns().stream().mapToInt(c -> c.type().length()).max().orElse(0);
            for (TableShape.Column column : table.columns()) {
                String line = String.format("    %-" + nameWidth + "s  %-" + Math.max(1, typeWidth) + "s  %s", column.name(),
                        column.type(), column.mark().text());
                out.add(line.stripTrailing() + mark(diagram.differencesOf(table.name(), Optional.of(column.name()))));
            }
        }
        diagram.missing().forEach(name -> out.add("  " + name + "  (a question reads it; it is not in " + diagram.source() + ")"));
        if (!diagram.served().isEmpty()) {
            out.add("  Questions, each into the tables that answer it:");
            diagram.served().forEach(arrow -> wrap(out, item(arrow) + " -> " + String.join(" > ", arrow.tables())));
        }
        if (!diagram.unserved().isEmpty()) {
            out.add("  No key serves (drawn apart):");
            diagram.unserved().forEach(arrow -> wrap(out, item(arrow)
                    + (arrow.tables().isEmpty() ? "" : " -> " + String.join(", ", arrow.tables()))));
        }
        if (!diagram.differences().isEmpty()) {
            out.add("  Where the schema differs from the plan (marked !=):");
            diagram.differences().forEach(d -> wrap(out, d.toString()));
        }
        return out;
    }

    /** "Q1 the 50 newest messages of a chat (20,000/s): range, walks <= 4 partitions". */
    private static String item(Arrow arrow) {
        return arrow.id() + " " + arrow.question() + (arrow.rate().isEmpty() ? "" : " (" + arrow.rate() + ")") + ": " + arrow.how();
    }

    private static String mark(List<Difference> differences) {
        return differences.isEmpty() ? "" : "  != plan";
    }

    private static void wrap(List<String> out, String item) {
        List<String> wrapped = Story.wrap(item, Failures.COLUMNS - 6);
        out.add("    " + wrapped.get(0));
        wrapped.subList(1, wrapped.size()).forEach(line -> out.add("      " + line));
    }
}
