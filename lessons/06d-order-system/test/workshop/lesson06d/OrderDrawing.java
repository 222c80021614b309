package workshop.lesson06d;

import workshop.testkit.SingleTableDrawing;

/**
 * The learner's table drawn as item collections, each question an arrow into what its requests
 * named: O1 to O4 measured by OrderQuestionsTest, which draws the table, O5 by StatusChangeTest.
 * The drawing describes the design; it grades nothing. A static of the test classes, so each
 * check starts a drawing of its own.
 */
final class OrderDrawing {

    static final SingleTableDrawing DRAWING = SingleTableDrawing.of("order system", OrderQuestions.values(), OrderQuestions::brief);

    private OrderDrawing() {}
}
