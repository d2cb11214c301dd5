package transit;

/** A feed that cannot be loaded, with a message naming the file and, for a bad row, the line, column and value. */
public final class FeedException extends RuntimeException {
  public FeedException(String message) { super(message); }

  public FeedException(String message, Throwable cause) { super(message, cause); }

  static FeedException badValue(String file, long line, String column, String value, String why) {
    return new FeedException(file + " line " + line + ", column " + column + ", value \"" + shorten(value) + "\": " + why);
  }

  static String shorten(String value) {
    if (value == null) return "";
    return value.length() <= 80 ? value : value.substring(0, 80) + "…";
  }
}
