package transit.measure;

import java.util.List;

/** Markdown tables, as every report of the harness and of JMH writes them. */
public final class Markdown {
  private Markdown() {}

  /** A table: its heading row, then rows added one by one; toString() is the markdown, ending with a newline. */
  public static final class Table {
    private final StringBuilder md = new StringBuilder();
    private final int columns;

    public Table(List<String> head) {
      columns = head.size();
      md.append(Markdown.row(head)).append('\n').append('|').append("---|".repeat(columns)).append('\n');
    }

    /** A row of cells; a row with fewer cells than the heading is a mistake. */
    public Table row(List<String> cells) {
      if (cells.size() != columns) throw new IllegalArgumentException(cells.size() + " cells in a table of " + columns + " columns: " + cells);
      md.append(Markdown.row(cells)).append('\n');
      return this;
    }

    @Override
    public String toString() { return md.toString(); }
  }

  /** One row: "| a | b |". */
  public static String row(List<String> cells) { return "| " + String.join(" | ", cells) + " |"; }
}
