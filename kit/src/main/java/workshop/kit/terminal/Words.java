package workshop.kit.terminal;

import java.util.Locale;

/** Counts as a sentence says them: "1 range", "3 ranges", "1,200 rows". */
public final class Words {

    private Words() {}

    /** The count and the noun, plural unless the count is one; a noun ending in "s", "x" or "ch" takes "es". */
    public static String count(long n, String noun) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? noun : plural(noun));
    }

    static String plural(String noun) {
        return noun.endsWith("s") || noun.endsWith("x") || noun.endsWith("ch") ? noun + "es" : noun + "s";
    }
}
