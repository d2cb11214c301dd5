package transit;

import com.univocity.parsers.csv.CsvParser;
import com.univocity.parsers.csv.CsvParserSettings;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One GTFS table read with univocity: columns found by header name (any order, extra columns ignored,
 * a UTF-8 BOM and stray spaces in names tolerated), rows handed over with their line number.
 */
final class CsvFile implements AutoCloseable {
  interface RowHandler {
    void row(String[] row, long line);
  }

  final String name;
  private final String[] header;
  private final CsvParser parser;

  CsvFile(String name, InputStream in) {
    this.name = name;
    CsvParserSettings settings = new CsvParserSettings();
    settings.setLineSeparatorDetectionEnabled(true); // LF or CRLF
    settings.setMaxColumns(1024);
    settings.setMaxCharsPerColumn(1 << 16);
    settings.setReadInputOnSeparateThread(true); // inflating and parsing overlap on two cores
    settings.setInputBufferSize(1 << 20);
    parser = new CsvParser(settings);
    Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
    parser.beginParsing(reader);
    String[] first = parser.parseNext();
    if (first == null) throw new FeedException(name + ": the file is empty (expected a header row)");
    header = new String[first.length];
    for (int i = 0; i < first.length; i++) {
      String h = first[i] == null ? "" : first[i];
      header[i] = h.replace("\uFEFF", "").trim();
    }
  }

  /** The index of a column the file must have. */
  int required(String column) {
    int i = optional(column);
    if (i < 0) throw new FeedException(name + ": required column " + column + " is missing (header: " + String.join(",", header) + ")");
    return i;
  }

  /** The index of a column, or -1 when the file does not have it. */
  int optional(String column) {
    for (int i = 0; i < header.length; i++) if (header[i].equals(column)) return i;
    return -1;
  }

  void forEachRow(RowHandler handler) {
    String[] row;
    while ((row = parser.parseNext()) != null) {
      long line = parser.getContext().currentLine();
      if (row.length < header.length) {
        if (row.length == 1 && row[0] == null) continue; // a line of blanks
        throw new FeedException(name + " line " + line + ": " + row.length + " fields, but the header has " + header.length
            + " (" + String.join(",", header) + "); row: " + FeedException.shorten(Arrays.toString(row)));
      }
      handler.row(row, line);
    }
  }

  /** A value that must not be empty. */
  String requiredValue(String[] row, int column, long line) {
    String value = row[column];
    if (value == null || value.isEmpty()) throw FeedException.badValue(name, line, header[column], "", "a value is required");
    return value;
  }

  int intValue(String[] row, int column, long line) {
    String value = requiredValue(row, column, line);
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw FeedException.badValue(name, line, header[column], value, "not an integer");
    }
  }

  int timeValue(String[] row, int column, long line) {
    String value = row[column];
    try {
      return GtfsTime.parse(value);
    } catch (IllegalArgumentException e) {
      throw FeedException.badValue(name, line, header[column], value, "not a time: " + e.getMessage());
    }
  }

  java.time.LocalDate dateValue(String[] row, int column, long line) {
    String value = requiredValue(row, column, line);
    try {
      return ServiceCalendar.parseDate(value);
    } catch (IllegalArgumentException e) {
      throw FeedException.badValue(name, line, header[column], value, "not a date: " + e.getMessage());
    }
  }

  String column(int index) { return header[index]; }

  @Override
  public void close() { parser.stopParsing(); }

}
