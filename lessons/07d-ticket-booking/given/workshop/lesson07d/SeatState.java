package workshop.lesson07d;

/** One seat of the seat map: its number and whether a buyer can take it now. */
public record SeatState(int number, Status status) {

    /** A seat whose hold expired unpaid is FREE again. */
    public enum Status { FREE, HELD, SOLD }
}
