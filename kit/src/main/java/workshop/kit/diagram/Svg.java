package workshop.kit.diagram;

/**
 * The drawing primitives every diagram here is written with, so they share one look: text in one
 * sans-serif, boxes with rounded corners, curved arrows with a served and an unserved head, and a
 * document that needs nothing outside itself.
 */
final class Svg {

    static final String INK = "#1b1b1b";
    static final String MUTED = "#455a64";
    static final String ARROW = "#1a4f8b";
    static final String UNSERVED = "#b71c1c";
    static final String HEADER_FILL = "#eceff1";

    private final StringBuilder body = new StringBuilder();

    void box(int x, int y, int width, int height, String stroke, boolean dashed) {
        body.append("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n"
                .formatted(x, y, width, height, stroke, dashed ? "2" : "1.5", dashed ? " stroke-dasharray=\"7,5\"" : ""));
    }

    /** A filled band without a border: a box's header, a row that differs. */
    void fill(int x, int y, int width, int height, String colour) {
        body.append("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n".formatted(x, y, width, height, colour));
    }

    void text(int x, int y, int size, String weight, String fill, String content) {
        text(x, y, size, weight, fill, content, "start");
    }

    /** Weight is "normal", "bold" or "italic"; anchor "start", "middle" or "end". */
    void text(int x, int y, int size, String weight, String fill, String content, String anchor) {
        String style = weight.equals("italic") ? "font-style=\"italic\"" : "font-weight=\"" + weight + "\"";
        body.append("<text x=\"%d\" y=\"%d\" font-size=\"%d\" %s fill=\"%s\" text-anchor=\"%s\">%s</text>\n"
                .formatted(x, y, size, style, fill, anchor, escape(content)));
    }

    /** Text already escaped, such as a mark written as a character reference. */
    void markup(int x, int y, String fill, String markup) {
        body.append("<text x=\"%d\" y=\"%d\" font-size=\"15\" font-weight=\"bold\" fill=\"%s\" text-anchor=\"end\">%s</text>\n"
                .formatted(x, y, fill, markup));
    }

    /** A curve leaving (x1, y1) to the right and arriving at (x2, y2) from the left, with a head; dashed when unserved. */
    void arrow(int x1, int y1, int x2, int y2, String colour, boolean unserved) {
        body.append("<path d=\"M%d,%d C%d,%d %d,%d %d,%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s marker-end=\"url(#%s)\"/>\n"
                .formatted(x1, y1, x1 + 70, y1, x2 - 70, y2, x2, y2, colour, unserved ? " stroke-dasharray=\"7,5\"" : "",
                        unserved ? "unserved" : "served"));
    }

    /** A number on a white disc, on an arrow. */
    void badge(int cx, int cy, String colour, String label) {
        body.append("<circle cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"#ffffff\" stroke=\"%s\"/>\n".formatted(cx, cy, colour));
        text(cx, cy + 5, 13, "bold", colour, label, "middle");
    }

    /** The whole document: its size, a title for screen readers, the arrow heads, a white ground and the body. */
    String document(int width, int height, String title) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"
                     font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="15">
                <title>%s</title>
                <defs>
                  <marker id="served" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto">
                    <path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>
                  <marker id="unserved" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto">
                    <path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>
                </defs>
                <rect width="100%%" height="100%%" fill="#ffffff"/>
                %s</svg>
                """.formatted(width, height, width, height, escape(title), ARROW, UNSERVED, body);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
