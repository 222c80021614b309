package workshop.runner.report;

import java.util.Optional;

/**
 * The grade as Markdown, for a CI run's summary page ($GITHUB_STEP_SUMMARY), the page a learner
 * opens first: the score, a row per graded part, what was withheld and why, and the first failure
 * to fix with the commands that show it in full.
 */
public final class MarkdownSummary {

    private MarkdownSummary() {}

    public static String of(Scorecard card) {
        if (card.parts().isEmpty()) {
            return "No lesson was graded: no exercise changed in this push.\n";
        }
        StringBuilder md = new StringBuilder(String.format("### %d of %d points%n%n", card.score(), card.maxScore()));
        md.append("| part | points | outcome |\n|---|---|---|\n");
        for (PartResult part : card.parts()) {
            md.append(String.format("| %s | %d / %d | %s |%n", cell(part.fullName()), part.points(), part.maxPoints(),
                    part.outcome().name().toLowerCase(java.util.Locale.ROOT)));
        }
        for (PartResult part : card.parts()) {
            if (part.outcome() == PartResult.Outcome.WITHHELD) {
                md.append(String.format("%n**%s withheld, not failed.** %s%n", part.name(), quote(part.output())));
            }
        }
        Optional<PartResult> first = card.parts().stream().filter(p -> p.outcome() == PartResult.Outcome.FAILED).findFirst();
        first.ifPresent(part -> md.append(String.format("%n**First failure to fix** (%s):%n%n%s%n%nRun `./jbang check %s` on"
                + " your machine to see it in full, and `./jbang hint %s`.%n", part.name(), quote(part.output()),
                part.lesson(), part.lesson())));
        return md.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static String quote(String text) {
        return "> " + text.strip().replace("\n", "\n> ");
    }
}
