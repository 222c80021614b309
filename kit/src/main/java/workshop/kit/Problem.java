package workshop.kit;

/** Something a learner can hit, said in one sentence, and the command or step that fixes it. */
public record Problem(String what, String fix) {}
